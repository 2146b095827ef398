// The rate-limit store in PostgreSQL (DATABASE_URL): every instance on the database counts together. Expired rows
// are purged on the way, at most once a minute per process, by the hit that finds the minute passed.
//
// A generous cap (the global API limit, 600 a minute per client) would otherwise cost one write per API request.
// So a process takes hits from the shared count in small leases (a twentieth of the cap, reserved in one
// statement) and hands them out from memory. The shared count never passes the cap, since a lease is counted
// before it is used; near the cap a lease no longer fits and each hit is counted on its own again, exactly. What a
// process leased and did not use is lost to the other instances for the rest of the window (at most a twentieth
// of the cap per instance). Parallel hits of one client wait for the lease being taken for their key and draw on
// it, so a burst of them takes one lease, not one each (which spent the window's cap at the first burst). Small caps (the sign-in limits, 10 or 20) lease one hit: every hit is a statement.
import type { Db } from '#server/db/client';
import * as repo from './rate-limits.repo.ts';
import type { Hits, RateLimitStore } from './store.ts';

const PURGE_EVERY_MS = 60_000;
/** A lease is this fraction of the cap. */
const LEASE_DIVISOR = 20;
/** Leases held at once (one per client key); expired ones go at the minute's purge, then the oldest. */
const MAX_LEASES = 100_000;

interface Lease {
  /** Hits of the lease not handed out yet. */
  left: number;
  /** The shared count right after the lease was taken. */
  count: number;
  resetAt: Date;
}

const toHits = (row: { count: number; expiresAt: Date; lastHitAt: Date }): Hits => ({
  count: row.count,
  resetAt: row.expiresAt,
  lastHitAt: row.lastHitAt,
});

export const leaseSize = (max: number | null) =>
  max === null ? 1 : Math.max(1, Math.floor(max / LEASE_DIVISOR));

export function createPostgresStore(db: Db, now: () => Date): RateLimitStore {
  let lastPurge = now().getTime();
  const leases = new Map<string, Lease>();

  async function purgeNow(t: Date) {
    if (t.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = t.getTime();
    for (const [key, lease] of leases) if (lease.resetAt <= t) leases.delete(key);
    await repo.purgeExpired(db, t);
  }

  function fromLease(key: string, t: Date): Hits | null {
    const lease = leases.get(key);
    if (!lease) return null;
    if (lease.resetAt <= t || lease.left === 0) {
      leases.delete(key);
      return null;
    }
    lease.left -= 1;
    return { count: lease.count - lease.left, resetAt: lease.resetAt, lastHitAt: t };
  }

  /** Leases being taken, per key: parallel hits of one client wait for it rather than each taking a lease. */
  const taking = new Map<string, Promise<unknown>>();

  return {
    async take(key, windowMs, max) {
      let t = now();
      for (;;) {
        const leased = fromLease(key, t);
        if (leased) return leased;
        const pending = taking.get(key);
        if (!pending) break;
        await pending.catch(() => {});
        t = now();
      }
      const size = leaseSize(max);
      if (size > 1) {
        // Registered before the first await, so the hits arriving meanwhile wait for this lease.
        const taken = purgeNow(t).then(() => repo.takeHit(db, key, windowMs, max, t, size));
        taking.set(key, taken);
        let row: Awaited<typeof taken>;
        try {
          row = await taken;
        } finally {
          taking.delete(key);
        }
        if (row) {
          if (leases.size >= MAX_LEASES) leases.delete(leases.keys().next().value!);
          leases.set(key, { left: size - 1, count: row.count, resetAt: row.expiresAt });
          return { ...toHits(row), count: row.count - (size - 1) };
        }
      } else {
        await purgeNow(t);
      }
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
      for (const k of [...leases.keys()]) if (opts.prefix ? k.startsWith(key) : k === key) leases.delete(k);
      await (opts.prefix ? repo.deleteKeysWithPrefix(db, key) : repo.deleteKey(db, key));
    },
  };
}
