// The sitemap and robots.txt through HTTP on the real app and database (decision 0046): the listed pros at their
// current page address and the live projects, as absolute URLs with <lastmod>, without free, lapsed, unlisted or
// closed pros or closed projects; kept until a public page changes; a sitemap index past a small injected limit;
// robots.txt keeping the signed-in screens out and naming the sitemap; both answered by their routes, not by the
// built client's SPA fallback (nor a file of the same name in it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { placeSlug, PRICES_REVIEWED_ON } from '#domain/cost-guides';
import { regions } from '#domain/regions/index';
import { users } from '#server/db/schema/index';
import { makeCustomer, makeProject, makeProvider, type ProviderTraits } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { sitemapRoutes } from './sitemap.routes.ts';
import { buildSitemap, ROBOTS_DISALLOWED } from './sitemap.service.ts';

const ORIGIN = 'https://homefix.example';
let t: TestApp;
/** How many publicPageChanged this instance has heard (see changed()). */
let heard = 0;
let webDist: string;
beforeAll(async () => {
  // A built client whose own robots.txt and sitemap.xml must not be what is served.
  webDist = mkdtempSync(join(tmpdir(), 'homefix-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>HomeFix</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(join(webDist, 'sitemap.xml'), '<stale/>');
  t = await createTestApp({ APP_URL: ORIGIN, WEB_DIST: webDist, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  t.app.realtime.carry('publicPageChanged', {
    kind: 'test:sitemapHeard',
    toWire: () => [{}],
    deliver: async () => {
      heard += 1;
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const db = () => t.app.ctx.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const pro = (traits: ProviderTraits = {}) => makeProvider(db(), { now: t.clock.now, ...traits });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
/**
 * Publishes publicPageChanged and waits until this instance heard it: on PostgreSQL the drop arrives by LISTEN a
 * moment after the commit. A topic of the test's own, carried after the sitemap's, is delivered after it.
 */
async function changed(id: string = crypto.randomUUID()) {
  const before = heard;
  await t.app.ctx.events.publish(db(), 'publicPageChanged', { page: 'pro', id });
  for (let i = 0; i < 200 && heard === before; i++) await new Promise((r) => setTimeout(r, 10));
  expect(heard).toBeGreaterThan(before);
}
const dropAll = () => changed();

describe('GET /sitemap.xml', () => {
  it('lists the listed pros at their current address and the live projects, with lastmod, and nothing else', async () => {
    const listed = await pro({ plan: 'deluxe', companyName: 'Dana Builds' });
    const trial = await pro({ billing: 'trial', firstName: 'Sam', lastName: 'Ortiz', companyName: null });
    const free = await pro({ plan: 'free' });
    const lapsed = await pro({ billing: 'expired-trial' });
    const unlisted = await pro({ listed: false });
    const closed = await pro();
    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, closed.id));
    const owner = await makeCustomer(db());
    const live = await makeProject(db(), owner.id);
    const shut = await makeProject(db(), owner.id, { status: 'closed' });
    await dropAll();

    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const urls = locs(res.body);
    expect(urls).toContain(`${ORIGIN}/pros/${listed.id}-dana-builds`);
    expect(urls).toContain(`${ORIGIN}/pros/${trial.id}-sam-o`);
    expect(urls).toContain(`${ORIGIN}/projects/${live.id}`);
    for (const gone of [free, lapsed, unlisted, closed]) expect(urls.join(' ')).not.toContain(gone.id);
    expect(urls).not.toContain(`${ORIGIN}/projects/${shut.id}`);
    expect(res.body).toMatch(
      new RegExp(
        `<loc>${ORIGIN}/projects/${live.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod>`,
      ),
    );
    // One file: no index, and no /sitemaps/{n}.xml.
    expect((await get('/sitemaps/1.xml')).statusCode).toBe(404);
  });

  it('is kept until a public page changes, then built again', async () => {
    const p = await pro({ companyName: 'Kept Co' });
    await dropAll();
    expect(locs((await get('/sitemap.xml')).body)).toContain(`${ORIGIN}/pros/${p.id}-kept-co`);
    // Written behind the app's back: the kept sitemap does not see it...
    await db().update(users).set({ companyName: 'Renamed Co' }).where(eq(users.id, p.id));
    expect(locs((await get('/sitemap.xml')).body)).toContain(`${ORIGIN}/pros/${p.id}-kept-co`);
    // ...until the page is said to have changed.
    await changed(p.id);
    const urls = locs((await get('/sitemap.xml')).body);
    expect(urls).toContain(`${ORIGIN}/pros/${p.id}-renamed-co`);
    expect(urls).not.toContain(`${ORIGIN}/pros/${p.id}-kept-co`);
  });

  it('becomes a sitemap index of files past the limit (a small one injected)', async () => {
    // The routes on an app of their own, over the same database, with at most 2,000 URLs a file (the cost guides
    // alone are over 5,000).
    const small = Fastify();
    small.decorate('ctx', t.app.ctx);
    await small.register(sitemapRoutes, { limits: { maxUrls: 2000, maxBytes: 50 * 1024 * 1024 } });
    await small.ready();
    try {
      const owner = await makeCustomer(db());
      for (let i = 0; i < 3; i++) await makeProject(db(), owner.id);
      const all = locs((await get('/sitemap.xml')).body);
      await dropAll();
      const everything = locs((await get('/sitemap.xml')).body);
      expect(everything.length).toBeGreaterThanOrEqual(all.length + 3);

      const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index.body);
      expect(files).toEqual(
        Array.from(
          { length: Math.ceil(everything.length / 2000) },
          (_, i) => `${ORIGIN}/sitemaps/${i + 1}.xml`,
        ),
      );
      expect(index.body).toMatch(/<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:]+Z<\/lastmod><\/sitemap>/);
      const listed: string[] = [];
      for (const f of files) {
        const res = await small.inject({ method: 'GET', url: new URL(f).pathname });
        expect(res.statusCode).toBe(200);
        const urls = locs(res.body);
        expect(urls.length).toBeLessThanOrEqual(2000);
        listed.push(...urls);
      }
      expect(listed.sort()).toEqual([...everything].sort());
    } finally {
      await small.close();
    }
  });

  it('lists the cost guides: their index, 8 categories x every place, and the pricing accuracy', async () => {
    const urls = locs((await get('/sitemap.xml')).body);
    const guides = urls.filter((u) =>
      /^https:\/\/homefix\.example\/cost-guides\/[a-z]+\/[a-z0-9-]+$/.test(u),
    );
    expect(guides).toHaveLength(8 * regions.length);
    expect(new Set(guides).size).toBe(guides.length);
    expect(guides).toContain(`${ORIGIN}/cost-guides/kitchen/jacksonville-fl`);
    expect(guides).toContain(`${ORIGIN}/cost-guides/landscaping/${placeSlug(regions.at(-1)!)}`);
    expect(urls).toContain(`${ORIGIN}/cost-guides`);
    expect(urls).toContain(`${ORIGIN}/pricing-accuracy`);
    // Each guide with the day its unit prices were reviewed; the accuracy (computed daily) without a lastmod.
    const xml = (await get('/sitemap.xml')).body;
    expect(xml).toContain(
      `<loc>${ORIGIN}/cost-guides/kitchen/jacksonville-fl</loc><lastmod>${PRICES_REVIEWED_ON}T00:00:00Z</lastmod>`,
    );
    expect(xml).toContain(`<loc>${ORIGIN}/pricing-accuracy</loc></url>`);
    // Still one file within the protocol's limits.
    expect(xml).toContain('<urlset');
    expect(Buffer.byteLength(xml)).toBeLessThan(50 * 1024 * 1024);
  });

  it("drops a pro whose trial ended, with no event to tell of it (the kept sitemap lapses at the plan's end)", async () => {
    const trial = await pro({ billing: 'trial', companyName: 'Trial Co' });
    await dropAll();
    expect(locs((await get('/sitemap.xml')).body)).toContain(`${ORIGIN}/pros/${trial.id}-trial-co`);
    t.clock.advance(8 * 86_400_000);
    expect(locs((await get('/sitemap.xml')).body).join(' ')).not.toContain(trial.id);
  });

  it('splits by size too, and escapes what it writes', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/pros/${i}-a&b`, lastmod: new Date(0) }));
    const one = buildSitemap(ORIGIN, entries);
    expect(one.files).toEqual([]);
    expect(one.root).toContain(`<loc>${ORIGIN}/pros/0-a&amp;b</loc><lastmod>1970-01-01T00:00:00Z</lastmod>`);
    const bySize = buildSitemap(ORIGIN, entries, { maxUrls: 50_000, maxBytes: 400 });
    expect(bySize.files.length).toBeGreaterThan(1);
    for (const f of bySize.files) expect(Buffer.byteLength(f)).toBeLessThanOrEqual(400);
    expect(bySize.files.flatMap(locs)).toEqual(locs(one.root));
  });
});

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps the signed-in screens out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).not.toContain('Disallow: /');
    for (const path of [
      '/dashboard',
      '/estimates',
      '/jobs',
      '/provider',
      '/admin',
      '/settings',
      '/messages',
      '/profile',
      '/api/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(ROBOTS_DISALLOWED).toHaveLength(9);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('is not shadowed by the built client: the SPA fallback still answers other paths', async () => {
    expect((await get('/robots.txt')).body).not.toBe('User-agent: *\nDisallow: /\n');
    expect((await get('/sitemap.xml')).body).not.toBe('<stale/>');
    const page = await get('/pros');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
