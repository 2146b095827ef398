// The queries of the accounts module: one-time email tokens and the sign-up region check. Users live in the
// users module, sessions in the sessions module.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { authTokens, regions } from '#server/db/schema/index';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

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

/** The user id of a token of this purpose whatever its state (used, expired), or undefined if there is none. */
export async function tokenOwner(
  db: Executor,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .limit(1);
  return row?.userId;
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
