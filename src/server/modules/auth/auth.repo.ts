// Every query of the accounts module: users, email tokens, regions. The only file here that touches Drizzle.
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, mailOutbox, regions, users, type UserRow } from '../../db/schema/index.ts';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id'>>;

/** The database or an open transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const normalize = (email: string) => email.trim().toLowerCase();

async function findUser(db: Executor, where: SQL | undefined): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

/** Any user with this email, soft-deleted ones included (the address stays taken). */
export const findUserByEmailAnyState = (db: Executor, email: string) =>
  findUser(db, eq(users.email, normalize(email)));

/** A user who can sign in: not soft-deleted. */
export const findActiveUserByEmail = (db: Executor, email: string) =>
  findUser(db, and(eq(users.email, normalize(email)), isNull(users.deletedAt)));

export const findActiveUserById = (db: Executor, id: string) =>
  findUser(db, and(eq(users.id, id), isNull(users.deletedAt)));

/** Inserts a user; undefined when the email is already taken (unique index), so races answer 409 too. */
export async function insertUser(db: Executor, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalize(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(db: Executor, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

export async function regionExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return row !== undefined;
}

export async function insertToken(
  db: Executor,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(authTokens).values(values);
}

/** When the newest token of this purpose was issued to the user, if ever. */
export async function latestTokenCreatedAt(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}

/**
 * Marks a live token (right purpose, unused, unexpired) as used and returns its user id. The single UPDATE makes
 * it single-use even when two requests race with the same link.
 */
export async function consumeToken(
  db: Executor,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

/** Retires every other outstanding token of this purpose (after a password reset, older links stop working). */
export async function retireTokens(db: Executor, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function listRecentMail(db: Executor, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), sql`${mailOutbox.id}`)
    .limit(limit);
}

/** The user id of a live token, without using it up. */
export async function peekToken(
  db: Executor,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId;
}
