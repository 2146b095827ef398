// Authenticating again while signed in (ASVS 7.5.2; decision 0025): before a signed-in user ends their other
// sessions, they give their password once more. It is checked under the same per-account and per-address limits as
// sign-in (decision 0007), and a wrong one counts as a failed sign-in, so a stolen session cannot guess the
// password faster than the sign-in form, nor sign the owner out of their other devices without it.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context';
import { AppError, RateLimitedError, unauthenticated } from '#server/errors';
import { verifyPassword } from '#server/lib/passwords';
import { emailHash, securityEvent } from '#server/lib/security-log';
import * as users from '#server/modules/users';
import { createAccountLimits } from './account-limiter.ts';
import { waitText } from './auth.service.ts';

const MINUTE = 60_000;

export const reauthMessages = {
  missing: 'Please enter your password',
  wrong: 'Your password is not correct',
} as const;

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

export function createPasswordCheck(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, now, config } = ctx;
  const limits = createAccountLimits({
    store: ctx.rateLimits,
    now,
    windowMs: config.RATE_LIMIT_WINDOW_MINUTES * MINUTE,
    perAccount: config.RATE_LIMIT_AUTH_PER_ACCOUNT,
    loginCeiling: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
  });

  /**
   * Resolves when `password` is the signed-in user's; otherwise a 400 with `fields.password`, or a 429 while the
   * account's sign-in limits make this address wait. `purpose` names the action in the security events.
   */
  return async function confirmPassword(
    userId: string,
    password: string | undefined,
    clientAddress: string,
    purpose: string,
  ): Promise<void> {
    if (!password) {
      throw new AppError('VALIDATION', reauthMessages.missing, { password: reauthMessages.missing });
    }
    const account = await users.findActiveUserById(db, userId);
    if (!account) throw unauthenticated();
    const verdict = await limits.beginLogin(account.email, clientAddress);
    if ('wait' in verdict) {
      securityEvent(
        'auth.lockout',
        { userId, emailHash: emailHash(account.email), retryAfterSeconds: verdict.wait, reason: purpose },
        log,
      );
      throw new RateLimitedError(
        `Too many failed password checks for this account. Please try again in ${waitText(verdict.wait)}.`,
        verdict.wait,
      );
    }
    if (!(await verifyPassword(account.passwordHash, password))) {
      await verdict.attempt.failed();
      securityEvent('auth.reauth_failed', { userId, reason: purpose }, log);
      throw new AppError('VALIDATION', reauthMessages.wrong, { password: reauthMessages.wrong });
    }
    await verdict.attempt.succeeded();
  };
}
