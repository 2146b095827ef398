// Response hardening: the CSP, what production keeps out of sight (API docs, source maps) and the no-store
// answers of every session and account endpoint.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { makeUser } from '#server/test/factories';
import { loginAs, postJson } from '#server/test/login';

// A built client with a source map beside its script.
const webDist = mkdtempSync(join(tmpdir(), 'homefix-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>HomeFix</title>');
writeFileSync(
  join(webDist, 'assets', 'app-1234.js'),
  'console.log(1);\n//# sourceMappingURL=app-1234.js.map\n',
);
writeFileSync(join(webDist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["src/secret.ts"]}');

const PROD = { NODE_ENV: 'production', APP_URL: 'https://homefix.example', WEB_DIST: webDist };
let dev: TestApp;
let prod: TestApp;
let prodOptIn: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ WEB_DIST: webDist, RATE_LIMIT_AUTH_PER_IP: '1000' });
  prod = await createTestApp(PROD);
  prodOptIn = await createTestApp({ ...PROD, API_DOCS: 'true', SOURCE_MAPS: 'true' });
});
afterAll(async () => {
  await dev?.close();
  await prod?.close();
  await prodOptIn?.close();
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('Content-Security-Policy', () => {
  it("has base-uri 'none' and no 'unsafe-inline' for style attributes", async () => {
    const csp = String((await get(prod, '/')).headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('style-src-attr')).toBe("'none'");
    expect(directives.get('style-src-elem')).toBe("'self' 'unsafe-inline'");
    expect(directives.get('script-src')).toBe("'self'");
    // The admin's Verifications tab shows an uploaded image from a blob: address; frames and objects stay refused.
    expect(directives.get('img-src')).toBe("'self' data: blob:");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.has('frame-src')).toBe(false);
  });
});

describe('in production', () => {
  it('does not serve the API description unless API_DOCS=true', async () => {
    expect((await get(prod, '/api/docs')).statusCode).toBe(404);
    expect((await get(prod, '/api/docs/json')).statusCode).toBe(404);
    expect((await get(prodOptIn, '/api/docs/json')).statusCode).toBe(200);
    expect((await get(dev, '/api/docs/json')).statusCode).toBe(200);
  });

  it('does not serve source maps unless SOURCE_MAPS=true; the scripts themselves are served', async () => {
    expect((await get(prod, '/assets/app-1234.js')).statusCode).toBe(200);
    for (const url of [
      '/assets/app-1234.js.map',
      '/assets/app-1234.js%2Emap',
      '/assets/app-1234.js.map?x=1',
    ]) {
      const res = await get(prod, url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
    expect((await get(prodOptIn, '/assets/app-1234.js.map')).statusCode).toBe(200);
    expect((await get(dev, '/assets/app-1234.js.map')).statusCode).toBe(200);
  });
});

describe('Cache-Control: no-store on session and account responses', () => {
  it('on every account endpoint, errors included; public reference data stays cacheable', async () => {
    const user = await makeUser(dev.database.db);
    const cookie = await loginAs(dev.app, user);
    const responses = [
      await postJson(dev.app, '/api/auth/login', { email: user.email, password: 'Wrong-pass-1' }),
      await postJson(dev.app, '/api/auth/register', { email: 'x' }),
      await dev.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } }),
      await get(dev, '/auth/me'),
      await dev.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } }),
      await get(dev, '/api/verify-email?token=made-up'),
      await postJson(dev.app, '/api/resend-verification', { email: user.email }),
      await postJson(dev.app, '/api/auth/request-password-reset', { email: user.email }),
      await postJson(dev.app, '/api/auth/reset-password', { token: 'made-up', password: 'Quiet-Harbor-71' }),
      await postJson(dev.app, '/api/auth/logout', {}, cookie),
    ];
    for (const res of responses) expect(res.headers['cache-control']).toBe('no-store');
    expect(responses[2]?.statusCode).toBe(200);
    expect((await get(dev, '/api/regions')).headers['cache-control']).toBe('public, max-age=300');
  });
});
