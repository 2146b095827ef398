// The notifications table: who is told of what (the providers new work reaches, an estimate's bidders and owner, open
// accounts, public names), a person's list and unread count, and read marks. The email side's SQL is in
// notification-mail.repo.ts.
import { coversPointSql } from '#server/modules/geo';
import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import {
  bids,
  estimates,
  notifications,
  providerCredentials,
  users,
  type NotificationRow as StoredNotification,
} from '#server/db/schema/index';

export type NotificationRow = StoredNotification;
export type NewNotification = typeof notifications.$inferInsert;

const readColumns = getTableColumns(notifications);

/**
 * Providers whose plan is in force at `at` (a paid period or a trial not yet ended, or a plan without dates),
 * other than `exceptId`: the candidates the category rule (canAccess) then narrows down.
 */
export async function activeProviders(
  db: Executor,
  at: Date,
  exceptId: string,
  location: { lat: number; lng: number } | null = null,
) {
  return db
    .select({
      id: users.id,
      subscriptionPlan: users.subscriptionPlan,
      trialEndDate: users.trialEndDate,
      hasUsedTrial: users.hasUsedTrial,
      subscriptionExpiryDate: users.subscriptionExpiryDate,
      selectedCategory: users.selectedCategory,
      selectedTasks: users.selectedTasks,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'provider'),
        isNull(users.deletedAt),
        ne(users.subscriptionPlan, 'free'),
        ne(users.id, exceptId),
        // Work with a place goes only to the providers whose service area covers it (decision 0048).
        location ? coversPointSql(users.id, location.lat, location.lng) : undefined,
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
    .selectDistinct({ id: users.id })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
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
    .selectDistinct({ id: users.id })
    .from(users)
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

/** What a credential's notifications name: its kind, state and number, or insurer and policy (decision 0046). */
export async function credentialFacts(db: Executor, id: string) {
  const [row] = await db
    .select({
      kind: providerCredentials.kind,
      state: providerCredentials.state,
      number: providerCredentials.number,
      insurer: providerCredentials.insurer,
      policyNumber: providerCredentials.policyNumber,
      expiresOn: providerCredentials.expiresOn,
    })
    .from(providerCredentials)
    .where(eq(providerCredentials.id, id));
  return row;
}
