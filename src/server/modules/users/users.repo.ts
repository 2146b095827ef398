// The users table: every query that reads or writes accounts. Other modules reach it through ./index.ts.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { users, type UserRow } from '#server/db/schema/index';

export type { UserRow };
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id'>>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

async function findUser(db: Executor, where: SQL | undefined): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

/** Any user with this email, soft-deleted ones included (softDeleteUser gives a deleted account a tombstone address, which frees the real one). */
export const findUserByEmailAnyState = (db: Executor, email: string) =>
  findUser(db, eq(users.email, normalizeEmail(email)));

/** A user who can sign in: not soft-deleted. */
export const findActiveUserByEmail = (db: Executor, email: string) =>
  findUser(db, and(eq(users.email, normalizeEmail(email)), isNull(users.deletedAt)));

export const findActiveUserById = (db: Executor, id: string) =>
  findUser(db, and(eq(users.id, id), isNull(users.deletedAt)));

/** Inserts a user; undefined when the email is already taken (unique index), so races answer 409 too. */
export async function insertUser(db: Executor, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(db: Executor, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

/** The active (not soft-deleted) user with this id, its row locked until the transaction ends. */
export async function lockActiveUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/** The active users among these ids (unknown and deleted ones are left out), in no particular order. */
export async function findActiveUsersByIds(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
}

/** The address a soft-deleted account keeps: unique, undeliverable (.invalid), and never a real user's. */
export const tombstoneEmail = (id: string) => `deleted-${id}@deleted.invalid`;

/**
 * Soft deletion: the row stays (business records keep pointing at it) but every personal field is redacted and
 * the email becomes a tombstone, so the address can open a new account. The password stops working. Returns
 * the row, or undefined when the user does not exist or was already deleted.
 */
export async function softDeleteUser(db: Executor, id: string, at: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      email: tombstoneEmail(id),
      passwordHash: '!deleted',
      firstName: 'Deleted',
      lastName: 'User',
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      companyName: null,
      description: null,
      regionId: null,
      deletedAt: at,
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}
