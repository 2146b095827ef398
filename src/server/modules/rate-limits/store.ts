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

/** A key's counter in memory, times in ms. */
export interface MemoryHits {
  readonly count: number;
  readonly resetAt: number;
  readonly lastHitAt: number;
}

/** The memory store also answers at once, without a promise: the global limit counts every API request with it. */
export interface MemoryStore extends RateLimitStore {
  /** take() at once: the key's counter after this hit, or null when refused (not counted). */
  hitNow(key: string, windowMs: number, max: number | null): MemoryHits | null;
  /** When the key's live window ends (ms), or null when it has none. */
  endsAt(key: string): number | null;
}

interface Entry {
  count: number;
  resetAt: number;
  lastHitAt: number;
}

/**
 * Counters in this process's memory; at most `maxKeys` keys. Keys stay in the order their windows started (a hit
 * updates its counter in place), which with one window length is the order they end. A new key in a full store
 * makes room from the front, a hundredth of the store at a time: the expired keys there and then the windows that
 * started first (the nearest to ending, so the least is forgiven). A stream of new clients costs a short walk over
 * the front per hundredth, never a scan of every key per request.
 */
export function createMemoryStore(now: () => Date, maxKeys = MAX_KEYS): MemoryStore {
  const entries = new Map<string, Entry>();
  const keep = maxKeys - Math.max(1, Math.floor(maxKeys / 100));
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
    for (const [key, e] of entries) {
      if (e.resetAt > t && entries.size <= keep) break;
      entries.delete(key);
    }
  };
  const hitNow = (key: string, windowMs: number, max: number | null): Entry | null => {
    const t = now().getTime();
    const e = live(key, t);
    if (e) {
      if (max !== null && e.count >= max) return null;
      e.count += 1;
      e.lastHitAt = t;
      return e;
    }
    makeRoom(t);
    const fresh: Entry = { count: 1, resetAt: t + windowMs, lastHitAt: t };
    entries.set(key, fresh);
    return fresh;
  };

  return {
    hitNow,
    endsAt(key) {
      return live(key, now().getTime())?.resetAt ?? null;
    },
    async take(key, windowMs, max) {
      const e = hitNow(key, windowMs, max);
      return e ? view(e) : null;
    },
    async peek(key) {
      const e = live(key, now().getTime());
      return e ? view(e) : null;
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
