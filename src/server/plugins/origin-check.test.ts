// The CSRF Origin check compares with APP_URL's origin only: a page on a rebound name (DNS rebinding) whose
// Origin matches the Host header it sends is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { allowedOrigins } from './security.ts';

let deployed: TestApp;
let local: TestApp;
beforeAll(async () => {
  deployed = await createTestApp({ APP_URL: 'https://homefix.example' });
  local = await createTestApp({ APP_URL: 'http://127.0.0.1:5000' });
});
afterAll(async () => {
  await deployed?.close();
  await local?.close();
});

const logout = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

describe('the Origin check', () => {
  it("refuses an Origin that only matches the request's own Host header", async () => {
    const rebound = await logout(deployed, {
      host: 'rebound.evil.example',
      origin: 'http://rebound.evil.example',
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Cross-site request refused' });
    const byReferer = await logout(deployed, {
      host: 'rebound.evil.example',
      referer: 'http://rebound.evil.example/page',
    });
    expect(byReferer.statusCode).toBe(403);
  });

  it("accepts APP_URL's origin (by Origin or Referer) and requests without either", async () => {
    expect((await logout(deployed, { origin: 'https://homefix.example' })).statusCode).toBe(204);
    expect((await logout(deployed, { referer: 'https://homefix.example/account' })).statusCode).toBe(204);
    expect((await logout(deployed, {})).statusCode).toBe(204);
  });

  it('on a loopback APP_URL also accepts its other loopback spellings at the same port, and nothing else', async () => {
    expect((await logout(local, { origin: 'http://localhost:5000' })).statusCode).toBe(204);
    expect((await logout(local, { origin: 'http://[::1]:5000' })).statusCode).toBe(204);
    expect((await logout(local, { origin: 'http://localhost:5001' })).statusCode).toBe(403);
    expect(
      (await logout(local, { host: 'rebound.evil.example:5000', origin: 'http://rebound.evil.example:5000' }))
        .statusCode,
    ).toBe(403);
    expect([...allowedOrigins('https://homefix.example')]).toEqual(['https://homefix.example']);
    expect([...allowedOrigins('http://localhost:5173')].sort()).toEqual([
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
      'http://localhost:5173',
    ]);
  });
});
