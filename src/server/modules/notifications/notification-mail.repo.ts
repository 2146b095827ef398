// Notification email's tables (decision 0043): each person's choices and unsubscribe key, what the planner reads
// (set-based: one statement for a fan-out of thousands), the composer's claim of due notifications, the outbox
// (notification_mail) and its sender's claim (FOR UPDATE SKIP LOCKED with a lease), and the admins' Mail view.
// Times are the app's clock.
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import {
  notificationMail,
  notifications,
  notificationSettings,
  users,
  type NotificationMailRow,
  type NotificationRow,
} from '#server/db/schema/index';

export type { NotificationMailRow, NotificationRow };

/** Statements take at most this many ids at once (PostgreSQL's parameter limit is 65,535). */
const CHUNK = 1000;

async function chunked<T>(ids: readonly string[], run: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await run(ids.slice(i, i + CHUNK))));
  return out;
}

/** What deciding a person's email takes: their role, plan, ZIP code, address, stored choices and key. */
export async function recipients(db: Executor, ids: readonly string[]) {
  return chunked([...new Set(ids)], (part) =>
    db
      .select({
        id: users.id,
        role: users.role,
        adminExpiresAt: users.adminExpiresAt,
        email: users.email,
        firstName: users.firstName,
        emailVerifiedAt: users.emailVerifiedAt,
        deletedAt: users.deletedAt,
        zipCode: users.zipCode,
        subscriptionPlan: users.subscriptionPlan,
        trialEndDate: users.trialEndDate,
        hasUsedTrial: users.hasUsedTrial,
        subscriptionExpiryDate: users.subscriptionExpiryDate,
        emailChoices: notificationSettings.emailChoices,
        unsubscribeKey: notificationSettings.unsubscribeKey,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(inArray(users.id, part)),
  );
}
export type Recipient = Awaited<ReturnType<typeof recipients>>[number];

/** The newest mail of each of these kinds (or digests) per person, made after `since`. */
export async function lastMails(db: Executor, ids: readonly string[], kinds: readonly string[], since: Date) {
  if (kinds.length === 0) return [];
  return chunked([...new Set(ids)], (part) =>
    db
      .select({
        userId: notificationMail.userId,
        kind: notificationMail.kind,
        at: sql<string>`max(${notificationMail.createdAt})`.mapWith((v: string) => new Date(v)),
      })
      .from(notificationMail)
      .where(
        and(
          inArray(notificationMail.userId, part),
          inArray(notificationMail.kind, [...new Set(kinds)]),
          gt(notificationMail.createdAt, since),
        ),
      )
      .groupBy(notificationMail.userId, notificationMail.kind),
  );
}

/** The earliest due time of each kind's waiting notifications per person. */
export async function pendingDue(db: Executor, ids: readonly string[], kinds: readonly string[]) {
  if (kinds.length === 0) return [];
  return chunked([...new Set(ids)], (part) =>
    db
      .select({
        userId: notifications.userId,
        kind: notifications.kind,
        at: sql<string>`min(${notifications.emailDueAt})`.mapWith((v: string) => new Date(v)),
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.emailState, 'pending'),
          inArray(notifications.userId, part),
          inArray(notifications.kind, [...new Set(kinds)]),
        ),
      )
      .groupBy(notifications.userId, notifications.kind),
  );
}

/**
 * Takes every due notification of up to `people` persons out of the queue (state 'queued'), in the caller's
 * transaction. A person is taken whole or not at all: a transaction-scoped advisory lock per person, tried without
 * waiting, leaves the persons another instance is composing for at this moment to it, so no notification is mailed
 * twice and one person's digest is never split between two instances; a rollback puts them all back.
 */
export async function claimDueNotifications(
  db: Executor,
  now: Date,
  people: number,
): Promise<NotificationRow[]> {
  const at = now.toISOString();
  const result = await db.execute<{ id: string }>(sql`
    with waiting as (
      select user_id from notifications
      where email_state = 'pending' and email_due_at <= ${at}::timestamptz
      group by user_id order by min(email_due_at) limit ${people * 4}
    ), mine as (
      select user_id from waiting
      where pg_try_advisory_xact_lock(hashtextextended('notification_mail:' || user_id::text, 0))
      limit ${people}
    ), due as (
      select n.id from notifications n join mine on mine.user_id = n.user_id
      where n.email_state = 'pending' and n.email_due_at <= ${at}::timestamptz
      for update of n
    )
    update notifications n set email_state = 'queued' from due where n.id = due.id
    returning n.id`);
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await chunked(ids, (part) =>
    db.select().from(notifications).where(inArray(notifications.id, part)),
  );
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Notifications taken but not mailed: 'skipped' (no confirmed address, the kind's email turned off). */
export async function skipNotifications(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await chunked(ids, async (part) => {
    await db.update(notifications).set({ emailState: 'skipped' }).where(inArray(notifications.id, part));
    return [];
  });
}

/** Notifications put back in the queue until `dueAt` (their kind's window had a mail in it). */
export async function deferNotifications(db: Executor, ids: readonly string[], dueAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await chunked(ids, async (part) => {
    await db
      .update(notifications)
      .set({ emailState: 'pending', emailDueAt: dueAt })
      .where(inArray(notifications.id, part));
    return [];
  });
}

/** The pending notifications of these kinds of one person become 'none' (their email was turned off). */
export async function dropPending(db: Executor, userId: string, kinds: readonly string[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .update(notifications)
    .set({ emailState: 'none', emailDueAt: null })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.emailState, 'pending'),
        inArray(notifications.kind, [...kinds]),
      ),
    );
}

/** The pending notifications of these kinds of one person move to `dueAt` (their kind's choice changed). */
export async function reschedulePending(
  db: Executor,
  userId: string,
  kinds: readonly string[],
  dueAt: Date,
): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .update(notifications)
    .set({ emailDueAt: dueAt })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.emailState, 'pending'),
        inArray(notifications.kind, [...kinds]),
      ),
    );
}

