// The server-rendered public pages (decision 0045): /pros/{id}-{slug}, /projects/{id}, and the city cost guides
// (decision 0047: /cost-guides, /cost-guides/{category}/{place}, /pricing-accuracy). The static plugin's SPA
// fallback hands their addresses here. React renders the app's own tree for the address (src/web/ssr/
// entry-server.tsx: from source under vitest and tsx, from dist/ssr in production), signed out, from the answers of
// the app's own public API (asked in process, anonymously: the same data the client then hydrates from), into #root
// of the built index.html, with the page's head (title, description, canonical address, Open Graph, robots, JSON-LD)
// and the query cache as <script type="application/json"> (no inline script or style: the CSP stays as it is).
// - A pro's page: /pros/{id} or an old slug answers 301 to the current address; no page (closed, deleted, not a
//   provider) answers the SPA's Not Found with status 404.
// - A rendered page is kept (per address, at most MAX_PAGES) until what it shows changes: the app events below drop
//   it on every instance (carried like the realtime events: a NOTIFY in the writer's transaction on PostgreSQL), and
//   a pro's page lapses by itself when the next badge on it expires. The cost guides are dropped by a hire (the
//   accuracy figures move) and lapse at the start (UTC) of the next day, as their 12-month window moves.
// - No renderer (the SSR build missing) or a failed render: the plain SPA shell, as before.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, nextUtcDayStart } from '#domain/dates';
import type { CostGuide, CostGuideIndex, PricingAccuracy } from '#domain/schemas/cost-guide.schema';
import type { PublicProfile } from '#domain/schemas/pro-profile.schema';
import type { ProviderReputation } from '#domain/schemas/review.schema';
import type { PublicConfig } from '#domain/schemas/system.schema';
import type { AppEvents } from '#server/core/app-events';
import { projectPageMeta } from '#server/modules/projects';
import { accuracyHead, COST_GUIDE_SUBJECT, guideHead, indexHead } from './cost-guide-pages.ts';
import { summary, type PageHead } from './page-head.ts';

/** What src/web/ssr/entry-server.tsx exports (the server never imports web code: it loads the module by path). */
export interface PageRenderer {
  publicPage(
    path: string,
  ):
    | { kind: 'project'; id: string; reads: PageRead[] }
    | { kind: 'pro'; id: string; slug: string | null; reads: PageRead[] }
    | { kind: 'costGuides'; reads: PageRead[] }
    | { kind: 'costGuide'; category: string; place: string; reads: PageRead[] }
    | { kind: 'pricingAccuracy'; reads: PageRead[] }
    | null;
  renderPage(input: {
    path: string;
    search: string;
    data: { queryKey: readonly unknown[]; data: unknown }[];
    config: PublicConfig;
  }): Promise<{ root: string; state: string }>;
}
interface PageRead {
  queryKey: readonly unknown[];
  url: string;
}

/**
 * Where the renderer is: the source file when this module runs from source (vitest, tsx), else the SSR build
 * beside the client's (dist/ssr next to dist/web). Null when it is not there (a build without it).
 */
export function rendererLocation(webDist: string, selfUrl = import.meta.url): string | null {
  if (/\.ts$/.test(new URL(selfUrl).pathname)) {
    return new URL('../../web/ssr/entry-server.tsx', selfUrl).href;
  }
  const built = join(resolve(webDist), '..', 'ssr', 'entry-server.js');
  return existsSync(built) ? pathToFileURL(built).href : null;
}

export async function loadRenderer(app: FastifyInstance, webDist: string): Promise<PageRenderer | null> {
  const location = rendererLocation(webDist);
  if (!location) {
    app.log.warn('no server renderer (dist/ssr): public pages are sent as the plain SPA shell');
    return null;
  }
  try {
    return (await import(/* @vite-ignore */ location)) as PageRenderer;
  } catch (err) {
    app.log.error(
      { err },
      'the server renderer failed to load: public pages are sent as the plain SPA shell',
    );
    return null;
  }
}

/** Pages kept at most; the least recently used one goes first. */
export const MAX_PAGES = 500;
/**
 * The longest a page is kept: a backstop for the figures on it that change without an event of their own (the
 * usual reply time, a plan's featured mark).
 */
export const MAX_AGE_MS = 60 * 60_000;

