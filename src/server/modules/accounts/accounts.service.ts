// The signed-in user's own account: profile, settings and closing the account. Email, role, plan, trial dates
// and verification state never change here: the body schemas do not carry them (unknown keys are dropped) and
// a different email is refused with the form's message.
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_LOCKED_MESSAGE, emailChangeAttempted } from '#domain/schemas/profile.schema';
import type { MessageLimit } from '#domain/plans';
import type { AppContext } from '#server/context';
import { securityEvent, type RequestOrigin } from '#server/lib/security-log';
import { AppError, unauthenticated } from '#server/errors';
import { auditActions, recordAudit } from '#server/modules/audit';
import { switchOffTwoStep } from '#server/modules/auth';
import { cancelOpenJobsOf } from '#server/modules/jobs';
import { closeProjectsOf } from '#server/modules/projects';
import { destroyUserSessions } from '#server/modules/sessions';
import * as users from '#server/modules/users';
import type { UserPatch, UserRow } from '#server/modules/users';

/** The profile fields a profile route may write; every other column is out of reach. */
export interface ProfileFields {
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  companyName?: string;
  description?: string;
  /** A provider's page in the directory and open to search engines (decision 0046). */
  listed?: boolean;
}

const writable = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'companyName',
  'description',
  'listed',
] as const satisfies readonly (keyof ProfileFields & keyof UserPatch)[];

/** The patch of the fields present in the body; an empty optional field is stored as null. */
function profilePatch(body: ProfileFields): UserPatch {
  const patch: UserPatch = {};
  for (const key of writable) {
    const value = body[key];
    if (value === undefined) continue;
    if (key === 'listed') patch.listed = value === true;
    else if (key === 'firstName' || key === 'lastName') patch[key] = value as string;
    else patch[key] = value === '' ? null : (value as string);
  }
  return patch;
}

export const accountMessages = {
  canceled: 'Your account has been canceled.',
} as const;

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, now } = ctx;

  /** The user's row, or 401 when the account vanished since the session was read. */
  async function current(userId: string): Promise<UserRow> {
    const row = await users.findActiveUserById(db, userId);
    if (!row) throw unauthenticated();
    return row;
  }

  return {
    current,

    /** Writes the profile fields of the body; refuses a body whose email differs from the account's. */
    async updateProfile(userId: string, body: ProfileFields & { email?: string }): Promise<UserRow> {
      const row = await current(userId);
      if (emailChangeAttempted(body.email, row.email)) {
        throw new AppError('VALIDATION', EMAIL_LOCKED_MESSAGE, { email: EMAIL_LOCKED_MESSAGE });
      }
      const patch = profilePatch(body);
      if (Object.keys(patch).length === 0) return row;
      const updated = await users.updateUser(db, userId, patch);
      if (!updated) throw unauthenticated();
      // A provider's public page shows the profile: it is built again (decision 0046).
      if (updated.role === 'provider') {
        await ctx.events.publish(db, 'publicPageChanged', { page: 'pro', id: userId });
      }
      return updated;
    },

    async updateMessageLimit(userId: string, messageLimit: MessageLimit): Promise<UserRow> {
      await current(userId);
      const updated = await users.updateUser(db, userId, { messageLimit });
      if (!updated) throw unauthenticated();
      return updated;
    },

    /**
     * Closes the account at once: personal data redacted (the email becomes a tombstone, so the address may
     * sign up again as a new account), business records kept, public projects closed, every session ended.
     * The audit log keeps that the user closed it, without personal data.
     */
    async cancel(userId: string, from: RequestOrigin): Promise<void> {
      const t = now();
      const closed = await ctx.events.transaction(async (tx) => {
        const row = await users.softDeleteUser(tx, userId, t);
        if (!row) return false;
        await destroyUserSessions(tx, ctx.events, userId);
        // A closed account keeps no credentials: its two-step secret and recovery codes go (decision 0024).
        await switchOffTwoStep(tx, userId);
        // Its public projects close with it: out of the lists, no more offers (decision 0009); its public pages go
        // (decision 0046).
        const closedProjects = await closeProjectsOf(tx, userId);
        await ctx.events.publish(tx, 'publicPageChanged', { page: 'pro', id: userId });
        for (const id of closedProjects)
          await ctx.events.publish(tx, 'publicPageChanged', { page: 'project', id });
        // Its open jobs are cancelled (never late), and the other party is told (jobChanged).
        await cancelOpenJobsOf(tx, ctx.events, userId, t);
        // What else it leaves open is let go (its site visits: decision 0049).
        await ctx.events.publish(tx, 'accountClosed', { userId, at: t });
        await recordAudit(tx, {
          actorId: userId,
          action: auditActions.deleteUser,
          targetType: 'user',
          targetId: userId,
          details: { mode: 'soft', by: 'self', reason: 'account canceled by its owner' },
          at: t,
        });
        return true;
      });
      if (!closed) throw unauthenticated();
      log.info({ userId }, 'account canceled; personal data redacted, every session ended');
      securityEvent('account.closed', { userId }, from);
    },
  };
}
