// The sitemap (decision 0046): the listed pros at their current page address and the live public projects, as
// absolute URLs with <lastmod>; and the city cost guides (decision 0047): their index, every guide (each home-repair
// category in each place) and the pricing accuracy page. Past the protocol's limits (50,000 URLs or 50 MB a file) it becomes a sitemap
// index (/sitemap.xml) of files (/sitemaps/{n}.xml). Built on the first request and kept in memory until a public
// page changes or reviews are published (dropped on every instance by the routes), or a listed pro's plan ends; the
// limits are injectable so a test can cross them with a few entries.
import { taskCategoryIds } from '#domain/catalog/categories';
import {
  COST_GUIDES_PATH,
  guidePath,
  placeSlug,
  PRICES_REVIEWED_ON,
  PRICING_ACCURACY_PATH,
} from '#domain/cost-guides';
import { providerPlanIds } from '#domain/plans';
import { regions } from '#domain/regions/index';
import type { AppContext } from '#server/context';
import { pathOf } from './profiles.service.ts';
import { sitemapProjects, sitemapPros } from './sitemap.repo.ts';

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/** The sitemaps protocol's limits for one file (sitemaps.org): 50,000 URLs and 50 MB uncompressed. */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

export interface SitemapEntry {
  /** The path on the site (/pros/…, /projects/…). */
  path: string;
  /** Left out when the page has no one time it last changed (the pricing accuracy, computed daily). */
  lastmod: Date | null;
}

/** What /sitemap.xml and /sitemaps/{n}.xml answer: one urlset, or an index and its files. */
export interface BuiltSitemap {
  root: string;
  /** The files of the index (1-based in their address); empty when the root is the one urlset. */
  files: string[];
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

const xmlText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A W3C datetime at second precision (2026-11-26T23:12:16Z). */
const w3c = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sitemap of these entries under `origin` (no trailing slash), split past the limits. */
export function buildSitemap(
  origin: string,
  entries: readonly SitemapEntry[],
  limits: SitemapLimits = SITEMAP_LIMITS,
): BuiltSitemap {
  const frame = Buffer.byteLength(HEAD + URLSET_OPEN + URLSET_CLOSE);
  const files: { body: string[]; bytes: number; lastmod: Date | null }[] = [];
  let current = { body: [] as string[], bytes: frame, lastmod: null as Date | null };
  for (const e of entries) {
    const lastmod = e.lastmod ? `<lastmod>${w3c(e.lastmod)}</lastmod>` : '';
    const url = `<url><loc>${xmlText(origin + e.path)}</loc>${lastmod}</url>\n`;
    const size = Buffer.byteLength(url);
    if (
      current.body.length > 0 &&
      (current.body.length >= limits.maxUrls || current.bytes + size > limits.maxBytes)
    ) {
      files.push(current);
      current = { body: [], bytes: frame, lastmod: null };
    }
    current.body.push(url);
    current.bytes += size;
    if (e.lastmod && (!current.lastmod || e.lastmod > current.lastmod)) current.lastmod = e.lastmod;
  }
  files.push(current);
  const urlset = (body: string[]) => HEAD + URLSET_OPEN + body.join('') + URLSET_CLOSE;
  if (files.length === 1) return { root: urlset(files[0]!.body), files: [] };
  const index =
    HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (f, i) =>
          `<sitemap><loc>${xmlText(`${origin}/sitemaps/${i + 1}.xml`)}</loc>` +
          (f.lastmod ? `<lastmod>${w3c(f.lastmod)}</lastmod>` : '') +
          '</sitemap>\n',
      )
      .join('') +
    '</sitemapindex>\n';
  return { root: index, files: files.map((f) => urlset(f.body)) };
}

const paidPlans = providerPlanIds.filter((p) => p !== 'free');

/**
 * The city cost guides' pages (decision 0047): the index, every category's guide in every place (8 x the regions),
 * and the pricing accuracy. They are code and the catalogue: built once. A guide's <lastmod> is when its unit
 * prices were last reviewed (what its figures are made of; the accuracy sentence moves daily and has none).
 */
export const costGuideEntries: readonly SitemapEntry[] = (() => {
  const reviewed = new Date(`${PRICES_REVIEWED_ON}T00:00:00Z`);
  return [
    { path: COST_GUIDES_PATH, lastmod: reviewed },
    ...taskCategoryIds.flatMap((c) =>
      regions.map((r) => ({ path: guidePath(c, placeSlug(r)), lastmod: reviewed })),
    ),
    { path: PRICING_ACCURACY_PATH, lastmod: null },
  ];
})();

/**
 * Every page the sitemap lists: the cost guides, the pros (in id order), then the projects (newest first); and when the list lapses
 * by itself (the first end of a listed pro's paid period or trial: no event tells of it), null for never.
 */
export async function sitemapEntries(
  ctx: Pick<AppContext, 'db' | 'now'>,
): Promise<{ entries: SitemapEntry[]; lapsesAt: Date | null }> {
  const [pros, projects] = await Promise.all([
    sitemapPros(ctx.db, paidPlans, ctx.now()),
    sitemapProjects(ctx.db),
  ]);
  const ends = pros.flatMap((p) => (p.until ? [p.until.getTime()] : []));
  return {
    entries: [
      ...costGuideEntries,
      ...pros.map((p) => ({ path: pathOf(p), lastmod: p.lastmod })),
      ...projects.map((p) => ({ path: `/projects/${p.id}`, lastmod: p.lastmod })),
    ],
    lapsesAt: ends.length > 0 ? new Date(Math.min(...ends)) : null,
  };
}

/** The signed-in screens search engines are kept out of (robots.txt). */
export const ROBOTS_DISALLOWED = [
  '/dashboard',
  '/estimates',
  '/jobs',
  '/provider',
  '/admin',
  '/settings',
  '/messages',
  '/profile',
  '/api/',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