interface CachedPage {
  status: number;
  html: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** The page's subject ('pro:{id}', 'project:{id}', 'costGuides'): what its events name. */
  subject: string;
  /**
   * When it lapses by itself: MAX_AGE_MS after its render, or the day after the soonest badge expiry on it; a cost
   * guide page at the start (UTC) of the next day.
   */
  expiresAt: number;
}

/** Text made safe inside HTML: element content and double-quoted attribute values. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Puts the page's head into index.html: its title and description, canonical address, Open Graph, robots, JSON-LD. */
export function withHead(html: string, head: PageHead): string {
  const description = escapeHtml(head.description);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="HomeFix" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...(head.noindex ? [`<meta name="robots" content="noindex" />`] : []),
    // Data, not script (the CSP runs no inline script); `<` escaped so no text in it can close the element.
    ...(head.jsonLd
      ? [
          `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`,
        ]
      : []),
  ].join('\n    ');
  return html
    .replace(
      /<title>[\s\S]*?<\/title>/,
      () => `<title>${escapeHtml(`${head.title} · HomeFix`)}</title>\n    ${tags}`,
    )
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, a: string, b: string) => `${a}${description}${b}`,
    );
}

/** index.html with `root` as the content of #root (the shell it held replaced) and `after` right behind it. */
export function withRoot(html: string, root: string, after: string): string {
  const open = html.indexOf('<div id="root">');
  if (open < 0) return html;
  const start = open + '<div id="root">'.length;
  const tag = /<\/?div\b/g;
  tag.lastIndex = start;
  let depth = 1;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[0] === '<div' ? 1 : -1;
    if (depth === 0) {
      const close = m.index;
      return `${html.slice(0, start)}${root}</div>${after}${html.slice(close + '</div>'.length)}`;
    }
  }
  return html;
}

/** The JSON-LD of a pro's page: a LocalBusiness, its rating only with at least one published review. */
export function proJsonLd(
  profile: PublicProfile,
  reputation: ProviderReputation | null,
  url: string,
): object {
  const address =
    profile.city || profile.state
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(profile.city ? { addressLocality: profile.city } : {}),
            ...(profile.state ? { addressRegion: profile.state } : {}),
          },
        }
      : {};
  const rated = reputation && reputation.count >= 1 && reputation.rating !== null;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: profile.companyName ?? profile.name,
    url,
    ...(profile.description ? { description: profile.description } : {}),
    ...address,
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reputation.rating,
            reviewCount: reputation.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** When the soonest badge on a profile lapses: the start (UTC) of the day after its expiry date; null without any. */
export function nextBadgeLapse(profile: Pick<PublicProfile, 'badges'>): number | null {
  const ends = profile.badges
    .map((b) => Date.parse(`${b.expiresOn}T00:00:00Z`) + DAY_MS)
    .filter(Number.isFinite);
  return ends.length ? Math.min(...ends) : null;
}

export interface PublicPagesOptions {
  renderer: PageRenderer;
  /** index.html as served (with the public configuration). */
  indexHtml: string;
  config: PublicConfig;
  /** Whether the build wrote compressed variants (then pages are kept compressed too). */
  compress: boolean;
  /** The plain SPA shell, for whatever this cannot render. */
  sendShell(req: FastifyRequest, reply: FastifyReply, status?: number): unknown;
}

/**
 * Sets up the public pages on `app` (their cache and what drops it) and returns the handler the SPA fallback calls:
 * it answers a public page's address (true; the reply is sent), or returns false for any other. (Never the reply
 * itself: a reply is a thenable, which an async function's caller would await to nothing.)
 */
