// The sitemap (decision 0046): the listed pros at their current page address and the live public projects, as
// absolute URLs with <lastmod>. Past the protocol's limits (50,000 URLs or 50 MB a file) it becomes a sitemap
// index (/sitemap.xml) of files (/sitemaps/{n}.xml). Built on the first request and kept in memory until a public
// page changes or reviews are published (dropped on every instance by the routes), or a listed pro's plan ends; the
// limits are injectable so a test can cross them with a few entries.
import { providerPlanIds } from '#domain/plans';
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
  lastmod: Date;
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
    const url = `<url><loc>${xmlText(origin + e.path)}</loc><lastmod>${w3c(e.lastmod)}</lastmod></url>\n`;
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
    if (!current.lastmod || e.lastmod > current.lastmod) current.lastmod = e.lastmod;
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
 * Every page the sitemap lists: the pros (in id order), then the projects (newest first); and when the list lapses
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
