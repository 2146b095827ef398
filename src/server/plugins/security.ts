// Security headers (helmet, strict CSP that the built client works under), CSRF defence for the cookie
// session (SameSite=Lax plus an Origin/Referer check on every state-changing request) and a global rate limit.
import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '#server/errors';
import type { AppConfig } from '#server/config';
import { clientKey, createMemoryStore, fastifyStore } from '#server/modules/rate-limits';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** The routes under the rate limits: the API (`/api/...`, `/auth/me`), by the route's pattern. */
export function isLimitedRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && (routeUrl.startsWith('/api/') || routeUrl.startsWith('/auth/'));
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a state-changing request may come from: APP_URL's, never one derived from the request's own Host
 * header (a DNS-rebinding page would pass that). When APP_URL is on loopback, its other loopback spellings at the
 * same port count too (`npm run dev` opened as localhost instead of 127.0.0.1); no rebound name is among them.
 */
export function allowedOrigins(appUrl: string): ReadonlySet<string> {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_NAMES.includes(url.hostname)) {
    const port = url.port ? `:${url.port}` : '';
    for (const name of LOOPBACK_NAMES) origins.add(`${url.protocol}//${name}${port}`);
  }
  return origins;
}

export default fp(
  async function securityPlugin(app, opts: { config: AppConfig }) {
    const { config } = opts;
    const appOrigin = new URL(config.APP_URL);
    const wsOrigin = `${appOrigin.protocol === 'https:' ? 'wss:' : 'ws:'}//${appOrigin.host}`;

    // helmet is built once here: @fastify/helmet rebuilt (and re-parsed) the whole policy on every request,
    // about a tenth of the time of a small cached response (docs/benchmarks.md).
    const applySecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Inline style attributes are refused; React sets styles through the CSSOM, which CSP does not
          // govern. Inline <style> elements stay allowed: Radix's scroll lock (react-remove-scroll) and Select
          // viewport inject them at run time with computed content (decision record 0006).
          styleSrc: ["'self'"],
          styleSrcElem: ["'self'", "'unsafe-inline'"],
          styleSrcAttr: ["'none'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", wsOrigin],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only makes sense behind HTTPS in production.
      strictTransportSecurity: config.isProduction,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (req, reply, done) => {
      applySecurityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined));
    });

    const trustedOrigins = allowedOrigins(config.APP_URL);
    app.addHook('onRequest', async (req) => {
      if (SAFE_METHODS.has(req.method)) return;
      const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
      if (origin === null) return; // not a browser request: SameSite=Lax already keeps the cookie away
      if (!trustedOrigins.has(origin)) {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
    });

    await app.register(rateLimit, {
      // The global limit counts in this instance's memory, so no request waits on the database for it (behind a
      // load balancer each instance counts what it serves, and the balancer counts per client: docs/deploy.md).
      // A route's own limit (sign-in, sign-up, reset, resend) counts in the app's store, shared through
      // PostgreSQL when DATABASE_URL is set. Both on the app's clock.
      store: fastifyStore(
        { global: createMemoryStore(app.ctx.now), routes: app.ctx.rateLimits },
        app.ctx.now,
      ),
      global: true,
      max: config.RATE_LIMIT_GLOBAL_PER_MINUTE,
      timeWindow: '1 minute',
      // Decided on the matched route, never on the raw request line: an absolute-form target
      // (`POST http://host/api/auth/login HTTP/1.1`) reaches the same route and must count the same.
      allowList: (req) => !isLimitedRoute(req.routeOptions.url),
      // Per client address, IPv6 by its /64 (the same key as every other limit).
      keyGenerator: (req) => clientKey(req.ip),
      errorResponseBuilder: (_req, ctx) =>
        new AppError(
          'RATE_LIMITED',
          `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'security' },
);
