// The per-account half of the auth rate limits (the per-IP half is @fastify/rate-limit on each route).
// A sliding window in memory, keyed by action and lower-cased email, timed by the app's clock. It is per
// process: with several server instances each one counts on its own, which only makes the limit looser.
export interface AccountLimiter {
  /** Seconds to wait when the key already used its allowance in the window, else null. */
  retryAfter(key: string): number | null;
  /** Counts one attempt for the key. */
  hit(key: string): void;
  /** Forgets the key (a successful login clears the failed attempts). */
  reset(key: string): void;
}

const MAX_KEYS = 50_000;

export function createAccountLimiter(opts: {
  max: number;
  windowMs: number;
  now: () => Date;
}): AccountLimiter {
  const hits = new Map<string, number[]>();

  const live = (key: string): number[] => {
    const t = opts.now().getTime();
    const list = (hits.get(key) ?? []).filter((at) => t - at < opts.windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };

  return {
    retryAfter(key) {
      const list = live(key);
      if (list.length < opts.max) return null;
      const oldest = list[list.length - opts.max] ?? opts.now().getTime();
      return Math.max(1, Math.ceil((oldest + opts.windowMs - opts.now().getTime()) / 1000));
    },
    hit(key) {
      const list = live(key);
      list.push(opts.now().getTime());
      hits.delete(key);
      hits.set(key, list);
      if (hits.size > MAX_KEYS) {
        // Bounded memory: drop the key that was touched longest ago (Map keeps insertion order).
        const first = hits.keys().next().value;
        if (first !== undefined) hits.delete(first);
      }
    },
    reset(key) {
      hits.delete(key);
    },
  };
}
