// GET /sitemap.xml, GET /sitemaps/{n}.xml and GET /robots.txt (decision 0046): public, outside /api/, registered
// as routes of their own so the static plugin's SPA fallback (and a file of the same name in the built client)
// never answers them. The sitemap is built once and kept until a public page changes, reviews are published or
// answered or a credential is reviewed, dropped on every instance (carried like the realtime events), or until a
// listed pro's plan ends.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors';
import {
  buildSitemap,
  robotsTxt,
  sitemapEntries,
  SITEMAP_LIMITS,
  type BuiltSitemap,
  type SitemapLimits,
} from './sitemap.service.ts';

export interface SitemapRoutesOptions {
  /** The limits of one sitemap file (tests cross them with a few entries). */
  limits?: SitemapLimits;
}

export const sitemapRoutes: FastifyPluginAsyncZod<SitemapRoutesOptions> = async (app, opts) => {
  const limits = opts.limits ?? SITEMAP_LIMITS;
  const origin = app.ctx.config.APP_URL.replace(/\/$/, '');
  let kept: Promise<BuiltSitemap> | null = null;
  /** When the kept sitemap lapses by itself (a listed pro's plan ends); null for never. */
  let lapsesAt: Date | null = null;
  // Bumped by every drop: a build that began before one is answered but not kept.
  let drops = 0;

  const current = () => {
    if (kept && (!lapsesAt || app.ctx.now() < lapsesAt)) return kept;
    const startedAt = drops;
    const building = sitemapEntries(app.ctx).then((read) => {
      if (kept === building) lapsesAt = read.lapsesAt;
      return buildSitemap(origin, read.entries, limits);
    });
    kept = building;
    lapsesAt = null;
    building.then(
      () => {
        if (drops !== startedAt && kept === building) kept = null;
      },
      () => {
        if (kept === building) kept = null;
      },
    );
    return building;
  };
  const drop = () => {
    drops += 1;
    kept = null;
  };
  // What changes a listed page's <lastmod> or membership: a page said to have changed, reviews published or
  // answered, a credential's verdict. The realtime plugin carries these to every instance (in process on the
  // embedded database).
  const dropOn = ['publicPageChanged', 'reviewsPublished', 'reviewAnswered', 'credentialReviewed'] as const;
  for (const event of dropOn) {
    if (app.hasDecorator('realtime')) {
      app.realtime.carry(event, {
        kind: `sitemap:${event}`,
        toWire: () => [{}],
        deliver: async () => drop(),
      });
    } else {
      app.ctx.events.afterCommit(event, drop);
    }
  }

  const xml = 'application/xml; charset=utf-8';

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type(xml)
      .header('cache-control', 'no-cache')
      .send((await current()).root),
  );

  app.get('/sitemaps/:file', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const n = /^([1-9]\d{0,5})\.xml$/.exec((req.params as { file?: string }).file ?? '')?.[1];
    const file = n ? (await current()).files[Number(n) - 1] : undefined;
    if (!file) throw notFound('No such sitemap');
    return reply.type(xml).header('cache-control', 'no-cache').send(file);
  });

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin)),
  );
};
