// What the server keeps out of caches and out of sight:
// - `Cache-Control: no-store` on every session and account response (sign-up, sign-in, the current user,
//   verification, password reset), by path below or by a route's `config.noStore`, errors included, so no
//   shared or browser cache keeps a user's data or a Set-Cookie.
// - In production the client's source maps (`*.map`) are not served unless SOURCE_MAPS=true. (The API
//   description at /api/docs is registered only when enabled: app.ts.)
import fp from 'fastify-plugin';
import { notFound } from '#server/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer with `Cache-Control: no-store` (account and session data). */
    noStore?: boolean;
  }
}

/** Paths whose responses carry session or account data. Account routes added later belong here too. */
const NO_STORE_PATHS = [
  /^\/api\/auth(\/|$)/,
  /^\/auth\//,
  /^\/api\/verify-email(\/|$)/,
  /^\/api\/resend-verification(\/|$)/,
  /^\/api\/account(\/|$)/,
];

function pathOf(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export default fp(
  async function hardeningPlugin(app, opts: { serveSourceMaps: boolean }) {
    app.addHook('onSend', async (req, reply) => {
      const path = pathOf(req.url);
      if (reply.routeOptions.config?.noStore || NO_STORE_PATHS.some((re) => re.test(path))) {
        reply.header('cache-control', 'no-store');
      }
    });

    if (!opts.serveSourceMaps) {
      app.addHook('onRequest', async (req) => {
        if (/\.map$/i.test(pathOf(req.url))) throw notFound();
      });
    }
  },
  { name: 'hardening' },
);
