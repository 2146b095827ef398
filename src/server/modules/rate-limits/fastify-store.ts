// @fastify/rate-limit's counters on our store (memory, or PostgreSQL so instances count together), timed by the
// app's clock: the limits of the routes that have their own (sign-in, sign-up, reset, resend), each under
// `route|<METHOD> <route pattern>|<client>`, the matched route, never the raw request line. The global API limit
// does not go through the plugin (plugins/security.ts).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitStore } from './store.ts';

/** What @fastify/rate-limit passes to child(): the route's merged limit settings and, in routeInfo, the route. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  method?: string | string[];
  url?: string;
}

export function routePrefix(options: ChildOptions): string {
  const route = options.routeInfo ?? options;
  const method = [route.method ?? 'ANY'].flat().join(',');
  return `route|${method} ${route.url ?? ''}|`;
}

export function fastifyStore(store: RateLimitStore, now: () => Date): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: unknown) {
      this.prefix = typeof options === 'string' ? options : 'api|';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const k = this.prefix + key;
      const ttl = (resetAt: Date | undefined) => Math.max(0, (resetAt?.getTime() ?? 0) - now().getTime());
      store
        .take(k, timeWindow, max)
        .then(async (hits) => {
          if (hits) return { current: hits.count, ttl: ttl(hits.resetAt) };
          // Refused without counting: report one over the limit (the plugin answers 429).
          return { current: max + 1, ttl: ttl((await store.peek(k))?.resetAt) };
        })
        .then(
          (result) => callback(null, result),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new SharedStore(routePrefix(routeOptions as ChildOptions));
    }
  }
  return SharedStore;
}
