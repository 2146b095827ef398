// Where rate-limit counters live: fixed windows per key (a window starts at the key's first hit and lasts
// windowMs), timed by the app's clock. In memory: the global API limit always (each instance counts what it
// serves), every limit on the embedded database (one process). In PostgreSQL when DATABASE_URL is set, for the
// limits instances behind a load balancer must count together: sign-in, sign-up, reset, resend (postgres-store.ts).

/** A key's counter in its live window. */
export interface Hits {
  count: number;
  /** When the window ends and the key starts from zero. */
  resetAt: Date;
  /** The latest hit counted. */
  lastHitAt: Date;
}

export interface RateLimitStore {
  /**
   * Counts one hit on the key if its live window holds fewer than `max` (null: no cap); a key without a live
   * window starts one of `windowMs`. Returns the counter after this hit, or null when refused (not counted).
   */
  take(key: string, windowMs: number, max: number | null): Promise<Hits | null>;
  /** The key's counter in its live window, without counting; null when it has none. */
  peek(key: string): Promise<Hits | null>;
  /** Takes back one hit from the key's live window (an attempt that, in the end, does not count). */
  release(key: string): Promise<void>;
  /** Forgets the key; with `prefix`, every key that starts with it. */
  clear(key: string, opts?: { prefix?: boolean }): Promise<void>;
}

const MAX_KEYS = 100_000;
/** When full, expired keys are looked for at most this often; in between, the least recently hit key goes. */
const SWEEP_EVERY_MS = 1000;

interface Entry {
  count: number;
  resetAt: number;
  lastHitAt: number;
}

/** The memory store also answers at once, without a promise: the global limit counts every API request with it. */
export interface MemoryStore extends RateLimitStore {
  takeNow(key: string, windowMs: number, max: number | null): Hits | null;
  peekNow(key: string): Hits | null;
}

/**
 * Counters in this process's memory; at most `maxKeys` keys. A new key in a full store makes room: the expired
 * keys go (looked for at most once a second, so a stream of new clients never rescans the whole map per request),
 * then the least recently hit.
 */
export function createMemoryStore(now: () => Date, maxKeys = MAX_KEYS): MemoryStore {
  const entries = new Map<string, Entry>();
  let lastSweep = -Infinity;
  const live = (key: string, t: number) => {
    const e = entries.get(key);
    if (e && e.resetAt <= t) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const view = (e: Entry): Hits => ({
    count: e.count,
    resetAt: new Date(e.resetAt),
    lastHitAt: new Date(e.lastHitAt),
  });
  const makeRoom = (t: number) => {
    if (entries.size < maxKeys) return;
    if (t - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = t;
      for (const [key, e] of entries) if (e.resetAt <= t) entries.delete(key);
    }
    // Still full: drop the least recently hit (a Map iterates in insertion order; take() re-inserts).
    while (entries.size >= maxKeys) {
      const first = entries.keys().next().value;
      if (first === undefined) break;
      entries.delete(first);
    }
  };

  const takeNow = (key: string, windowMs: number, max: number | null): Hits | null => {
    const t = now().getTime();
    const e = live(key, t);
    if (e && max !== null && e.count >= max) return null;
    if (!e) makeRoom(t);
    const next: Entry = e
      ? { ...e, count: e.count + 1, lastHitAt: t }
      : { count: 1, resetAt: t + windowMs, lastHitAt: t };
    entries.delete(key);
    entries.set(key, next);
    return view(next);
  };
  const peekNow = (key: string): Hits | null => {
    const e = live(key, now().getTime());
    return e ? view(e) : null;
  };

  return {
    takeNow,
    peekNow,
    async take(key, windowMs, max) {
      return takeNow(key, windowMs, max);
    },
    async peek(key) {
      return peekNow(key);
    },
    async release(key) {
      const e = live(key, now().getTime());
      if (e && e.count > 0) e.count -= 1;
    },
    async clear(key, opts = {}) {
      if (!opts.prefix) {
        entries.delete(key);
        return;
      }
      for (const k of [...entries.keys()]) if (k.startsWith(key)) entries.delete(k);
    },
  };
}
