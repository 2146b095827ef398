// The notifications tables: who is told about new posted work and about edits of work they bid on, a provider's
// list and unread count, read marks, the email switch, and the digest's claim (one mail per provider per hour, also
// across instances).
import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import {
  bids,
  estimates,
  notifications,
  notificationSettings,
  users,
  type NotificationRow as StoredNotification,
} from '#server/db/schema/index';

export type NotificationRow = StoredNotification;
export type NewNotification = typeof notifications.$inferInsert;

const readColumns = getTableColumns(notifications);

/** Whether a provider's email digest is on (no settings row: the default, on). */
const emailOn = sql<boolean>`coalesce(${notificationSettings.emailEnabled}, true)`;

/**
 * Providers whose plan is in force at `at` (a paid period or a trial not yet ended, or a plan without dates),
 * other than `exceptId`: the candidates the category rule (canAccess) then narrows down.
 */
export async function activeProviders(db: Executor, at: Date, exceptId: string) {
  return db
    .select({
      id: users.id,
      subscriptionPlan: users.subscriptionPlan,
      trialEndDate: users.trialEndDate,
      hasUsedTrial: users.hasUsedTrial,
      subscriptionExpiryDate: users.subscriptionExpiryDate,
      selectedCategory: users.selectedCategory,
      selectedTasks: users.selectedTasks,
      emailEnabled: emailOn,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        eq(users.role, 'provider'),
        isNull(users.deletedAt),
        ne(users.subscriptionPlan, 'free'),
        ne(users.id, exceptId),
        or(
          gt(users.subscriptionExpiryDate, at),
          and(
            isNull(users.subscriptionExpiryDate),
            or(isNull(users.trialEndDate), gt(users.trialEndDate, at)),
          ),
        ),
      ),
    );
}

/** The providers with a bid standing on the estimate (not withdrawn), each once, open accounts, not `exceptId`. */
export async function bidders(db: Executor, estimateId: string, exceptId: string) {
  return db
    .selectDistinct({ id: users.id, emailEnabled: emailOn })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        eq(bids.estimateId, estimateId),
        ne(bids.status, 'withdrawn'),
        isNull(users.deletedAt),
        ne(users.id, exceptId),
      ),
    );
}

/** These users, each once, if their accounts are open, with whether their email digest is on. */
export async function openAccounts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectDistinct({ id: users.id, emailEnabled: emailOn })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
}

/** The title of an estimate (deleted ones too), or null when there is none. */
export async function estimateTitle(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ title: estimates.title }).from(estimates).where(eq(estimates.id, id));
  return row?.title ?? null;
}

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<void> {
  // One statement per 1,000 rows keeps each within PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(notifications).values(rows.slice(i, i + 1000));
  }
}

export async function listNotifications(
  db: Executor,
  userId: string,
  q: { page: number; pageSize: number; unread: boolean },
) {
  const where = and(eq(notifications.userId, userId), q.unread ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select(readColumns)
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, userId),
  ]);
  return { rows, total: total?.n ?? 0, unread };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own unread notifications read (the given ids, or all); another user's ids change nothing. */
export async function markRead(
  db: Executor,
  userId: string,
  ids: string[] | null,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function emailEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: notificationSettings.emailEnabled })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? true;
}

/** Turns the digest on or off; off also drops what was waiting for it. */
export async function setEmailEnabled(db: Executor, userId: string, on: boolean): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, emailEnabled: on })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailEnabled: on } });
  if (!on) {
    await db
      .update(notifications)
      .set({ emailPending: false })
      .where(and(eq(notifications.userId, userId), eq(notifications.emailPending, true)));
  }
}

/** Providers with notifications waiting for a digest that is due (email on, the last one an hour old or more). */
export async function digestCandidates(db: Executor, at: Date, everyMs: number, limit: number) {
  const due = new Date(at.getTime() - everyMs);
  return db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(
      and(
        eq(notifications.emailPending, true),
        isNull(users.deletedAt),
        emailOn,
        or(isNull(notificationSettings.lastEmailedAt), lte(notificationSettings.lastEmailedAt, due)),
      ),
    )
    .limit(limit);
}

/**
 * Claims the user's digest slot: sets lastEmailedAt to `at` only when email is on and the last digest is an
 * hour old or more. True when this caller won (two instances never both mail the same hour).
 */
export async function claimDigest(db: Executor, userId: string, at: Date, everyMs: number): Promise<boolean> {
  const due = new Date(at.getTime() - everyMs);
  const rows = await db
    .insert(notificationSettings)
    .values({ userId, emailEnabled: true, lastEmailedAt: at })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { lastEmailedAt: at },
      setWhere: and(
        eq(notificationSettings.emailEnabled, true),
        or(isNull(notificationSettings.lastEmailedAt), lte(notificationSettings.lastEmailedAt, due)),
      ),
    })
    .returning({ userId: notificationSettings.userId });
  return rows.length > 0;
}

/** Takes the user's pending notifications out of the digest queue and returns them, oldest first. */
export async function takePending(db: Executor, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ emailPending: false })
    .where(and(eq(notifications.userId, userId), eq(notifications.emailPending, true)))
    .returning(readColumns);
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Puts notifications back in the queue and frees the slot after a mail that could not be sent. */
export async function releaseDigest(db: Executor, userId: string, ids: string[]) {
  await db
    .update(notificationSettings)
    .set({ lastEmailedAt: null })
    .where(eq(notificationSettings.userId, userId));
  if (ids.length > 0) {
    await db.update(notifications).set({ emailPending: true }).where(inArray(notifications.id, ids));
  }
}

/** The recipient of a digest. */
export async function findRecipient(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, verified: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

/** The names the writers show as a notification's actor (closed accounts too: their names are redacted). */
export async function namesOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** An estimate's title and its owner's id (deleted estimates too), or null when there is none. */
export async function estimateOwner(db: Executor, id: string) {
  const [row] = await db
    .select({ title: estimates.title, ownerId: estimates.ownerId })
    .from(estimates)
    .where(eq(estimates.id, id));
  return row ?? null;
}
