// The page carries the public configuration, so the client's first render knows whether the beta banner shows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { CONFIG_META_NAME, withPublicConfig } from '#server/plugins/static';

const html =
  '<!doctype html><html><head><title>HomeFix</title></head><body><div id="root"></div></body></html>';

/** The configuration in a page's meta tag, as the browser reads it. */
function configOf(page: string): unknown {
  const m = new RegExp(`<meta name="${CONFIG_META_NAME}" content="([^"]*)" />`).exec(page);
  if (!m) return undefined;
  const attr = m[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(attr);
}

describe('the public configuration in index.html', () => {
  it('goes in the head, escaped, and leaves a page without a head alone', () => {
    const config = {
      BETA_MODE: true,
      BETA_BANNER_TEXT: `Say "hi" & <script>alert('x')</script>`,
      BETA_FEEDBACK_URL: '',
    };
    const page = withPublicConfig(html, config);
    expect(page).not.toContain('<script>');
    expect(page.indexOf(CONFIG_META_NAME)).toBeLessThan(page.indexOf('</head>'));
    expect(configOf(page)).toEqual(config);
    expect(withPublicConfig('<div id="root"></div>', config)).toBe('<div id="root"></div>');
  });

  describe('served', () => {
    let w: TestApp;
    let dist: string;
    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'homefix-web-'));
      writeFileSync(join(dist, 'index.html'), html);
      writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
      writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
      w = await createTestApp({ WEB_DIST: dist, BETA_MODE: 'false', BETA_BANNER_TEXT: 'Try it' });
    });
    afterAll(async () => {
      await w.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('plain, brotli and gzip alike, on every screen path', async () => {
      const expected = { BETA_MODE: false, BETA_BANNER_TEXT: 'Try it', BETA_FEEDBACK_URL: '' };
      const api = await w.app.inject({ method: 'GET', url: '/api/config' });
      expect(api.json()).toEqual(expected);
      for (const path of ['/', '/login', '/browse']) {
        const plain = await w.app.inject({ method: 'GET', url: path });
        expect(configOf(plain.body)).toEqual(expected);
        const br = await w.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gz = await w.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      }
    });
  });
});
