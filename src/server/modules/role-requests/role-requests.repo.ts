// The role_requests table: every query on it.
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { RoleRequestStatus } from '#domain/schemas/role-request.schema';
import type { Executor } from '#server/db/client';
import { roleRequests, users, type RoleRequestRow, type UserRow } from '#server/db/schema/index';

export type { RoleRequestRow };
export type NewRoleRequest = typeof roleRequests.$inferInsert;

/** Inserts a pending request; undefined when the user already has one pending (the partial unique index). */
export async function insertPendingRequest(
  db: Executor,
  values: Omit<NewRoleRequest, 'status'>,
): Promise<RoleRequestRow | undefined> {
  const [row] = await db
    .insert(roleRequests)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The user's requests, newest first. */
export function listUserRequests(db: Executor, userId: string): Promise<RoleRequestRow[]> {
  return db
    .select()
    .from(roleRequests)
    .where(eq(roleRequests.userId, userId))
    .orderBy(desc(roleRequests.requestedAt), desc(roleRequests.id))
    .limit(200);
}

export type RequestWithUser = { request: RoleRequestRow; user: UserRow };

/**
 * Requests of users whose account is open, with the user: pending ones oldest first (the review queue),
 * otherwise newest first.
 */
export function listRequestsWithUsers(
  db: Executor,
  status: RoleRequestStatus | 'all',
): Promise<RequestWithUser[]> {
  const where: SQL | undefined =
    status === 'all'
      ? isNull(users.deletedAt)
      : and(eq(roleRequests.status, status), isNull(users.deletedAt));
  const order =
    status === 'pending'
      ? [asc(roleRequests.requestedAt), asc(roleRequests.id)]
      : [desc(roleRequests.requestedAt), desc(roleRequests.id)];
  return db
    .select({ request: roleRequests, user: users })
    .from(roleRequests)
    .innerJoin(users, eq(users.id, roleRequests.userId))
    .where(where)
    .orderBy(...order)
    .limit(500);
}

/** The request and its (open) user, the request row locked until the transaction ends. */
export async function lockRequestWithUser(db: Executor, id: string): Promise<RequestWithUser | undefined> {
  const [row] = await db
    .select({ request: roleRequests, user: users })
    .from(roleRequests)
    .innerJoin(users, eq(users.id, roleRequests.userId))
    .where(and(eq(roleRequests.id, id), isNull(users.deletedAt)))
    .for('update', { of: roleRequests })
    .limit(1);
  return row;
}

export async function markReviewed(
  db: Executor,
  id: string,
  values: {
    status: 'approved' | 'denied';
    reviewedAt: Date;
    reviewedBy: string;
    adminComment: string | null;
  },
): Promise<RoleRequestRow | undefined> {
  const [row] = await db
    .update(roleRequests)
    .set(values)
    .where(and(eq(roleRequests.id, id), eq(roleRequests.status, 'pending')))
    .returning();
  return row;
}
