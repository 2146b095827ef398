// The users table: every query that reads or writes accounts. Other modules reach it through ./index.ts.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
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

/** Any user with this email, soft-deleted ones included (the address stays taken). */
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
