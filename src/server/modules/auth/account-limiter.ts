// The per-account half of the auth rate limits (the per-IP half is @fastify/rate-limit on each route), on the
// shared rate-limit store (memory, or PostgreSQL when DATABASE_URL is set), timed by the app's clock.
//
// Sign-in failures are counted twice (decision record 0007):
// - per account and client address: the first half of RATE_LIMIT_AUTH_PER_ACCOUNT failures are free, each further
//   one makes that address wait twice as long before the next try (2 s, 4 s, 8 s, ...: answered 429 with
//   Retry-After, nothing sleeps on the server), and at RATE_LIMIT_AUTH_PER_ACCOUNT the address waits out the
//   window. Someone guessing from one address cannot lock the owner out.
// - per account from all addresses together, at most RATE_LIMIT_LOGIN_PER_ACCOUNT failures a window, against
//   guessing from many addresses. Past it, an address that has failed for this email in the window is refused
//   (429) until the window ends, and any other address gets one try, checked: the right password signs in, a
//   wrong one is answered 429 and that address is refused from then on. So guessing goes on at one try per new
//   address, while the owner, at an address that has not failed, is never refused. Known and unknown emails alike.
// A 429 before the check does not count; a success takes its attempt back and clears its address's count; a
// password reset clears the account's counts. Verification-resend requests count every request per email; a
// password reset request sends at most one mail per email a window (firstResetMail), and is never refused.
import type { AppContext } from '#server/context';
import { RateLimitedError } from '#server/errors';
import type { RateLimitStore } from '#server/modules/rate-limits';

export interface AccountLimitsOptions {
  store: RateLimitStore;
  now: () => Date;
  windowMs: number;
  /** Reset and resend requests per email; sign-in failures per email and client address. */
  perAccount: number;
  /** Sign-in failures per email from every address together. */
  loginCeiling: number;
}

/** An attempt that passed the limits: report how it ended. */
export interface LoginAttempt {
  /**
   * A wrong password (or code). Resolves to the seconds to wait when the answer is a 429 rather than the plain
   * refusal (a wrong try past the account's ceiling), else null.
   */
  failed(): Promise<number | null>;
  succeeded(): Promise<void>;
  /**
   * A right password of an account with two-step verification: the attempt is taken back, but the address's
   * failures stay until the code is right too, so wrong codes and wrong passwords count together (decision 0024).
   */
  passed(): Promise<void>;
}

/** How long an address waits after its `failures`-th failure before it may try again (ms; 0 = at once). */
export function loginDelayMs(failures: number, perAccount: number): number {
  const free = Math.floor(perAccount / 2);
  return failures < free ? 0 : 2 ** (failures - free + 1) * 1000;
}

const accountPart = (email: string) => `login|${encodeURIComponent(email.toLowerCase())}|`;

export function createAccountLimits(opts: AccountLimitsOptions) {
  const { store, now, windowMs, perAccount, loginCeiling } = opts;
  /** Whole seconds from now to `until`, at least 1. */
  const secondsUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000));
  const waitFor = async (key: string) => ({
    wait: secondsUntil((await store.peek(key))?.resetAt ?? new Date(now().getTime() + 1000)),
  });

  /** Past the ceiling: one checked try for an address that has not failed for this email in the window. */
  async function pastCeiling(
    ceilingKey: string,
    pairKey: string,
    failedHere: boolean,
  ): Promise<{ wait: number } | { attempt: LoginAttempt }> {
    // max 1: parallel tries from the address cannot all be checked.
    if (failedHere || !(await store.take(pairKey, windowMs, 1))) return waitFor(ceilingKey);
    return {
      attempt: {
        failed: async () => (await waitFor(ceilingKey)).wait,
        succeeded: async () => {
          await store.clear(pairKey);
        },
        passed: async () => {
          await store.release(pairKey);
        },
      },
    };
  }

  return {
    /** Whether a reset mail may go to this email now: true once per window, whoever asks. */
    async firstResetMail(email: string): Promise<boolean> {
      return (
        (await store.take(`reset-mail|${encodeURIComponent(email.toLowerCase())}`, windowMs, 1)) !== null
      );
    },

    /** Checks and counts a sign-in attempt before the password is checked. */
    async beginLogin(email: string, address: string): Promise<{ wait: number } | { attempt: LoginAttempt }> {
      const ceilingKey = `${accountPart(email)}*`;
      const pairKey = `${accountPart(email)}${address}`;
      const pair = await store.peek(pairKey);
      if (pair) {
        if (pair.count >= perAccount) return { wait: secondsUntil(pair.resetAt) };
        const until = pair.lastHitAt.getTime() + loginDelayMs(pair.count, perAccount);
        if (until > now().getTime()) {
          return { wait: secondsUntil(new Date(Math.min(until, pair.resetAt.getTime()))) };
        }
      }
      const failedHere = (pair?.count ?? 0) > 0;
      const ceiling = await store.peek(ceilingKey);
      if (ceiling && ceiling.count >= loginCeiling) return pastCeiling(ceilingKey, pairKey, failedHere);
      // Counted before the (slow) password check, so parallel guesses cannot all slip under the limits.
      if (!(await store.take(pairKey, windowMs, perAccount))) return waitFor(pairKey);
      if (!(await store.take(ceilingKey, windowMs, loginCeiling))) {
        // The ceiling filled meanwhile.
        await store.release(pairKey);
        return pastCeiling(ceilingKey, pairKey, failedHere);
      }
      return {
        attempt: {
          failed: async () => null,
          succeeded: async () => {
            await store.release(ceilingKey);
            await store.clear(pairKey);
          },
          passed: async () => {
            await store.release(ceilingKey);
            await store.release(pairKey);
          },
        },
      };
    },

    /** Forgets the email's sign-in failures, from every address (after a password reset). */
    async clearLogin(email: string): Promise<void> {
      await store.clear(accountPart(email), { prefix: true });
    },
  };
}

export type AccountLimits = ReturnType<typeof createAccountLimits>;

/** The account limits as the app's configuration sets them (one shared store: every service counts together). */
export function accountLimitsFor(ctx: AppContext) {
  return createAccountLimits({
    store: ctx.rateLimits,
    now: ctx.now,
    windowMs: ctx.config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    perAccount: ctx.config.RATE_LIMIT_AUTH_PER_ACCOUNT,
    loginCeiling: ctx.config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
  });
}

/** A wait as the 429 messages say it: "8 seconds", "15 minutes". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 of an account's limits: "Too many <what> for this account. Please try again in 8 seconds." */
export function tooManyForAccount(what: string, waitSeconds: number): RateLimitedError {
  return new RateLimitedError(
    `Too many ${what} for this account. Please try again in ${waitText(waitSeconds)}.`,
    waitSeconds,
  );
}
