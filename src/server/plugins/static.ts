// Serves the built client: hashed assets cached for a year, index.html never cached, and the SPA fallback for
// every non-API path (the client renders its own Not Found page). Unknown API paths answer 404 JSON.
// The build writes brotli and gzip siblings (x.js.br, x.js.gz; vite.config.ts): they go out as they are to a
// client that accepts them, with Vary: Accept-Encoding, so nothing is compressed per request. index.html is the
// exception: it carries the public configuration (GET /api/config) in a meta tag, so the first render already
// knows whether the beta banner shows (no layout shift when it arrives later); it is compressed once at start.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '#domain/schemas/system.schema';
import { projectPageMeta } from '#server/modules/projects';
import { loadRenderer, publicPages } from './public-pages.ts';

const API_PREFIXES = ['/api/', '/auth/', '/ws', '/healthz', '/readyz', '/dev/'];
export const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));

type Encoding = 'br' | 'gzip';

/** The best precompressed encoding the client accepts (brotli first), or null for the plain file. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of String(acceptEncoding).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const weight = params.find((p) => p.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/** Text made safe inside HTML: element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * index.html with a page's own title, description and Open Graph tags (a shared /projects/{id} link previews
 * the project in a chat). The values are escaped; the rest of the document is untouched.
 */
export function withPageMeta(
  html: string,
  meta: { title: string; description: string; url: string },
): string {
  const title = escapeHtml(`${meta.title} · HomeFix`);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="HomeFix" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>\n    ${tags}`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, a: string, b: string) => `${a}${description}${b}`,
    );
}

/** The meta tag the client reads its public configuration from (src/web/features/config/api/get-config.ts). */
export const CONFIG_META_NAME = 'homefix-config';

/** index.html with the public configuration as JSON in a meta tag at the end of its head (escaped). */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const tag = `<meta name="${CONFIG_META_NAME}" content="${escapeHtml(JSON.stringify(config))}" />`;
  return html.replace(/<\/head>/i, (end) => `  ${tag}\n  ${end}`);
}

/** The project id of a /projects/{id} page path, or null. */
const projectPage = (path: string) => /^\/projects\/([^/]+)\/?$/.exec(path)?.[1] ?? null;

export default fp(
  async function staticPlugin(app, opts: { webDist: string }) {
    const root = resolve(opts.webDist);
    const indexFile = join(root, 'index.html');
    const hasClient = existsSync(indexFile);
    // Read once at start: the client is built before the server starts, and a new build means a restart.
    const { BETA_MODE, BETA_BANNER_TEXT, BETA_FEEDBACK_URL } = app.ctx.config;
    const indexHtml = hasClient
      ? Buffer.from(
          withPublicConfig(readFileSync(indexFile, 'utf8'), {
            BETA_MODE,
            BETA_BANNER_TEXT,
            BETA_FEEDBACK_URL,
          }),
        )
      : Buffer.alloc(0);
    // Compressed here (a few ms, once) as the build compresses its files, when the build wrote variants.
    const compress = (ext: string, run: (b: Buffer) => Buffer) =>
      existsSync(indexFile + ext) ? run(indexHtml) : null;
    const indexVariants: Record<Encoding, Buffer | null> = {
      br: compress('.br', (b) =>
        brotliCompressSync(b, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: b.length,
          },
        }),
      ),
      gzip: compress('.gz', (b) => gzipSync(b, { level: 9 })),
    };
    const hasVariants = indexVariants.br !== null || indexVariants.gzip !== null;

    if (hasClient) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        preCompressed: true,
        // dist/web/.vite holds the build manifest: not for the public.
        dotfiles: 'ignore',
        cacheControl: false,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const sendIndex = (req: FastifyRequest, reply: FastifyReply, status = 200) => {
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!hasVariants) return reply.send(indexHtml);
      reply.header('vary', 'accept-encoding');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const variant = encoding && indexVariants[encoding];
      return variant ? reply.header('content-encoding', encoding).send(variant) : reply.send(indexHtml);
    };

    if (hasClient) {
      // The static handler refuses directories, so the landing page gets its own route.
      app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (req, reply) =>
        sendIndex(req, reply),
      );
    }

    /** A shared project page gets the project's title and description in its HTML (uncompressed, not cached). */
    const sendProjectPage = async (req: FastifyRequest, reply: FastifyReply, rawId: string) => {
      let id: string;
      try {
        id = decodeURIComponent(rawId);
      } catch {
        return sendIndex(req, reply);
      }
      // A failed lookup must not cost the visitor the page: the plain index.html renders it all the same.
      const meta = await projectPageMeta(app.ctx, id).catch((err: unknown) => {
        req.log.warn({ err }, 'project page meta lookup failed');
        return null;
      });
      if (!meta) return sendIndex(req, reply);
      const url = `${app.ctx.config.APP_URL.replace(/\/$/, '')}/projects/${encodeURIComponent(id)}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(withPageMeta(indexHtml.toString('utf8'), { ...meta, url }));
    };

    // The public pages (/pros/…, /projects/…, the cost guides) rendered on the server (decision 0045); without the
    // renderer, the shell as before.
    const renderer = hasClient ? await loadRenderer(app, root) : null;
    const publicPage = renderer
      ? publicPages(app, {
          renderer,
          indexHtml: indexHtml.toString('utf8'),
          config: { BETA_MODE, BETA_BANNER_TEXT, BETA_FEEDBACK_URL },
          compress: hasVariants,
          sendShell: sendIndex,
        })
      : null;

    if (publicPage) {
      // Routes of their own: through the SPA fallback, each request would first cost the static handler a look on
      // disk (a third of the page's requests per second).
      const page = async (req: FastifyRequest, reply: FastifyReply) =>
        (await publicPage(req, reply, req.url.split('?')[0] ?? '/')) ? reply : sendIndex(req, reply);
      app.get('/pros/:segment', { config: { access: 'public' }, schema: { hide: true } }, page);
      app.get('/projects/:id', { config: { access: 'public' }, schema: { hide: true } }, page);
      // The city cost guides (decision 0047).
      app.get('/cost-guides', { config: { access: 'public' }, schema: { hide: true } }, page);
      app.get(
        '/cost-guides/:category/:place',
        { config: { access: 'public' }, schema: { hide: true } },
        page,
      );
      app.get('/pricing-accuracy', { config: { access: 'public' }, schema: { hide: true } }, page);
    }

    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(path);
      if (wantsPage && publicPage) {
        if (await publicPage(req, reply, path)) return reply;
      }
      const projectId = wantsPage && hasClient ? projectPage(path) : null;
      if (projectId) return sendProjectPage(req, reply, projectId);
      if (wantsPage && hasClient) return sendIndex(req, reply);
      if (wantsPage) {
        return reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('The web client is not built yet: run `npm run build` (npm start does it for you).');
      }
      return reply
        .status(404)
        .send({ error: `No such endpoint: ${req.method} ${path}`, code: 'NOT_FOUND', requestId: req.id });
    });
  },
  { name: 'static' },
);
