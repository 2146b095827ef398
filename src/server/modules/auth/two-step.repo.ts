// The queries of two-step verification (decision 0024): the account's TOTP secret and last used time step, its
// hashed recovery codes, and the challenges of sign-ins waiting for a code. Every "use once" is one UPDATE with
// the condition in its WHERE, so two requests racing with the same code or challenge cannot both win.
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { twoStepChallenges, twoStepRecoveryCodes, twoStepSettings } from '#server/db/schema/index';

export type TwoStepRow = typeof twoStepSettings.$inferSelect;

export async function findSettings(db: Executor, userId: string): Promise<TwoStepRow | undefined> {
  const [row] = await db.select().from(twoStepSettings).where(eq(twoStepSettings.userId, userId)).limit(1);
  return row;
}

/** The secret in force, or undefined while two-step is off. */
export async function enabledSecret(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: twoStepSettings.secret })
    .from(twoStepSettings)
    .where(and(eq(twoStepSettings.userId, userId), isNotNull(twoStepSettings.enabledAt)))
    .limit(1);
  return row?.secret ?? undefined;
}

/**
 * The rows holding a secret not sealed with this key (stored as it is, or sealed with another key); with no key,
 * the rows holding any sealed secret. Sealed values read `v1.<key id>.…` (secret-box.ts).
 */
export async function secretsNotSealedWith(db: Executor, keyId: string | null) {
  const notSealed = (column: typeof twoStepSettings.secret | typeof twoStepSettings.pendingSecret) =>
    keyId === null
      ? sql`${column} like 'v1.%'`
      : and(isNotNull(column), sql`${column} not like ${`v1.${keyId}.%`}`);
  return db
    .select({
      userId: twoStepSettings.userId,
      secret: twoStepSettings.secret,
      pendingSecret: twoStepSettings.pendingSecret,
    })
    .from(twoStepSettings)
    .where(or(notSealed(twoStepSettings.secret), notSealed(twoStepSettings.pendingSecret)));
}

/** Replaces a stored secret by its sealed form, only if it is still `from`. False if it changed meanwhile. */
export async function replaceStoredSecret(
  db: Executor,
  userId: string,
  column: 'secret' | 'pendingSecret',
  from: string,
  to: string,
): Promise<boolean> {
  const rows = await db
    .update(twoStepSettings)
    .set({ [column]: to })
    .where(and(eq(twoStepSettings.userId, userId), eq(twoStepSettings[column], from)))
    .returning({ userId: twoStepSettings.userId });
  return rows.length === 1;
}

/** Starts (or restarts) a set-up: a new pending secret; a secret already in force is left alone. */
export async function savePending(db: Executor, userId: string, secret: string, expiresAt: Date) {
  await db
    .insert(twoStepSettings)
    .values({ userId, pendingSecret: secret, pendingExpiresAt: expiresAt })
    .onConflictDoUpdate({
      target: twoStepSettings.userId,
      set: { pendingSecret: secret, pendingExpiresAt: expiresAt },
    });
}

/** Turns the pending secret on, with the time step of the code that confirmed it. False if it is not pending. */
export async function enablePending(db: Executor, userId: string, secret: string, step: number, at: Date) {
  const rows = await db
    .update(twoStepSettings)
    .set({ secret, enabledAt: at, lastUsedStep: step, pendingSecret: null, pendingExpiresAt: null })
    .where(
      and(
        eq(twoStepSettings.userId, userId),
        eq(twoStepSettings.pendingSecret, secret),
        isNull(twoStepSettings.enabledAt),
      ),
    )
    .returning({ userId: twoStepSettings.userId });
  return rows.length === 1;
}

/**
 * Records that the code of time step `step` was used: only when no code of that step or a later one was, so a
 * code is accepted once (and an older code after a newer one never). False when it was already used.
 */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoStepSettings)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoStepSettings.userId, userId),
        isNotNull(twoStepSettings.enabledAt),
        or(isNull(twoStepSettings.lastUsedStep), lt(twoStepSettings.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoStepSettings.userId });
  return rows.length === 1;
}

/** Switches two-step off: the secret, the recovery codes and the open challenges go. True if it was on. */
export async function removeAll(db: Executor, userId: string): Promise<boolean> {
  await db.delete(twoStepChallenges).where(eq(twoStepChallenges.userId, userId));
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  const rows = await db
    .delete(twoStepSettings)
    .where(eq(twoStepSettings.userId, userId))
    .returning({ enabledAt: twoStepSettings.enabledAt });
  return rows.some((r) => r.enabledAt !== null);
}

// ---------------------------------------------------------------------------------------------------------------
// Recovery codes

/** Replaces the account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[], at: Date) {
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await db
    .insert(twoStepRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

export async function unusedRecoveryCodes(db: Executor, userId: string) {
  return db
    .select({ id: twoStepRecoveryCodes.id, codeHash: twoStepRecoveryCodes.codeHash })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoStepRecoveryCodes)
    .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Marks a recovery code used; false if another request used it first. */
export async function useRecoveryCode(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(twoStepRecoveryCodes.id, id), isNull(twoStepRecoveryCodes.usedAt)))
    .returning({ id: twoStepRecoveryCodes.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in challenges

export const MAX_FAILED_CODES = 5;

export async function insertChallenge(
  db: Executor,
  values: { tokenHash: string; userId: string; persistent: boolean; createdAt: Date; expiresAt: Date },
) {
  // The account's finished or expired challenges go first, so the table holds only live ones (and a few).
  await db
    .delete(twoStepChallenges)
    .where(
      and(
        eq(twoStepChallenges.userId, values.userId),
        or(isNotNull(twoStepChallenges.usedAt), lte(twoStepChallenges.expiresAt, values.createdAt)),
      ),
    );
  await db.insert(twoStepChallenges).values(values);
}

const live = (tokenHash: string, now: Date) =>
  and(
    eq(twoStepChallenges.tokenHash, tokenHash),
    isNull(twoStepChallenges.usedAt),
    gt(twoStepChallenges.expiresAt, now),
    lt(twoStepChallenges.failedCodes, MAX_FAILED_CODES),
  );

/** A challenge that is unused, unexpired and has wrong codes left. */
export async function findLiveChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: twoStepChallenges.userId, persistent: twoStepChallenges.persistent })
    .from(twoStepChallenges)
    .where(live(tokenHash, now))
    .limit(1);
  return row;
}

/** Counts a wrong code; returns how many the challenge has had. */
export async function failChallenge(db: Executor, tokenHash: string): Promise<number> {
  const [row] = await db
    .update(twoStepChallenges)
    .set({ failedCodes: sql`${twoStepChallenges.failedCodes} + 1` })
    .where(eq(twoStepChallenges.tokenHash, tokenHash))
    .returning({ failedCodes: twoStepChallenges.failedCodes });
  return row?.failedCodes ?? MAX_FAILED_CODES;
}

/** Uses the challenge up; false if it is no longer live (used by a parallel request, expired, failed out). */
export async function consumeChallenge(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoStepChallenges)
    .set({ usedAt: now })
    .where(live(tokenHash, now))
    .returning({ userId: twoStepChallenges.userId });
  return rows.length === 1;
}
