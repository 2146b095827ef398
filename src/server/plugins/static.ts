// Serves the built client: hashed assets cached for a year, index.html never cached, and the SPA fallback for
// every non-API path (the client renders its own Not Found page). Unknown API paths answer 404 JSON.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth/', '/ws', '/healthz', '/readyz', '/dev/'];
export const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));

export default fp(
  async function staticPlugin(app, opts: { webDist: string }) {
    const root = resolve(opts.webDist);
    const indexFile = join(root, 'index.html');
    const hasClient = existsSync(indexFile);
    // Read once at start: the client is built before the server starts, and a new build means a restart.
    const indexHtml = hasClient ? readFileSync(indexFile, 'utf8') : '';

    if (hasClient) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        cacheControl: false,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

    if (hasClient) {
      // The static handler refuses directories, so the landing page gets its own route.
      app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
        sendIndex(reply),
      );
    }

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(path);
      if (wantsPage && hasClient) return sendIndex(reply);
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
