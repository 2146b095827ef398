// Authenticating again while signed in (ASVS 7.5.1, 7.5.2; decisions 0022, 0024, 0025): before a signed-in user changes
// their password, ends their other sessions or changes two-step verification, they give their password (and for
// two-step, a code) once more. Every such check runs under the same per-account and per-address limits as sign-in
// (decision 0007), and a wrong answer counts as a failed sign-in, so a stolen session cannot guess the password
// faster than the sign-in form.
import type { AppContext } from '#server/context';
import { AppError, unauthenticated } from '#server/errors';
import { verifyPassword } from '#server/lib/passwords';
import { emailHash, securityEvent, type RequestOrigin } from '#server/lib/security-log';
import { clientKey } from '#server/modules/rate-limits';
import * as users from '#server/modules/users';
import type { UserRow } from '#server/modules/users';
import { accountLimitsFor, tooManyForAccount, type LoginAttempt } from './account-limiter.ts';

export const reauthMessages = {
  missing: 'Please enter your password',
  wrong: 'Your password is not correct',
} as const;

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

export function createPasswordCheck(ctx: AppContext) {
  const limits = accountLimitsFor(ctx);

  /**
   * Starts a counted check for a signed-in account, or refuses with 429 (and a lockout event) while the account's
   * sign-in limits make this address wait. `reason` names the action in the events; `what` the 429's wording.
   */
  async function begin(
    account: UserRow,
    from: RequestOrigin,
    reason: string,
    what = 'failed password checks',
  ): Promise<LoginAttempt> {
    const verdict = await limits.beginLogin(account.email, clientKey(from.ip));
    if ('wait' in verdict) {
      securityEvent(
        'auth.lockout',
        {
          userId: account.id,
          emailHash: emailHash(account.email),
          retryAfterSeconds: verdict.wait,
          reason,
        },
        from,
      );
      throw tooManyForAccount(what, verdict.wait);
    }
    return verdict.attempt;
  }

  /**
   * Resolves when `password` is the signed-in user's; otherwise a 400 with `fields.password`, or a 429 while the
   * account's sign-in limits make this address wait. `purpose` names the action in the security events.
   */
  async function confirmPassword(
    userId: string,
    password: string | undefined,
    from: RequestOrigin,
    purpose: string,
  ): Promise<void> {
    if (!password) {
      throw new AppError('VALIDATION', reauthMessages.missing, { password: reauthMessages.missing });
    }
    const account = await users.findActiveUserById(ctx.db, userId);
    if (!account) throw unauthenticated();
    const attempt = await begin(account, from, purpose);
    if (!(await verifyPassword(account.passwordHash, password))) {
      await attempt.failed();
      securityEvent('auth.reauth_failed', { userId, reason: purpose }, from);
      throw new AppError('VALIDATION', reauthMessages.wrong, { password: reauthMessages.wrong });
    }
    await attempt.succeeded();
  }

  return { begin, confirmPassword };
}