export function publicPages(app: FastifyInstance, opts: PublicPagesOptions) {
  const { renderer } = opts;
  const appUrl = app.ctx.config.APP_URL.replace(/\/$/, '');
  const cache = new Map<string, CachedPage>();

  // Bumped by every drop: a page whose render began before one is sent but not kept (it may show the old state).
  let drops = 0;
  const dropSubjects = (subjects: string[]) => {
    drops += 1;
    const gone = new Set(subjects);
    for (const [path, page] of cache) if (gone.has(page.subject)) cache.delete(path);
  };

  // What a page shows changed: drop it here and on every other instance.
  const carry = <K extends keyof AppEvents>(event: K, subjects: (payload: AppEvents[K]) => string[]) => {
    // Here at once, so the writer's next read of the page is already the new one (the NOTIFY comes back later)...
    app.ctx.events.afterCommit(event, (payload) => {
      const named = subjects(payload);
      if (named.length) dropSubjects(named);
    });
    // ...and on every other instance.
    app.realtime.carry(event, {
      kind: `publicPages:${event}`,
      toWire: (payload) => {
        const named = subjects(payload);
        return named.length ? [{ subjects: named }] : [];
      },
      deliver: async (part: { subjects?: unknown }) => {
        if (Array.isArray(part.subjects)) dropSubjects(part.subjects.filter((s) => typeof s === 'string'));
      },
    });
  };
  carry('publicPageChanged', (p) => [`${p.page}:${p.id}`]);
  carry('reviewsPublished', (p) => [`pro:${p.providerId}`, `pro:${p.customerId}`]);
  carry('reviewAnswered', (p) => [`pro:${p.responderId}`, `pro:${p.authorId}`]);
  carry('credentialReviewed', (p) => [`pro:${p.providerId}`]);
  // The count of completed jobs on a pro's page.
  carry('jobChanged', (p) =>
    ['completed', 'reopened', 'cancelled'].includes(p.event) ? [`pro:${p.providerId}`] : [],
  );
  // A hire adds a job to the accuracy figures the cost guide pages show (decision 0047): all of them go (a few
  // hundred kept pages at most, rendered again when next asked; hires are rare next to reads).
  carry('bidAccepted', () => [COST_GUIDE_SUBJECT]);

  const read = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: res.statusCode, body: res.statusCode === 200 ? (res.json() as unknown) : null };
  };

  const send = (req: FastifyRequest, reply: FastifyReply, page: CachedPage): void => {
    reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!page.br && !page.gzip) return void reply.send(page.html);
    reply.header('vary', 'accept-encoding');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (page.br && /\bbr\b/.test(accepts)) return void reply.header('content-encoding', 'br').send(page.br);
    if (page.gzip && /\bgzip\b/.test(accepts)) {
      return void reply.header('content-encoding', 'gzip').send(page.gzip);
    }
    reply.send(page.html);
  };

  const keep = (path: string, page: Omit<CachedPage, 'br' | 'gzip'>): CachedPage => {
    const full: CachedPage = {
      ...page,
      br: opts.compress
        ? brotliCompressSync(page.html, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: page.html.length },
          })
        : null,
      gzip: opts.compress ? gzipSync(page.html, { level: 9 }) : null,
    };
    cache.delete(path);
    cache.set(path, full);
    while (cache.size > MAX_PAGES) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return full;
  };

  /** Renders a page from its reads; null when a read failed (the caller sends the shell). */
  async function render(
    path: string,
    search: string,
    reads: PageRead[],
    head: PageHead,
    known: Map<string, { status: number; body: unknown }> = new Map(),
  ): Promise<string | null> {
    const data: { queryKey: readonly unknown[]; data: unknown }[] = [];
    for (const r of reads) {
      const answer = known.get(r.url) ?? (await read(r.url));
      if (answer.status !== 200) return null;
      data.push({ queryKey: r.queryKey, data: answer.body });
    }
    const { root, state } = await renderer.renderPage({ path, search, data, config: opts.config });
    return withRoot(withHead(opts.indexHtml, head), root, state);
  }

  async function projectPage(path: string, search: string, id: string, reads: PageRead[]) {
    const meta = await projectPageMeta(app.ctx, id);
    if (!meta) return { notFound: true as const };
    const url = `${appUrl}/projects/${encodeURIComponent(id)}`;
    const html = await render(path, search, reads, { ...meta, url, noindex: false });
    const expiresAt = app.ctx.now().getTime() + MAX_AGE_MS;
    return html === null ? null : { html, subject: `project:${id}`, expiresAt };
  }

  async function proPage(path: string, search: string, id: string, reads: PageRead[]) {
    const base = `/api/providers/${encodeURIComponent(id)}`;
    const found = await read(base);
    if (found.status === 404 || found.status === 400) return { notFound: true as const };
    if (found.status !== 200) return null;
    const profile = found.body as PublicProfile;
    if (profile.path !== path) return { redirect: profile.path };
    const reputation = await read(`${base}/reputation`);
    const url = `${appUrl}${profile.path}`;
    const who = profile.companyName ?? profile.name;
    const where = [profile.city, profile.state].filter(Boolean).join(', ');
    const rated = profile.reviewCount > 0 && profile.rating !== null;
    const description = summary(
      [
        `${who}${where ? `, ${where}` : ''}${profile.categories.length ? `: ${profile.categories.map((c) => c.label).join(', ')}` : ''}.`,
        rated ? `Rated ${profile.rating!.toFixed(1)} of 5 from ${profile.reviewCount} reviews.` : '',
        profile.description ?? '',
      ].join(' '),
    );
    const html = await render(
      path,
      search,
      reads,
      {
        title: who,
        description,
        url,
        noindex: !profile.listed,
        jsonLd: proJsonLd(
          profile,
          reputation.status === 200 ? (reputation.body as ProviderReputation) : null,
          url,
        ),
      },
      new Map([
        [base, found],
        [`${base}/reputation`, reputation],
      ]),
    );
    const expiresAt = Math.min(app.ctx.now().getTime() + MAX_AGE_MS, nextBadgeLapse(profile) ?? Infinity);
    return html === null ? null : { html, subject: `pro:${profile.id}`, expiresAt };
  }

  /**
   * A city cost guide page (decision 0047): its one read (the API's answer, also what the head is made of); an
   * unknown category or place is a 404, another address of the same guide (a trailing slash) a 301. Kept until a
   * hire, or until the next day (UTC) starts and the 12-month window moves.
   */
  async function costGuidePage(
    path: string,
    search: string,
    page: Extract<
      NonNullable<ReturnType<PageRenderer['publicPage']>>,
      { kind: 'costGuide' | 'costGuides' | 'pricingAccuracy' }
    >,
  ) {
    const [first] = page.reads;
    if (!first) return null;
    const found = await read(first.url);
    if (found.status === 404 || found.status === 400) return { notFound: true as const };
    if (found.status !== 200) return null;
    let head: PageHead;
    if (page.kind === 'costGuide') {
      const guide = found.body as CostGuide;
      if (guide.path !== path) return { redirect: guide.path };
      head = guideHead(guide, appUrl);
    } else if (page.kind === 'costGuides') {
      head = indexHead(found.body as CostGuideIndex, appUrl);
    } else {
      head = accuracyHead(found.body as PricingAccuracy, appUrl);
    }
    const canonical = new URL(head.url).pathname;
    if (canonical !== path) return { redirect: canonical };
    const html = await render(path, search, page.reads, head, new Map([[first.url, found]]));
    const expiresAt = nextUtcDayStart(app.ctx.now());
    return html === null ? null : { html, subject: COST_GUIDE_SUBJECT, expiresAt };
  }

  return async function handle(req: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    // A kept page goes out before anything else is worked out (the address was a page when it was kept): the rate
    // of a kept page is what the bench measures. An address with a query (a campaign's tag, say) is rendered with it
    // and not kept.
    const kept = search ? undefined : cache.get(path);
    if (kept && app.ctx.now().getTime() < kept.expiresAt) {
      // Most recently used last (the bound drops the oldest first).
      cache.delete(path);
      cache.set(path, kept);
      send(req, reply, kept);
      return true;
    }
    if (kept) cache.delete(path);
    const page = renderer.publicPage(path);
    if (!page) return false;
    await answer(req, reply, path, search, page);
    return true;
  };

  async function answer(
    req: FastifyRequest,
    reply: FastifyReply,
    path: string,
    search: string,
    page: NonNullable<ReturnType<PageRenderer['publicPage']>>,
  ): Promise<void> {
    const before = drops;
    try {
      const made =
        page.kind === 'pro'
          ? await proPage(path, search, page.id, page.reads)
          : page.kind === 'project'
            ? await projectPage(path, search, page.id, page.reads)
            : await costGuidePage(path, search, page);
      if (!made) return void opts.sendShell(req, reply);
      if ('notFound' in made) return void opts.sendShell(req, reply, 404);
      if ('redirect' in made)
        return void reply.redirect(`${made.redirect}${search ? `?${search}` : ''}`, 301);
      const rendered = {
        status: 200,
        html: Buffer.from(made.html),
        subject: made.subject,
        expiresAt: made.expiresAt,
      };
      if (search || drops !== before) return send(req, reply, { ...rendered, br: null, gzip: null });
      return send(req, reply, keep(path, rendered));
    } catch (err) {
      req.log.error({ err, path }, 'server rendering failed: the plain SPA shell instead');
      opts.sendShell(req, reply);
    }
  }
}
