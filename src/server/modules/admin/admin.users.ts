// The Users tab's accounts: the list and one user, the Edit User dialog, the inline role select, signing a user
// out everywhere and switching off a user's two-step verification. Every change and its audit entry share one
// transaction; the security events are logged once it is committed.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { iso, zonedDayEnd, zonedDayStart } from '#domain/dates';
import { isUuid } from '#domain/ids';
import { effectiveRole, type Role } from '#domain/permissions';
import { ADMIN_USERS_PAGE_SIZE } from '#domain/schemas/admin.schema';
import {
  EMAIL_IN_USE_MESSAGE,
  LAST_ADMIN_MESSAGE,
  type AdminUser,
  type adminUsersQuerySchema,
} from '#domain/schemas/admin-api.schema';
import type { AppContext } from '#server/context';
import { AppError, notFound } from '#server/errors';
import { securityEvent } from '#server/lib/security-log';
import { auditActions, recordAudit } from '#server/modules/audit';
import { isTwoStepOn, notifyAccount, switchOffTwoStep } from '#server/modules/auth';
import { destroyUserSessions } from '#server/modules/sessions';
import * as users from '#server/modules/users';
import type { UserRow } from '#server/modules/users';
import { actorDetails, targetDetails, type Admin } from './admin.actor.ts';
import * as repo from './admin.repo.ts';
import { planUserEdit, type AdminEditUserBody } from './admin.user-edit.ts';

export const USER_NOT_FOUND = 'User not found';
export const TWO_STEP_NOT_ON = 'Two-step verification is not on for this user';

export function toAdminUser(u: UserRow, now: Date): AdminUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    effectiveRole: effectiveRole(u, now),
    subscriptionPlan: u.subscriptionPlan,
    emailVerified: u.emailVerifiedAt != null,
    createdAt: u.createdAt.toISOString(),
    lastActiveAt: iso(u.lastActiveAt),
    adminExpiresAt: iso(u.adminExpiresAt),
    deletedAt: iso(u.deletedAt),
  };
}

/** A unique-violation from either driver (the error or its cause carries SQLSTATE 23505). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const emailInUse = () => new AppError('CONFLICT', EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE });

/**
 * Locks the active admins first (always in id order, before the target's row, so two admins changing each
 * other cannot deadlock) and returns a check that refuses a change leaving no active admin.
 */
