// Two-step verification (decision 0024; docs/security.md 6.3.3, 6.4.4): an authenticator app (TOTP, RFC 6238:
// SHA-1, 6 digits, 30 seconds, as every app reads them) and 10 one-time recovery codes.
// - Set-up while signed in: a pending secret, turned on only with a current code and the password.
// - Sign-in: a right password of such an account gives a challenge (5 minutes, single use, 5 wrong codes), not a
//   session; the code (±1 step, each step once) or a recovery code (used up) completes it.
// - Every password and code check runs under the sign-in limits of decision 0007, so codes cannot be guessed
//   faster than passwords.
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as OTPAuth from 'otpauth';
import { renderSVG } from 'uqr';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  type TwoStepRequired,
  type TwoStepSetup,
  type TwoStepStatus,
} from '#domain/schemas/two-step.schema';
import { TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE } from '#domain/two-step';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, unauthenticated } from '#server/errors';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import { securityEvent, type RequestOrigin } from '#server/lib/security-log';
import { hashToken, newToken } from '#server/lib/tokens';
import { destroyUserSessions } from '#server/modules/sessions';
import * as users from '#server/modules/users';
import type { UserRow } from '#server/modules/users';
import { notifyAccount } from './auth.mail.ts';
import { createPasswordCheck } from './auth.reauth.ts';
import { createSecretBox, SecretBoxError, sealedWith } from './secret-box.ts';
import * as repo from './two-step.repo.ts';

const MINUTE = 60_000;
export const CHALLENGE_TTL_MS = 5 * MINUTE;
export const SETUP_TTL_MS = 15 * MINUTE;
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'HomeFix';

export const twoStepMessages = {
  alreadyOn: 'Two-step verification is already on',
  notOn: 'Two-step verification is not on',
  noSetup: 'Your set-up has expired. Please start again.',
  wrongCode:
    'That code is not right. Check that the time on your phone is correct, or wait for the next code.',
  wrongRecoveryCode: 'That recovery code is not right, or it has already been used',
  passwordWrong: 'Your password is not correct',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  enabled: 'Two-step verification is on. Other devices have been signed out.',
  disabled: 'Two-step verification is off. Other devices have been signed out.',
  regenerated: 'New recovery codes are ready. Your old codes no longer work.',
} as const;

