// Serves the built client: hashed assets cached for a year, index.html never cached, and the SPA fallback for
// every non-API path (the client renders its own Not Found page). Unknown API paths answer 404 JSON.
// The build writes brotli and gzip siblings (x.js.br, x.js.gz; vite.config.ts): they go out as they are to a
// client that accepts them, with Vary: Accept-Encoding, so nothing is compressed per request.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

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

export default fp(
  async function staticPlugin(app, opts: { webDist: string }) {
    const root = resolve(opts.webDist);
    const indexFile = join(root, 'index.html');
    const hasClient = existsSync(indexFile);
    // Read once at start: the client is built before the server starts, and a new build means a restart.
    const indexHtml = hasClient ? readFileSync(indexFile) : Buffer.alloc(0);
    const readVariant = (ext: string) => (existsSync(indexFile + ext) ? readFileSync(indexFile + ext) : null);
    const indexVariants: Record<Encoding, Buffer | null> = {
      br: readVariant('.br'),
      gzip: readVariant('.gz'),
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

    const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
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

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(path);
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