/**
 * Each person's unsubscribe key, made where they have none (`fresh` offers one per person); the keys in force
 * come back. One statement, so two instances that make one at once end with the same.
 */
export async function ensureUnsubscribeKeys(
  db: Executor,
  fresh: readonly { userId: string; key: string }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const rows = await db
      .insert(notificationSettings)
      .values(fresh.slice(i, i + CHUNK).map((f) => ({ userId: f.userId, unsubscribeKey: f.key })))
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: {
          unsubscribeKey: sql`coalesce(${notificationSettings.unsubscribeKey}, excluded.unsubscribe_key)`,
        },
      })
      .returning({ userId: notificationSettings.userId, key: notificationSettings.unsubscribeKey });
    for (const r of rows) if (r.key) out.set(r.userId, r.key);
  }
  return out;
}

/** A person's stored choices and key (no row: none stored). */
export async function settingsOf(db: Executor, userId: string) {
  const [row] = await db
    .select({
      emailChoices: notificationSettings.emailChoices,
      unsubscribeKey: notificationSettings.unsubscribeKey,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/** Replaces a person's stored choices (the kinds they changed). */
export async function saveChoices(
  db: Executor,
  userId: string,
  choices: Record<string, string>,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, emailChoices: choices })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailChoices: choices } });
}

/** A person who may be told by mail (open account), for preferences and unsubscribe links. */
export async function person(db: Executor, userId: string) {
  const [row] = await recipients(db, [userId]);
  return row && row.deletedAt === null ? row : null;
}

export type NewNotificationMail = typeof notificationMail.$inferInsert;

export async function insertMails(db: Executor, rows: NewNotificationMail[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(notificationMail).values(rows.slice(i, i + CHUNK));
  }
}

/**
 * Claims up to `limit` pending mails whose time has come for `by` until `until`, in one statement: SKIP LOCKED
 * and the lease keep every mail to one sender at a time across instances.
 */
export async function claimMails(
  db: Executor,
  q: { by: string; now: Date; until: Date; limit: number },
): Promise<NotificationMailRow[]> {
  const now = q.now.toISOString();
  const result = await db.execute<{ id: string }>(sql`
    with due as (
      select id from notification_mail
      where status = 'pending' and next_attempt_at <= ${now}::timestamptz
        and (claimed_until is null or claimed_until <= ${now}::timestamptz)
      order by next_attempt_at
      limit ${q.limit}
      for update skip locked
    )
    update notification_mail m set claimed_by = ${q.by}, claimed_until = ${q.until.toISOString()}::timestamptz
    from due where m.id = due.id
    returning m.id`);
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(notificationMail).where(inArray(notificationMail.id, ids));
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

const claimedBy = (id: string, by: string) =>
  and(
    eq(notificationMail.id, id),
    eq(notificationMail.claimedBy, by),
    eq(notificationMail.status, 'pending'),
  );

export async function markSent(db: Executor, id: string, by: string, at: Date): Promise<void> {
  await db
    .update(notificationMail)
    .set({
      status: 'sent',
      sentAt: at,
      attempts: sql`${notificationMail.attempts} + 1`,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(claimedBy(id, by));
}

/** A refused mail: tried again at `nextAttemptAt`, or 'failed' when given up on. */
export async function markRefused(
  db: Executor,
  id: string,
  by: string,
  r: { error: string; nextAttemptAt: Date; failed: boolean },
): Promise<void> {
  await db
    .update(notificationMail)
    .set({
      attempts: sql`${notificationMail.attempts} + 1`,
      lastError: r.error,
      nextAttemptAt: r.nextAttemptAt,
      status: r.failed ? 'failed' : 'pending',
      claimedBy: null,
      claimedUntil: null,
    })
    .where(claimedBy(id, by));
}

/** The admins' Mail view: notification mail of one status, newest first, without bodies. */
export async function listMail(db: Executor, q: { status: string; page: number; pageSize: number }) {
  const where = eq(notificationMail.status, q.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notificationMail.id,
        to: notificationMail.to,
        subject: notificationMail.subject,
        kind: notificationMail.kind,
        status: notificationMail.status,
        attempts: notificationMail.attempts,
        lastError: notificationMail.lastError,
        createdAt: notificationMail.createdAt,
        sentAt: notificationMail.sentAt,
        nextAttemptAt: notificationMail.nextAttemptAt,
      })
      .from(notificationMail)
      .where(where)
      .orderBy(desc(notificationMail.createdAt), desc(notificationMail.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(notificationMail).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
