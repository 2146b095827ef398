// @fastify/rate-limit's counters on our stores, timed by the app's clock. The global API limit counts under
// `api|<client>` in its own store (this instance's memory: no database work on any request, however many clients);
// a route with its own limit (sign-in, sign-up, reset, resend) under `route|<METHOD> <route pattern>|<client>` in
// the app's store (PostgreSQL with DATABASE_URL, so instances count together): the matched route, never the raw
// request line.
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

export function fastifyStore(
  stores: { global: RateLimitStore; routes: RateLimitStore },
  now: () => Date,
): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly store: RateLimitStore;

    constructor(options: unknown) {
      const route = typeof options === 'string';
      this.prefix = route ? options : 'api|';
      this.store = route ? stores.routes : stores.global;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const { store } = this;
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
