// The rate-limit counters in PostgreSQL (table rate_limit_hits): one row per key and its fixed window. Every
// change is one statement, so instances counting the same key at the same moment cannot lose a hit. Times come
// from the app's clock (passed in), not the database's, so tests move through windows with their clock.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { rateLimitHits } from '#server/db/schema/index';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const returned = {
  count: rateLimitHits.count,
  expiresAt: rateLimitHits.expiresAt,
  lastHitAt: rateLimitHits.lastHitAt,
};

/**
 * Counts `hits` (default one): a new row, or a row whose window ended, starts a window of windowMs at `hits`; a
 * live row goes up by `hits` unless that would pass `max`. Returns the row after counting, or undefined when
 * refused (nothing counted).
 */
export async function takeHit(
  db: Executor,
  key: string,
  windowMs: number,
  max: number | null,
  now: Date,
  hits = 1,
) {
  const expiresAt = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitHits.expiresAt} <= ${at(now)}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: hits, windowStart: now, expiresAt, lastHitAt: now })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${ended} then ${hits} else ${rateLimitHits.count} + ${hits} end`,
        windowStart: sql`case when ${ended} then ${at(now)} else ${rateLimitHits.windowStart} end`,
        expiresAt: sql`case when ${ended} then ${at(expiresAt)} else ${rateLimitHits.expiresAt} end`,
        lastHitAt: at(now),
      },
      ...(max === null ? {} : { setWhere: sql`${ended} or ${rateLimitHits.count} + ${hits} <= ${max}` }),
    })
    .returning(returned);
  return row;
}

/** The key's row while its window lasts. */
export async function peekHits(db: Executor, key: string, now: Date) {
  const [row] = await db
    .select(returned)
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, now)));
  return row;
}

/** One hit fewer in the key's live window. */
export async function releaseHit(db: Executor, key: string, now: Date) {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, now), gt(rateLimitHits.count, 0)));
}

export async function deleteKey(db: Executor, key: string) {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Every key that starts with the prefix (compared as text, so `%` and `_` in it are plain characters). */
export async function deleteKeysWithPrefix(db: Executor, prefix: string) {
  await db.delete(rateLimitHits).where(sql`starts_with(${rateLimitHits.key}, ${prefix})`);
}

/** Deletes the rows whose window ended; returns how many. */
export async function purgeExpired(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.expiresAt, now))
    .returning({ key: rateLimitHits.key });
  return rows.length;
}
