// Accounts: sign-up, sign-in checks, email verification and password reset. HTTP concerns (cookies, status
// codes of success) stay in the routes; the queries stay in the repo.
import type { FastifyBaseLogger } from 'fastify';
import type { LoginInput, RegisterInput } from '#domain/schemas/auth.schema';
import { DEFAULT_SERVICE_RADIUS } from '#domain/geo';
import { selectProviderPlan } from '#domain/plans';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, unauthenticated } from '#server/errors';
import { hashPassword, verifyDummyPassword, verifyPassword } from '#server/lib/passwords';
import { hashToken, newToken } from '#server/lib/tokens';
import { emailHash, securityEvent, type RequestOrigin } from '#server/lib/security-log';
import { optionalPlace, saveServiceArea } from '#server/modules/geo';
import { clientKey } from '#server/modules/rate-limits';
import { destroyUserSessions } from '#server/modules/sessions';
import * as users from '#server/modules/users';
import type { UserRow } from '#server/modules/users';
import { accountLimitsFor, tooManyForAccount } from './account-limiter.ts';
import { createPasswordCheck } from './auth.reauth.ts';
import type { Mail } from '#server/modules/mail';
import { notifyAccount, passwordResetMail, verificationMail } from './auth.mail.ts';
import * as repo from './auth.repo.ts';
import * as twoStepRepo from './two-step.repo.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const VERIFY_TOKEN_TTL_MS = DAY;
export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
export const RESEND_COOLDOWN_MS = 5 * MINUTE;

