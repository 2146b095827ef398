// The scheduled_work table: adding an item (one unfinished item per key), the claim of due items with
// FOR UPDATE SKIP LOCKED (each item goes to one instance; a claim whose lease passed is claimable again), and
// finishing, retrying, moving a recurring item forward and purging finished ones. Times are the app's clock.
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { scheduledWork, type ScheduledWorkRow } from '#server/db/schema/index';

export type { ScheduledWorkRow };

/** Adds an item; with a key, nothing when an unfinished item has that key already. */
export async function insertItem(
  db: Executor,
  item: { kind: string; key: string | null; payload: unknown; dueAt: Date },
): Promise<void> {
  await db
    .insert(scheduledWork)
    .values({ kind: item.kind, key: item.key, payload: item.payload ?? {}, dueAt: item.dueAt })
    .onConflictDoNothing({ target: scheduledWork.key, where: sql`done_at is null` });
}

/**
 * The recurring item of a kind (keyed by it): added when missing, due at `dueAt` at the latest (a shorter interval
 * than the one it was scheduled with brings it forward).
 */
export async function ensureRecurring(db: Executor, kind: string, dueAt: Date): Promise<void> {
  await db
    .insert(scheduledWork)
    .values({ kind, key: kind, payload: {}, dueAt })
    .onConflictDoUpdate({
      target: scheduledWork.key,
      targetWhere: sql`done_at is null`,
      set: { dueAt: sql`least(${scheduledWork.dueAt}, excluded.due_at)` },
    });
}

/**
 * Claims up to `limit` due items of these kinds for `by`, oldest due first, in one statement: an item is due when
 * unfinished, its time has come and no lease on it lasts. Rows another instance is claiming at this moment are
 * skipped (SKIP LOCKED), so no item goes to two. Each claim counts an attempt and holds the item for its kind's
 * lease.
 */
export async function claimDue(
  db: Executor,
  q: { kinds: { kind: string; leaseMs: number }[]; by: string; now: Date; limit: number },
): Promise<ScheduledWorkRow[]> {
  if (q.kinds.length === 0) return [];
  const kinds = sql.join(
    q.kinds.map((k) => sql`${k.kind}::text`),
    sql`, `,
  );
  const leases = sql.join(
    q.kinds.map((k) => sql`${Math.round(k.leaseMs)}::int`),
    sql`, `,
  );
  const now = q.now.toISOString();
  const result = await db.execute<{ id: string }>(sql`
    with lease as (
      select * from unnest(array[${kinds}], array[${leases}]) as l(kind, ms)
    ), due as (
      select w.id, lease.ms from scheduled_work w join lease on lease.kind = w.kind
      where w.done_at is null and w.due_at <= ${now}::timestamptz
        and (w.locked_until is null or w.locked_until <= ${now}::timestamptz)
      order by w.due_at
      limit ${q.limit}
      for update of w skip locked
    )
    update scheduled_work w
    set claimed_by = ${q.by}, attempts = w.attempts + 1,
      locked_until = ${now}::timestamptz + due.ms * interval '1 millisecond'
    from due where w.id = due.id
    returning w.id`);
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  // Read back through the schema, so the columns come out typed (dates, json).
  const rows = await db.select().from(scheduledWork).where(inArray(scheduledWork.id, ids));
  return rows.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** The claim is still `by`'s: no other instance took the item over after its lease passed. */
const stillClaimedBy = (id: string, by: string) =>
  and(eq(scheduledWork.id, id), eq(scheduledWork.claimedBy, by));

/**
 * Marks a claimed item finished: done, or given up after its last attempt with the error it ended on. Nothing when
 * the claim was lost meanwhile.
 */
export async function finish(
  db: Executor,
  id: string,
  by: string,
  at: Date,
  lastError: string | null,
): Promise<void> {
  await db
    .update(scheduledWork)
    .set({ doneAt: at, lockedUntil: null, lastError })
    .where(stillClaimedBy(id, by));
}

/**
 * Frees a claimed item to run again at `dueAt` (a retry, or a recurring item's next run). Nothing when the claim
 * was lost meanwhile.
 */
export async function release(
  db: Executor,
  id: string,
  by: string,
  q: { dueAt: Date; lastError: string | null; resetAttempts: boolean },
): Promise<void> {
  await db
    .update(scheduledWork)
    .set({
      dueAt: q.dueAt,
      claimedBy: null,
      lockedUntil: null,
      lastError: q.lastError,
      ...(q.resetAttempts ? { attempts: 0 } : {}),
    })
    .where(stillClaimedBy(id, by));
}

/** Removes items finished before `before`. */
export async function purgeFinished(db: Executor, before: Date): Promise<void> {
  await db
    .delete(scheduledWork)
    .where(and(isNotNull(scheduledWork.doneAt), lt(scheduledWork.doneAt, before)));
}
