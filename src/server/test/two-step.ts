// Two-step verification for tests (decision 0024): turn it on straight in the database, and compute the code an
// authenticator app would show at the app's clock.
import * as OTPAuth from 'otpauth';
import type { Executor } from '#server/db/client';
import { twoStepRecoveryCodes, twoStepSettings } from '#server/db/schema/index';
import { hashPassword } from '#server/lib/passwords';

/** The 6-digit code of a base32 secret at this time (what the user's app shows). */
export function codeAt(secret: string, at: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

/**
 * Two-step on for this user with a fresh secret, replacing any earlier state; with `recoveryCodes`, that many
 * known recovery codes (argon2id-hashed as the app stores them).
 */
export async function turnOnTwoStep(
  db: Executor,
  userId: string,
  at: Date,
  opts: { recoveryCodes?: string[] } = {},
): Promise<{ secret: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const row = { secret, enabledAt: at, lastUsedStep: null, pendingSecret: null, pendingExpiresAt: null };
  await db
    .insert(twoStepSettings)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: twoStepSettings.userId, set: row });
  const codes = opts.recoveryCodes ?? [];
  if (codes.length > 0) {
    const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
    await db
      .insert(twoStepRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  }
  return { secret };
}

/** A set-up started and not confirmed: this pending secret, valid for 15 minutes from `at`. */
export async function startPending(db: Executor, userId: string, at: Date): Promise<{ secret: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const row = {
    secret: null,
    enabledAt: null,
    lastUsedStep: null,
    pendingSecret: secret,
    pendingExpiresAt: new Date(at.getTime() + 15 * 60_000),
  };
  await db
    .insert(twoStepSettings)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: twoStepSettings.userId, set: row });
  return { secret };
}
