// Security headers (helmet, strict CSP that the built client works under), CSRF defence for the cookie
// session (SameSite=Lax plus an Origin/Referer check on every state-changing request) and a global rate limit.
import fp from 'fastify-plugin';
import type { onRequestHookHandler } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '#server/errors';
import type { AppConfig } from '#server/config';
import { clientKey, createMemoryStore, fastifyStore } from '#server/modules/rate-limits';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public route that any site or mail provider may post to (the one-click unsubscribe, RFC 8058): no
     * Origin check. It must not act on the session.
     */
    crossSite?: boolean;
  }
}
const MINUTE_MS = 60_000;

const tooManyRequests = (ttlMs: number) =>
  new AppError('RATE_LIMITED', `Too many requests. Please try again in ${Math.ceil(ttlMs / 1000)} seconds.`);

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
          // blob: lets the admin's Verifications tab show an uploaded license image it read as a blob (decision
          // 0046); an image cannot run script, and frames and objects stay refused.
          imgSrc: ["'self'", 'data:', 'blob:'],
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
    app.addHook('onRequest', (req, _reply, done) => {
      if (SAFE_METHODS.has(req.method) || req.routeOptions.config?.crossSite === true) return done();
      const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
      // Not a browser request: SameSite=Lax already keeps the cookie away.
      if (origin === null || trustedOrigins.has(origin)) return done();
      done(new AppError('FORBIDDEN', 'Cross-site request refused'));
    });

    // A route's own limit (sign-in, sign-up, reset, resend): @fastify/rate-limit on the app's store, shared through
    // PostgreSQL when DATABASE_URL is set, on the app's clock.
    await app.register(rateLimit, {
      store: fastifyStore(app.ctx.rateLimits, app.ctx.now),
      global: false,
      // Decided on the matched route, never on the raw request line: an absolute-form target
      // (`POST http://host/api/auth/login HTTP/1.1`) reaches the same route and must count the same.
      allowList: (req) => !isLimitedRoute(req.routeOptions.url),
      // Per client address, IPv6 by its /64 (the same key as every other limit).
      keyGenerator: (req) => clientKey(req.ip),
      errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl),
    });

    // The global limit, on every API route without a limit of its own: per client address, counted in this
    // instance's memory and answered without a promise, so no request waits on the database or the event loop for
    // it (behind a load balancer each instance counts what it serves, and the balancer counts per client:
    // docs/deploy.md). A route hook, so it runs after the app's request hooks as the plugin's did (a refusal
    // names the signed-in user in the security log); the same headers and 429 as the plugin.
    const perClient = createMemoryStore(app.ctx.now);
    const max = config.RATE_LIMIT_GLOBAL_PER_MINUTE;
    const globalLimit: onRequestHookHandler = (req, reply, done) => {
      const key = `api|${clientKey(req.ip)}`;
      const hits = perClient.hitNow(key, MINUTE_MS, max);
      const ttl = Math.max(0, (hits?.resetAt ?? perClient.endsAt(key) ?? 0) - app.ctx.now().getTime());
      const seconds = String(Math.ceil(ttl / 1000));
      reply.header('x-ratelimit-limit', String(max));
      reply.header('x-ratelimit-remaining', String(hits ? max - hits.count : 0));
      reply.header('x-ratelimit-reset', seconds);
      if (hits) return done();
      reply.header('retry-after', seconds);
      done(tooManyRequests(ttl));
    };
    app.addHook('onRoute', (route) => {
      if (!isLimitedRoute(route.url) || route.config?.rateLimit) return;
      route.onRequest = [...[route.onRequest ?? []].flat(), globalLimit];
    });
  },
  { name: 'security' },
);