export const messages = {
  duplicateEmail: 'An account with this email already exists',
  invalidLogin: 'Invalid email or password',
  unknownRegion: 'Please select a valid service region',
  verified: 'Email verified successfully',
  verifyFailed: 'Verification failed. The link may be expired or invalid.',
  alreadyVerified: 'Your email is already verified',
  verifyNoToken: 'Invalid verification link. No token provided.',
  resendSent:
    'If this email belongs to an account that still needs confirming, a verification link is on its way. A new link can be sent once every 5 minutes.',
  resetRequested: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  resetInvalid: 'Invalid or expired reset link',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'Choose a password different from your current one',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
} as const;

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, now, config, mailer } = ctx;
  const accountLimits = accountLimitsFor(ctx);
  const passwordCheck = createPasswordCheck(ctx);

  async function issueToken(db2: Executor, userId: string, purpose: repo.TokenPurpose, ttlMs: number) {
    const token = newToken();
    const createdAt = now();
    await repo.insertToken(db2, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + ttlMs),
    });
    return token;
  }

  /**
   * The address is proven for the first time: whatever two-step was made before it was (a secret in force, a set-up
   * under way, recovery codes, sign-ins waiting for a code) belonged to whoever held the account without the
   * mailbox, and goes. True if two-step was on.
   */
  const clearTwoStepOfUnprovenAddress = (tx: Executor, userId: string): Promise<boolean> =>
    twoStepRepo.removeAll(tx, userId);
  const twoStepCleared = (userId: string, from: RequestOrigin) =>
    securityEvent('auth.two_step_disabled', { userId, reason: 'address_first_proven' }, from);

  const verifyLink = (token: string) => `${config.APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  const resetLink = (token: string) => `${config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;

  /** After a reset request has been answered: the reset mail for the address, or null (no account, or sent). */
  async function resetMailFor(email: string, from: RequestOrigin): Promise<Mail | null> {
    const user = await users.findActiveUserByEmail(db, email);
    securityEvent(
      'auth.password_reset_requested',
      { emailHash: emailHash(email), userId: user?.id ?? null },
      from,
    );
    if (!user) return null;
    if (!(await accountLimits.firstResetMail(email))) {
      log.info({ userId: user.id }, 'password reset requested; a reset mail already went out in this window');
      return null;
    }
    const token = await issueToken(db, user.id, 'reset_password', RESET_TOKEN_TTL_MS);
    log.info({ userId: user.id }, 'password reset requested');
    return passwordResetMail(user.email, user.firstName, resetLink(token));
  }

  return {
    async register(input: RegisterInput): Promise<UserRow> {
      const isProvider = input.role === 'provider';
      if (
        isProvider &&
        (input.selectedRegion == null || !(await repo.regionExists(db, input.selectedRegion)))
      ) {
        throw new AppError('VALIDATION', messages.unknownRegion, { selectedRegion: messages.unknownRegion });
      }
      // A provider's optional service area (docs/decisions/0048): a ZIP code the data knows, checked before
      // anything is made; none when empty. A customer's is ignored.
      const area = isProvider ? await optionalPlace(db, input.serviceZip, 'serviceZip') : null;
      // Hashed before the duplicate check, so a taken email answers after the same work as a new account.
      const passwordHash = await hashPassword(input.password);
      if (await users.findUserByEmailAnyState(db, input.email)) {
        throw new AppError('CONFLICT', messages.duplicateEmail);
      }
      const t = now();
      // A new provider starts on the chosen plan as the account's one 7-day free trial (the domain's rule).
      const selection =
        isProvider && input.subscriptionPlan
          ? selectProviderPlan({ subscriptionPlan: 'free', hasUsedTrial: false }, input.subscriptionPlan, t)
          : null;
      const { user, token } = await db.transaction(async (tx) => {
        const user = await users.insertUser(tx, {
          email: input.email,
          passwordHash,
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
          createdAt: t,
          ...(selection?.ok
            ? {
                subscriptionPlan: selection.subscriptionPlan,
                hasUsedTrial: selection.hasUsedTrial,
                trialEndDate: selection.trialEndDate,
                selectedCategory: input.selectedCategory ?? null,
                selectedTasks: input.selectedTasks ?? [],
                regionId: input.selectedRegion ?? null,
              }
            : { subscriptionPlan: 'free' as const }),
        });
        if (!user) throw new AppError('CONFLICT', messages.duplicateEmail);
        if (area) {
          await saveServiceArea(tx, user.id, area.zip, input.serviceRadiusMiles ?? DEFAULT_SERVICE_RADIUS, t);
        }
        const token = await issueToken(tx, user.id, 'verify_email', VERIFY_TOKEN_TTL_MS);
        return { user, token };
      });
      mailer.queue(verificationMail(user.email, user.firstName, verifyLink(token)));
      log.info({ userId: user.id, role: user.role }, 'account registered');
      return user;
    },

    /**
     * The user for these credentials, or the one 401 that does not say which part was wrong. `twoStep`: the
     * account has two-step verification on, so the password alone signs nobody in (decision 0024).
     */
    async login(input: LoginInput, from: RequestOrigin): Promise<{ user: UserRow; twoStep: boolean }> {
      // Per account and client address, and per account from all addresses (account-limiter.ts).
      const verdict = await accountLimits.beginLogin(input.email, clientKey(from.ip));
      if ('wait' in verdict) {
        securityEvent(
          'auth.lockout',
          { emailHash: emailHash(input.email), retryAfterSeconds: verdict.wait, reason: 'failed_sign_ins' },
          from,
        );
        throw tooManyForAccount('failed sign-in attempts', verdict.wait);
      }
      const user = await users.findActiveUserByEmail(db, input.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDummyPassword(input.password);
      if (!user || !ok) {
        const wait = await verdict.attempt.failed();
        securityEvent(
          'auth.login_failed',
          {
            emailHash: emailHash(input.email),
            userId: user?.id ?? null,
            reason: user ? 'wrong_password' : 'unknown_account',
          },
          from,
        );
        // Past the account's ceiling a wrong password is refused like the other guesses, whatever the email.
        if (wait !== null) throw tooManyForAccount('failed sign-in attempts', wait);
        throw new AppError('UNAUTHENTICATED', messages.invalidLogin);
      }
      if (await twoStepRepo.enabledSecret(db, user.id)) {
        // Not a success yet: the address's failures stay until the code is right (wrong codes count with them).
        await verdict.attempt.passed();
        return { user, twoStep: true };
      }
      await verdict.attempt.succeeded();
      securityEvent('auth.login', { userId: user.id }, from);
      return { user, twoStep: false };
    },

    /**
     * Confirms the address and ends every session of the account that existed before, except the one of the
     * browser that verifies (`current`, when it is signed in to this account): someone who signed up with
     * another person's address (account pre-hijacking) loses the session that sign-up gave them. The kept
     * session is safe: the browser holds the mailbox's link, and cookies cannot be planted in it (SameSite,
     * the Origin check on sign-in, `__Host-` in production). Decision record 0006.
     */
    async verifyEmail(
      token: string | undefined,
      from: RequestOrigin,
      current: { userId: string; sessionTokenHash: string } | null = null,
    ): Promise<string> {
      if (!token) throw new AppError('BAD_REQUEST', messages.verifyNoToken);
      const t = now();
      const proven = await db.transaction(async (tx) => {
        const id = await repo.consumeToken(tx, hashToken(token), 'verify_email', t);
        if (!id) return undefined;
        const user = await users.findActiveUserById(tx, id);
        if (!user) return undefined;
        if (user.emailVerifiedAt) return { userId: id, twoStepCleared: false };
        await users.updateUser(tx, id, { emailVerifiedAt: t });
        return { userId: id, twoStepCleared: await clearTwoStepOfUnprovenAddress(tx, id) };
      });
      if (!proven) {
        // A link that no longer works (used, or expired) of an account whose address is verified: still refused,
        // but the page can say there is nothing left to do. Only the holder of a real link learns this.
        const owner = await repo.tokenOwner(db, hashToken(token), 'verify_email');
        const account = owner ? await users.findActiveUserById(db, owner) : undefined;
        if (account?.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED', messages.alreadyVerified);
        throw new AppError('BAD_REQUEST', messages.verifyFailed);
      }
      const { userId } = proven;
      const keep = current?.userId === userId ? current.sessionTokenHash : undefined;
      await destroyUserSessions(db, ctx.events, userId, keep);
      log.info({ userId, keptVerifyingSession: keep !== undefined }, 'email verified; other sessions ended');
      securityEvent('auth.email_verified', { userId }, from);
      if (proven.twoStepCleared) twoStepCleared(userId, from);
      return messages.verified;
    },

    /**
     * The same answer whatever the account's state, given before the address is looked up: the lookup, the
     * 5-minute cooldown (from the newest link's createdAt) and the mail run after it, tracked by the mailer, so
     * neither the answer nor its timing tells anything about the address. Never refused per account (others
     * asking for this address must not block its owner): the cooldown keeps it to one mail every 5 minutes.
     */
    async resendVerification(email: string): Promise<string> {
      mailer.queueComposed(async () => {
        const found = await users.findActiveUserByEmail(db, email);
        if (!found || found.emailVerifiedAt) return null;
        // The cooldown check and the new link in one transaction on the locked account row: requests that
        // arrive together are composed together, and only the first may issue a link.
        const token = await db.transaction(async (tx) => {
          const user = await users.lockActiveUserById(tx, found.id);
          if (!user || user.emailVerifiedAt) return null;
          const last = await repo.latestTokenCreatedAt(tx, user.id, 'verify_email');
          if (last && last.getTime() + RESEND_COOLDOWN_MS > now().getTime()) return null;
          return issueToken(tx, user.id, 'verify_email', VERIFY_TOKEN_TTL_MS);
        });
        return token === null ? null : verificationMail(found.email, found.firstName, verifyLink(token));
      });
      return messages.resendSent;
    },

    /**
     * The same answer for every address, given before anything about the address is looked up: the account's
     * part (the lookup, the event, the token, the mail) runs after it, tracked by the mailer (graceful shutdown
     * waits for it), so the response time does not tell which addresses have accounts. Never refused per account
     * (others asking for this address must not block its owner): at most one mail a window instead.
     */
    async requestPasswordReset(email: string, from: RequestOrigin): Promise<string> {
      mailer.queueComposed(() => resetMailFor(email, from));
      return messages.resetRequested;
    },

    /**
     * A signed-in user changes their password: the current one is checked under the sign-in limits (a stolen
     * session cannot guess it faster than the sign-in form can), then every other session of the account ends.
     */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string },
      from: RequestOrigin,
      keepSessionHash: string | null,
    ): Promise<string> {
      const account = await users.findActiveUserById(db, userId);
      if (!account) throw unauthenticated();
      const attempt = await passwordCheck.begin(account, from, 'password_change');
      if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
        await attempt.failed();
        securityEvent('auth.password_change_failed', { userId, reason: 'wrong_current_password' }, from);
        throw new AppError('VALIDATION', messages.currentPasswordWrong, {
          currentPassword: messages.currentPasswordWrong,
        });
      }
      await attempt.succeeded();
      if (input.newPassword === input.currentPassword) {
        throw new AppError('VALIDATION', messages.samePassword, { newPassword: messages.samePassword });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await users.updateUser(db, userId, { passwordHash });
      await destroyUserSessions(db, ctx.events, userId, keepSessionHash ?? undefined);
      log.info({ userId }, 'password changed; every other session of the account ended');
      securityEvent('auth.password_changed', { userId }, from);
      notifyAccount(ctx, account, { kind: 'password_changed' });
      return messages.passwordChanged;
    },

    async resetPassword(token: string, password: string, from: RequestOrigin): Promise<string> {
      const tokenHash = hashToken(token);
      if (!(await repo.peekToken(db, tokenHash, 'reset_password', now()))) {
        throw new AppError('BAD_REQUEST', messages.resetInvalid);
      }
      const passwordHash = await hashPassword(password);
      const t = now();
      const reset = await db.transaction(async (tx) => {
        const id = await repo.consumeToken(tx, tokenHash, 'reset_password', t);
        if (!id) return undefined;
        const user = await users.findActiveUserById(tx, id);
        if (!user) return undefined;
        // The link came through the mailbox, so it also proves the address.
        await users.updateUser(tx, id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? t });
        await repo.retireTokens(tx, id, 'reset_password', t);
        const cleared = user.emailVerifiedAt ? false : await clearTwoStepOfUnprovenAddress(tx, id);
        return { userId: id, twoStepCleared: cleared };
      });
      if (!reset) throw new AppError('BAD_REQUEST', messages.resetInvalid);
      const { userId } = reset;
      if (reset.twoStepCleared) twoStepCleared(userId, from);
      // The new password ends any guessing at the old one: the account's failed sign-ins start from zero.
      const account = await users.findActiveUserById(db, userId);
      if (account) await accountLimits.clearLogin(account.email);
      await destroyUserSessions(db, ctx.events, userId);
      log.info({ userId }, 'password reset; every session of the account ended');
      securityEvent('auth.password_reset', { userId }, from);
      if (account) notifyAccount(ctx, account, { kind: 'password_reset' });
      return messages.resetDone;
    },
  };
}
