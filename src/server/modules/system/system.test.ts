import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { visits } from '#server/db/schema/index';
import { regions } from '#domain/regions/index';
import { pickEncoding } from '#server/plugins/static';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('GET /healthz says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
  });
});

describe('public configuration and regions', () => {
  it('GET /api/config serves the beta settings, cached 5 minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      BETA_MODE: true,
      BETA_BANNER_TEXT: expect.any(String),
      BETA_FEEDBACK_URL: '',
    });
  });

  it('GET /api/regions lists 510+ regions of id, name and state, cached 5 minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/regions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const list = res.json() as { id: number; name: string; state: string }[];
    expect(list.length).toBeGreaterThanOrEqual(510);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name', 'state']);
    expect(list.some((r) => r.name === 'Jacksonville' && r.state === 'FL')).toBe(true);
  });

  it('GET /api/geo/locations gives each location its cost multiplier', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geo/locations' });
    const list = res.json() as { location: string; multiplier: number }[];
    expect(list.length).toBeGreaterThanOrEqual(510);
    const jax = list.find((l) => l.location === 'Jacksonville, FL');
    expect(jax?.multiplier).toBeGreaterThan(0.8);
    expect(jax?.multiplier).toBeLessThan(1.2);
  });
});

describe('reference data: one body per start, with a strong ETag', () => {
  for (const url of ['/api/regions', '/api/geo/locations', '/api/config']) {
    it(`GET ${url} sends a strong ETag and answers 304 to If-None-Match`, async () => {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);

      const notModified = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('public, max-age=300');

      const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"old"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });
  }

  it('serves the same regions JSON as the list it is built from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/regions' });
    expect(res.json()).toEqual(regions.map((r) => ({ id: r.id, name: r.name, state: r.state })));
  });
});

describe('one error shape', () => {
  it('answers 404 JSON for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      error: expect.stringContaining('/api/no-such-thing'),
    });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('answers 400 with per-field messages for invalid input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/visits', payload: { page: 'no-slash' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { page: 'page must be a path' } });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      payload: { page: '/', label: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 401 on an admin-only endpoint without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/visits/count' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('security', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { origin: 'https://evil.example' },
      payload: { page: '/' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Cross-site request refused');
  });

  it('accepts the same request from our own origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { origin: 'http://localhost:5000' },
      payload: { page: '/from-own-origin' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { page: '/xff-check' },
    });
    const [row] = await t.database.db.select().from(visits).where(eq(visits.page, '/xff-check'));
    expect(row?.ipAddress).toBe('127.0.0.1');
  });
});

describe('analytics visits', () => {
  it('records a page view with its referrer and user agent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/120' },
      payload: {
        type: 'nav_click',
        page: '/browse',
        label: 'Browse Projects',
        referrer: 'https://news.example/',
      },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(visits).where(eq(visits.page, '/browse'));
    expect(row).toMatchObject({
      type: 'nav_click',
      label: 'Browse Projects',
      referer: 'https://news.example/',
      userAgent: 'Mozilla/5.0 Chrome/120',
      userId: null,
    });
  });
});

describe('API description', () => {
  it('serves an OpenAPI document generated from the route schemas, browsable at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(expect.arrayContaining(['/api/regions', '/api/visits']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('trusted proxy and rate limits (configured by env)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_GLOBAL_PER_MINUTE: '3' });
  });
  afterAll(() => p.close());

  it('uses X-Forwarded-For behind a trusted proxy', async () => {
    await p.app.inject({
      method: 'POST',
      url: '/api/visits',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { page: '/xff-trusted' },
    });
    const [row] = await p.database.db.select().from(visits).where(eq(visits.page, '/xff-trusted'));
    expect(row?.ipAddress).toBe('203.0.113.9');
  });

  it('answers 429 in the error shape past the global limit', async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await p.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(last!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('Too many requests'),
    });
  });
});

describe('the built client', () => {
  let w: TestApp;
  let dist: string;
  const html = '<!doctype html><title>HomeFix</title><div id="root"></div>';
  const js = `console.log(${JSON.stringify('HomeFix '.repeat(200))})`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'homefix-web-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    // As the build writes them: each compressible file with its brotli and gzip siblings, and the manifest.
    const write = (path: string, text: string) => {
      writeFileSync(join(dist, path), text);
      writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
    };
    write('index.html', html);
    write('assets/index-3f9a1c.js', js);
    writeFileSync(join(dist, 'assets', 'plain-77aa.css'), 'body{}');
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-3f9a1c.js"}}');
    w = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await w.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('sends the precompressed brotli or gzip file to a client that accepts it', async () => {
    const url = '/assets/index-3f9a1c.js';
    const br = await w.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await w.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    // A file without compressed siblings still goes out as it is.
    const css = await w.app.inject({
      method: 'GET',
      url: '/assets/plain-77aa.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{}');
  });

  it('sends index.html compressed too, varying on Accept-Encoding', async () => {
    for (const path of ['/', '/login']) {
      const br = await w.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('text/html');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
      const gz = await w.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
      const plain = await w.app.inject({ method: 'GET', url: path });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.body).toBe(html);
    }
  });

  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
  });

  it('does not publish the build manifest', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.headers['content-type']).not.toContain('json');
    expect(res.body).not.toContain('index-3f9a1c');
  });

  it('falls back to index.html, never cached, for every screen path', async () => {
    for (const path of ['/', '/login', '/estimates/123', '/no/such/screen']) {
      const res = await w.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('still answers JSON 404 for unknown API paths', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('a failure inside the server', () => {
  it('answers 500 without a stack or SQL, with a request id', async () => {
    const f = await createTestApp();
    await f.database.close(); // the database goes away under the running app
    const res = await f.app.inject({ method: 'POST', url: '/api/visits', payload: { page: '/x' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side',
      code: 'INTERNAL',
      requestId: expect.any(String),
    });
    expect(res.body).not.toMatch(/insert|select|at .*\.ts/i);
    await f.app.close();
  });
});
