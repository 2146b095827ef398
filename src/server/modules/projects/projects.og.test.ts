// Link previews of shared project pages: the SPA's index.html for /projects/{id} carries the project's title and
// description (escaped) in <title>, the description meta and the Open Graph tags.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, withPageMeta, withPublicConfig } from '#server/plugins/static';
import { makeCustomer } from '#server/test/factories';
import { loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="HomeFix: price home-repair jobs in minutes."
    />
    <title>HomeFix Marketplace</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'homefix-og-'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
  t = await createTestApp({ WEB_DIST: dist, APP_URL: 'https://homefix.example' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function postProject(body: Record<string, unknown>) {
  const owner = await makeCustomer(t.app.ctx.db, {
    subscriptionPlan: 'premium',
    subscriptionExpiryDate: new Date(Date.now() + 86_400_000 * 30),
  });
  const res = await postJson(t.app, '/api/tasks/post', body, await loginAs(t.app, owner));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ project: { id: string } }>().project.id;
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
/** Without compression: the project pages are rendered on the server (decision 0045) and kept compressed. */
const plainPage = (url: string) => t.app.inject({ method: 'GET', url });

describe('Open Graph tags for /projects/{id}', () => {
  it("puts the project's title and description in the page", async () => {
    const id = await postProject({
      title: 'New deck & patio',
      category: 'Concrete',
      city: 'Jacksonville',
      minBudget: 4000,
      maxBudget: '6500.50',
      description: 'Stamped concrete, about 300 sq ft.',
    });
    const res = await plainPage(`/projects/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBeUndefined();
    const body = res.body;
    expect(body).toContain('<title>New deck &amp; patio · HomeFix</title>');
    expect(body).toContain('<meta property="og:title" content="New deck &amp; patio" />');
    const description =
      'Concrete project in Jacksonville. Budget $4,000 to $6,500.50. Stamped concrete, about 300 sq ft.';
    expect(body).toContain(`<meta property="og:description" content="${description}" />`);
    expect(body).toContain(`content="${description}"\n    />`);
    expect(body).toContain(`<meta property="og:url" content="https://homefix.example/projects/${id}" />`);
    expect(body.match(/<title>/g)).toHaveLength(1);
    // The page itself is in the HTML (decision 0045).
    expect(body).toMatch(/<h1[^>]*>New deck &amp; patio<\/h1>/);
  });

  it('escapes what the poster typed: no markup gets out of the tags', async () => {
    const id = await postProject({
      title: '</title><script>alert(1)</script>"\'',
      category: 'Kitchen',
      city: 'Jacksonville "><img src=x onerror=alert(2)>',
      description: '" /><script>alert(3)</script>',
    });
    const body = (await plainPage(`/projects/${id}`)).body;
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<\/title>/g)).toHaveLength(1);
  });

  it("other pages get the plain, precompressed index.html; unknown projects the same with 404 (the app's Not Found)", async () => {
    for (const url of [
      '/projects/00000000-0000-4000-8000-000000000000',
      '/projects/nope',
      '/projects/a%20b',
    ]) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBe('br');
    }
    // index.html as built, with the public configuration the server writes into every page.
    const { BETA_MODE, BETA_BANNER_TEXT, BETA_FEEDBACK_URL } = t.app.ctx.config;
    const list = await t.app.inject({ method: 'GET', url: '/projects' });
    expect(list.body).toBe(withPublicConfig(html, { BETA_MODE, BETA_BANNER_TEXT, BETA_FEEDBACK_URL }));
  });

  it('escapeHtml and withPageMeta', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const out = withPageMeta(html, { title: '$& $1', description: '$` d', url: 'https://x/projects/1' });
    expect(out).toContain('<title>$&amp; $1 · HomeFix</title>');
    expect(out).toContain('content="$` d"');
  });
});
