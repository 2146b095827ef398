// The rate-limit store in PostgreSQL (DATABASE_URL): every instance on the database counts together. Expired rows
// are purged on the way, at most once a minute per process, by the hit that finds the minute passed.
import type { Db } from '#server/db/client';
import * as repo from './rate-limits.repo.ts';
import type { Hits, RateLimitStore } from './store.ts';

const PURGE_EVERY_MS = 60_000;

const toHits = (row: { count: number; expiresAt: Date; lastHitAt: Date }): Hits => ({
  count: row.count,
  resetAt: row.expiresAt,
  lastHitAt: row.lastHitAt,
});

export function createPostgresStore(db: Db, now: () => Date): RateLimitStore {
  let lastPurge = now().getTime();

  async function purgeNow(t: Date) {
    if (t.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = t.getTime();
    await repo.purgeExpired(db, t);
  }

  return {
    async take(key, windowMs, max) {
      const t = now();
      await purgeNow(t);
      const row = await repo.takeHit(db, key, windowMs, max, t);
      return row ? toHits(row) : null;
    },
    async peek(key) {
      const row = await repo.peekHits(db, key, now());
      return row ? toHits(row) : null;
    },
    async release(key) {
      await repo.releaseHit(db, key, now());
    },
    async clear(key, opts = {}) {
      await (opts.prefix ? repo.deleteKeysWithPrefix(db, key) : repo.deleteKey(db, key));
    },
  };
}