async function lockAdmins(tx: Parameters<typeof repo.lockActiveAdminIds>[0], t: Date) {
  const admins = await repo.lockActiveAdminIds(tx, t);
  return (userId: string) => {
    if (admins.includes(userId) && admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
  };
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;

export function createAdminUsers(
  ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config' | 'events'>,
  log: FastifyBaseLogger,
) {
  const { db, now } = ctx;

  return {
    async list(q: z.output<typeof adminUsersQuerySchema>) {
      const tz = q.timeZone;
      const filter: repo.UserListFilter = {
        ...(q.search ? { search: q.search } : {}),
        ...(q.role !== 'all' ? { role: q.role } : {}),
        ...(q.subscription !== 'all' ? { plan: q.subscription } : {}),
        ...(q.createdAfter ? { createdFrom: zonedDayStart(q.createdAfter, tz) } : {}),
        ...(q.createdBefore ? { createdTo: zonedDayEnd(q.createdBefore, tz) } : {}),
        ...(q.lastActiveAfter ? { activeFrom: zonedDayStart(q.lastActiveAfter, tz) } : {}),
        ...(q.lastActiveBefore ? { activeTo: zonedDayEnd(q.lastActiveBefore, tz) } : {}),
        deleted: q.deleted,
      };
      const total = await repo.countUsers(db, filter);
      const pageCount = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
      const page = Math.min(q.page, pageCount);
      const rows = await repo.listUsers(
        db,
        filter,
        (page - 1) * ADMIN_USERS_PAGE_SIZE,
        ADMIN_USERS_PAGE_SIZE,
      );
      const t = now();
      return {
        users: rows.map((u) => toAdminUser(u, t)),
        total,
        page,
        pageSize: ADMIN_USERS_PAGE_SIZE,
        pageCount,
      };
    },

    async get(id: string): Promise<AdminUser> {
      const row = isUuid(id) ? await repo.findUserAnyState(db, id) : undefined;
      if (!row) throw notFound(USER_NOT_FOUND);
      return { ...toAdminUser(row, now()), twoStepEnabled: await isTwoStepOn(db, row.id) };
    },

    /**
     * The Edit User dialog: plans the edit from the locked row (admin.user-edit.ts), refuses an email another
     * account holds and a change that leaves no active admin, then writes the patch and the plan's audit entries.
     */
    async edit(admin: Admin, id: string, body: AdminEditUserBody) {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(db, admin.id);
      try {
        const { plan, saved } = await db.transaction(async (tx) => {
          const keepOneAdmin = await lockAdmins(tx, t);
          const row = await users.lockActiveUserById(tx, id);
          if (!row) throw notFound(USER_NOT_FOUND);
          const plan = planUserEdit(row, body, t);
          if (plan.patch.email !== undefined) {
            const holder = await users.findUserByEmailAnyState(tx, plan.patch.email);
            if (holder && holder.id !== row.id) throw emailInUse();
          }
          if (plan.mustKeepOneAdmin) keepOneAdmin(row.id);
          if (Object.keys(plan.patch).length === 0) return { plan, saved: row };
          const saved = await users.updateUser(tx, row.id, plan.patch);
          if (!saved) throw notFound(USER_NOT_FOUND);
          for (const { action, changes } of plan.audit) {
            await recordAudit(tx, {
              actorId: admin.id,
              action,
              targetType: 'user',
              targetId: row.id,
              details: { changes, ...targetDetails(saved), ...who },
              at: t,
            });
          }
          return { plan, saved };
        });
        log.info({ adminId: admin.id, userId: id }, 'admin edited a user');
        // A provider's public page shows the name and the plan; a role change opens or closes it (decision 0046).
        if (
          Object.keys(plan.patch).length > 0 &&
          (saved.role === 'provider' || plan.patch.role !== undefined)
        ) {
          await ctx.events.publish(db, 'publicPageChanged', { page: 'pro', id: saved.id });
        }
        for (const { event, fields } of plan.securityEvents) {
          securityEvent(event, { actorId: admin.id, userId: id, ...fields }, admin.from);
        }
        return {
          user: toAdminUser(saved, t),
          wasDowngraded: saved.id === admin.id && effectiveRole(saved, t) !== 'admin',
        };
      } catch (err) {
        if (isUniqueViolation(err)) throw emailInUse();
        throw err;
      }
    },

    /** The inline role select. An approved admin role has no expiry (as a role request's approval). */
    async changeRole(admin: Admin, id: string, role: Role) {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(db, admin.id);
      let fromRole = null as Role | null;
      const updated = await db.transaction(async (tx) => {
        const keepOneAdmin = await lockAdmins(tx, t);
        const row = await users.lockActiveUserById(tx, id);
        if (!row) throw notFound(USER_NOT_FOUND);
        fromRole = row.role;
        if (row.role === role) return row;
        if (row.role === 'admin') keepOneAdmin(row.id);
        const saved = await users.updateUser(tx, row.id, {
          role,
          adminExpiresAt: null,
          ...users.tasksTrimmedFor(row, row.subscriptionPlan),
        });
        if (!saved) throw notFound(USER_NOT_FOUND);
        await recordAudit(tx, {
          actorId: admin.id,
          action: auditActions.changeRole,
          targetType: 'user',
          targetId: row.id,
          details: {
            changes: { role: { from: row.role, to: role } },
            fromRole: row.role,
            toRole: role,
            ...targetDetails(row),
            ...who,
          },
          at: t,
        });
        return saved;
      });
      const wasDowngraded = updated.id === admin.id && effectiveRole(updated, t) !== 'admin';
      log.info({ adminId: admin.id, userId: id, role, wasDowngraded }, 'admin changed a role');
      if (fromRole !== null && fromRole !== role) {
        // To or from provider: the public page opens or closes (decision 0046).
        if (fromRole === 'provider' || role === 'provider') {
          await ctx.events.publish(db, 'publicPageChanged', { page: 'pro', id: updated.id });
        }
        securityEvent(
          'user.role_changed',
          { actorId: admin.id, userId: id, fromRole, toRole: role, reason: 'admin' },
          admin.from,
        );
      }
      return { user: toAdminUser(updated, t), wasDowngraded };
    },

    /**
     * Signs a user out everywhere (docs/security.md, ASVS 7.4.5): every session of the account ends at once and
     * its sockets close. An admin signing themselves out keeps the session they act from.
     */
    async endSessions(admin: Admin, id: string, currentSessionHash: string | null): Promise<void> {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(db, admin.id);
      const self = id.toLowerCase() === admin.id.toLowerCase();
      await ctx.events.transaction(async (tx) => {
        const row = await users.lockActiveUserById(tx, id);
        if (!row) throw notFound(USER_NOT_FOUND);
        await destroyUserSessions(
          tx,
          ctx.events,
          row.id,
          self ? (currentSessionHash ?? undefined) : undefined,
        );
        await recordAudit(tx, {
          actorId: admin.id,
          action: auditActions.endSessions,
          targetType: 'user',
          targetId: row.id,
          details: { ...targetDetails(row), keptOwnSession: self, ...who },
          at: t,
        });
      });
      securityEvent('user.sessions_ended', { actorId: admin.id, userId: id.toLowerCase() }, admin.from);
    },

    /**
     * Switches two-step verification off for a user who lost their device (decision 0024): the secret and
     * recovery codes go and every session of the user ends (an admin doing it to themselves keeps this one).
     */
    async resetTwoStep(admin: Admin, id: string, currentSessionHash: string | null): Promise<void> {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(db, admin.id);
      const self = id.toLowerCase() === admin.id.toLowerCase();
      const target = await ctx.events.transaction(async (tx) => {
        const row = await users.lockActiveUserById(tx, id);
        if (!row) throw notFound(USER_NOT_FOUND);
        if (!(await switchOffTwoStep(tx, row.id))) throw new AppError('CONFLICT', TWO_STEP_NOT_ON);
        await destroyUserSessions(
          tx,
          ctx.events,
          row.id,
          self ? (currentSessionHash ?? undefined) : undefined,
        );
        await recordAudit(tx, {
          actorId: admin.id,
          action: auditActions.resetTwoStep,
          targetType: 'user',
          targetId: row.id,
          details: { ...targetDetails(row), ...who },
          at: t,
        });
        return row;
      });
      securityEvent('auth.two_step_admin_reset', { actorId: admin.id, userId: id.toLowerCase() }, admin.from);
      notifyAccount(ctx, target, { kind: 'two_step_off_by_admin' });
    },
  };
}