/** The TOTP of a base32 secret, as authenticator apps compute it. */
export function totpFor(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step of a matching code (now's step ±1), or null. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** A second factor as the forms send it (already normalized by the schemas). */
export interface Factor {
  code?: string;
  recoveryCode?: string;
}

export type TwoStepService = ReturnType<typeof createTwoStepService>;

export function createTwoStepService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, now } = ctx;
  const box = createSecretBox(ctx.config.TWO_STEP_KEY ?? []);
  const passwordCheck = createPasswordCheck(ctx);
  /** Starts a counted attempt for the account (decision 0007), or refuses with 429. */
  const begin = (account: UserRow, from: RequestOrigin, reason: string) =>
    passwordCheck.begin(account, from, reason, 'failed attempts');

  /**
   * The account's secret, or null when its sealed value does not open (moved from another account, changed, or
   * sealed with a key TWO_STEP_KEY no longer holds): no code is right then, and the log says why.
   */
  function openSecret(sealed: string, userId: string): string | null {
    try {
      return box.open(sealed, userId);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      log.error({ userId, err: err.message }, 'a two-step secret does not open');
      return null;
    }
  }

  /** Makes 10 recovery codes; stores their argon2id hashes; returns them formatted, to be shown once. */
  async function issueRecoveryCodes(tx: Executor, userId: string, hashes: string[]) {
    await repo.replaceRecoveryCodes(tx, userId, hashes, now());
  }
  async function freshRecoveryCodes() {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
    return { codes: codes.map(formatRecoveryCode), hashes };
  }

  /**
   * Checks a second factor of an account with two-step on: a code of the secret (used once: its time step is
   * claimed) or an unused recovery code (used up). Which one was used, or null when it was wrong.
   */
  async function checkFactor(
    userId: string,
    factor: Factor,
    from: RequestOrigin,
  ): Promise<'code' | 'recovery' | null> {
    const sealed = await repo.enabledSecret(db, userId);
    if (!sealed) return null;
    if (factor.code !== undefined) {
      const secret = openSecret(sealed, userId);
      if (secret === null) return null;
      const step = matchingStep(secret, factor.code, now());
      if (step === null) return null;
      return (await repo.claimStep(db, userId, step)) ? 'code' : null;
    }
    if (factor.recoveryCode !== undefined) {
      const candidates = await repo.unusedRecoveryCodes(db, userId);
      const matches = await Promise.all(
        candidates.map((c) => verifyPassword(c.codeHash, factor.recoveryCode!)),
      );
      const found = candidates.find((_, i) => matches[i]);
      if (!found) return null;
      if (!(await repo.useRecoveryCode(db, found.id, now()))) return null;
      securityEvent('auth.recovery_code_used', { userId }, from);
      return 'recovery';
    }
    return null;
  }

  const wrongFactor = (factor: Factor) =>
    factor.recoveryCode !== undefined
      ? new AppError('VALIDATION', twoStepMessages.wrongRecoveryCode, {
          recoveryCode: twoStepMessages.wrongRecoveryCode,
        })
      : new AppError('VALIDATION', twoStepMessages.wrongCode, { code: twoStepMessages.wrongCode });

  async function activeAccount(userId: string): Promise<UserRow> {
    const account = await users.findActiveUserById(db, userId);
    if (!account) throw unauthenticated();
    return account;
  }

  /**
   * Two-step is set up only on an account whose address is proven: someone who signed up with another person's
   * address must not be able to put a second factor of their own in the owner's way (decision 0006).
   */
  function requireProvenAddress(account: UserRow) {
    if (!account.emailVerifiedAt) {
      throw new AppError('EMAIL_NOT_VERIFIED', TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE);
    }
  }

  /** The password and a second factor of a signed-in user with two-step on (turning off, new recovery codes). */
  async function confirmWithFactor(
    userId: string,
    input: Factor & { password: string },
    from: RequestOrigin,
    action: string,
  ) {
    const account = await activeAccount(userId);
    if (!(await repo.enabledSecret(db, userId))) throw new AppError('CONFLICT', twoStepMessages.notOn);
    const attempt = await begin(account, from, action);
    if (!(await verifyPassword(account.passwordHash, input.password))) {
      await attempt.failed();
      securityEvent('auth.two_step_failed', { userId, reason: `${action}_wrong_password` }, from);
      throw new AppError('VALIDATION', twoStepMessages.passwordWrong, {
        password: twoStepMessages.passwordWrong,
      });
    }
    if (!(await checkFactor(userId, input, from))) {
      await attempt.failed();
      securityEvent('auth.two_step_failed', { userId, reason: `${action}_wrong_code` }, from);
      throw wrongFactor(input);
    }
    await attempt.succeeded();
    return account;
  }

  return {
    async isOn(userId: string): Promise<boolean> {
      return (await repo.enabledSecret(db, userId)) !== undefined;
    },

    async status(userId: string): Promise<TwoStepStatus> {
      const row = await repo.findSettings(db, userId);
      const enabled = row?.enabledAt != null && row.secret != null;
      return {
        enabled,
        enabledAt: enabled ? row.enabledAt!.toISOString() : null,
        recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    /** A fresh pending secret for the app; the one in force (if any) is untouched. */
    async startSetup(userId: string): Promise<TwoStepSetup> {
      const account = await activeAccount(userId);
      requireProvenAddress(account);
      if (await repo.enabledSecret(db, userId)) throw new AppError('CONFLICT', twoStepMessages.alreadyOn);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      const expiresAt = new Date(now().getTime() + SETUP_TTL_MS);
      await repo.savePending(db, userId, box.seal(secret, userId), expiresAt);
      const otpauthUri = totpFor(secret, account.email).toString();
      return {
        secret,
        otpauthUri,
        qrSvg: renderSVG(otpauthUri, { border: 2, pixelSize: 8 }),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Turns two-step on with a current code of the pending secret and the password; the recovery codes, once. */
    async enable(
      userId: string,
      input: { code: string; password: string },
      from: RequestOrigin,
      keepSessionHash: string | null,
    ): Promise<string[]> {
      const account = await activeAccount(userId);
      requireProvenAddress(account);
      const row = await repo.findSettings(db, userId);
      if (row?.enabledAt) throw new AppError('CONFLICT', twoStepMessages.alreadyOn);
      // Sealed as stored: opened to check the code, and moved as it is to the secret in force.
      const pending = row?.pendingSecret;
      if (!pending || !row.pendingExpiresAt || row.pendingExpiresAt.getTime() <= now().getTime()) {
        throw new AppError('CONFLICT', twoStepMessages.noSetup);
      }
      const attempt = await begin(account, from, 'two_step_enable');
      if (!(await verifyPassword(account.passwordHash, input.password))) {
        await attempt.failed();
        securityEvent('auth.two_step_failed', { userId, reason: 'enable_wrong_password' }, from);
        throw new AppError('VALIDATION', twoStepMessages.passwordWrong, {
          password: twoStepMessages.passwordWrong,
        });
      }
      const pendingSecret = openSecret(pending, userId);
      const step = pendingSecret === null ? null : matchingStep(pendingSecret, input.code, now());
      if (step === null) {
        await attempt.failed();
        securityEvent('auth.two_step_failed', { userId, reason: 'enable_wrong_code' }, from);
        throw new AppError('VALIDATION', twoStepMessages.wrongCode, { code: twoStepMessages.wrongCode });
      }
      await attempt.succeeded();
      const { codes, hashes } = await freshRecoveryCodes();
      const ok = await db.transaction(async (tx) => {
        if (!(await repo.enablePending(tx, userId, pending, step, now()))) return false;
        await issueRecoveryCodes(tx, userId, hashes);
        return true;
      });
      if (!ok) throw new AppError('CONFLICT', twoStepMessages.noSetup);
      // A new factor ends every other session (ASVS 7.4.3), as a password change does.
      await destroyUserSessions(db, ctx.events, userId, keepSessionHash ?? undefined);
      securityEvent('auth.two_step_enabled', { userId }, from);
      notifyAccount(ctx, account, { kind: 'two_step_on' });
      return codes;
    },

    async disable(
      userId: string,
      input: Factor & { password: string },
      from: RequestOrigin,
      keepSessionHash: string | null,
    ): Promise<void> {
      const account = await confirmWithFactor(userId, input, from, 'two_step_disable');
      await db.transaction((tx) => repo.removeAll(tx, userId));
      await destroyUserSessions(db, ctx.events, userId, keepSessionHash ?? undefined);
      securityEvent('auth.two_step_disabled', { userId }, from);
      notifyAccount(ctx, account, { kind: 'two_step_off' });
    },

    async regenerateRecoveryCodes(
      userId: string,
      input: Factor & { password: string },
      from: RequestOrigin,
    ): Promise<string[]> {
      const account = await confirmWithFactor(userId, input, from, 'recovery_codes');
      const { codes, hashes } = await freshRecoveryCodes();
      await db.transaction((tx) => issueRecoveryCodes(tx, userId, hashes));
      securityEvent('auth.recovery_codes_renewed', { userId }, from);
      notifyAccount(ctx, account, { kind: 'recovery_codes_renewed' });
      return codes;
    },

    /** After a right password of an account with two-step on: the challenge the code is sent back with. */
    async createChallenge(
      userId: string,
      persistent: boolean,
      from: RequestOrigin,
    ): Promise<TwoStepRequired> {
      const token = newToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + CHALLENGE_TTL_MS);
      await repo.insertChallenge(db, {
        tokenHash: hashToken(token),
        userId,
        persistent,
        createdAt,
        expiresAt,
      });
      securityEvent('auth.two_step_required', { userId }, from);
      return { twoStepRequired: true, challenge: token, expiresAt: expiresAt.toISOString() };
    },

    /** The second step of sign-in: the user to start a session for, and the sign-in's "remember me". */
    async completeSignIn(
      input: Factor & { challenge: string },
      from: RequestOrigin,
    ): Promise<{ user: UserRow; persistent: boolean }> {
      const tokenHash = hashToken(input.challenge);
      const expired = () =>
        new AppError('UNAUTHENTICATED', twoStepMessages.challengeExpired, {
          challenge: twoStepMessages.challengeExpired,
        });
      const challenge = await repo.findLiveChallenge(db, tokenHash, now());
      if (!challenge) throw expired();
      const user = await users.findActiveUserById(db, challenge.userId);
      if (!user || !(await repo.enabledSecret(db, user.id))) throw expired();
      const attempt = await begin(user, from, 'failed_codes');
      const used = await checkFactor(user.id, input, from);
      if (!used) {
        await attempt.failed();
        const failures = await repo.failChallenge(db, tokenHash);
        securityEvent(
          'auth.two_step_failed',
          {
            userId: user.id,
            reason: input.recoveryCode !== undefined ? 'wrong_recovery_code' : 'wrong_code',
          },
          from,
        );
        if (failures >= repo.MAX_FAILED_CODES) {
          throw new AppError('UNAUTHENTICATED', twoStepMessages.tooManyCodes, {
            challenge: twoStepMessages.tooManyCodes,
          });
        }
        const field = input.recoveryCode !== undefined ? 'recoveryCode' : 'code';
        const message = field === 'code' ? twoStepMessages.wrongCode : twoStepMessages.wrongRecoveryCode;
        throw new AppError('UNAUTHENTICATED', message, { [field]: message });
      }
      if (!(await repo.consumeChallenge(db, tokenHash, now()))) throw expired();
      await attempt.succeeded();
      securityEvent(
        'auth.login',
        { userId: user.id, reason: used === 'code' ? 'two_step_code' : 'recovery_code' },
        from,
      );
      if (used === 'recovery') {
        const codesLeft = await repo.countUnusedRecoveryCodes(db, user.id);
        notifyAccount(ctx, user, { kind: 'recovery_code_used', codesLeft });
      }
      return { user, persistent: challenge.persistent };
    },
  };
}

/**
 * Switches two-step off for an account inside the caller's transaction (an admin's reset for a user who lost
 * their device). True if it was on.
 */
export function switchOffTwoStep(tx: Executor, userId: string): Promise<boolean> {
  return repo.removeAll(tx, userId);
}

/** Whether the account has two-step verification on (the admin's Edit User dialog). */
export async function isTwoStepOn(db: Executor, userId: string): Promise<boolean> {
  return (await repo.enabledSecret(db, userId)) !== undefined;
}

/**
 * At start (main.ts): seals every two-step secret that is not sealed with TWO_STEP_KEY's first key: stored as it
 * is before a key was set, or sealed with a former key still listed after it. Throws SecretBoxError (the server
 * then refuses to start) when a value is sealed with a key the setting does not hold, or is sealed and no key is
 * set. A value that its own key does not open (changed in the database) is left as it is and its account listed:
 * no code is right for it until the account sets two-step up again (or its row is deleted, docs/deploy.md). Each
 * value is replaced only if unchanged, so instances starting together agree.
 */
export async function resealTwoStepSecrets(
  db: Executor,
  keys: readonly Buffer[],
): Promise<{ sealed: number; unopened: string[] }> {
  const box = createSecretBox(keys);
  const result = { sealed: 0, unopened: [] as string[] };
  for (const row of await repo.secretsNotSealedWith(db, box.currentKeyId)) {
    for (const column of ['secret', 'pendingSecret'] as const) {
      const value = row[column];
      if (value === null) continue;
      const id = sealedWith(value);
      if (id === box.currentKeyId) continue;
      if (id !== null && !box.opens(id)) {
        throw new SecretBoxError(
          box.sealing
            ? `The database holds two-step secrets sealed with key ${id}, which TWO_STEP_KEY does not hold. ` +
                'List that key after the new one (TWO_STEP_KEY=new,former) until the server has started once.'
            : 'The database holds two-step secrets sealed with a key, and TWO_STEP_KEY is not set.',
        );
      }
      let secret: string;
      try {
        secret = box.open(value, row.userId);
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        result.unopened.push(row.userId);
        continue;
      }
      if (await repo.replaceStoredSecret(db, row.userId, column, value, box.seal(secret, row.userId))) {
        result.sealed++;
      }
    }
  }
  return result;
}
