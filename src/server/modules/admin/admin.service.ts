// The admin console (issue 13, spec part 2 sections 2-9): the Users tab (list, edit, role, deletion preview,
// single and bulk deletion), the audit log, and the test-data clean-up. Every change and its audit entry share
// one transaction; a bulk deletion runs one transaction per user, so one failure leaves the others done.
import type { FastifyBaseLogger } from 'fastify';
import { effectiveRole, type Role } from '#domain/permissions';
import { DEFAULT_RENEWAL_DAYS, subscriptionIsActive, type ProviderPlanId } from '#domain/plans';
import { addDays, zonedDayEnd, zonedDayStart } from '#domain/dates';
import { ADMIN_USERS_PAGE_SIZE, type DeletionMode } from '#domain/schemas/admin.schema';
import {
  AUDIT_LOG_PAGE_SIZE,
  EMAIL_IN_USE_MESSAGE,
  LAST_ADMIN_MESSAGE,
  type AdminUser,
  type AuditEntry,
  type CleanupPreview,
  type DeletionPreviewItem,
  type DeletionResult,
} from '#domain/schemas/admin-api.schema';
import type { z } from 'zod';
import type {
  adminEditUserSchema,
  adminUsersQuerySchema,
  auditLogQuerySchema,
} from '#domain/schemas/admin-api.schema';
import type { AppContext } from '#server/context';
import { AppError, notFound } from '#server/errors';
import { securityEvent } from '#server/lib/security-log';
import { auditActions, recordAudit } from '#server/modules/audit';
import { isTwoStepOn, notifyAccount, switchOffTwoStep } from '#server/modules/auth';
import { destroyUserSessions } from '#server/modules/sessions';
import * as users from '#server/modules/users';
import type { UserPatch, UserRow } from '#server/modules/users';
import * as repo from './admin.repo.ts';
import { isUuid } from '#domain/ids';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Why a user was not deleted (the result's reason; the single DELETE answers with it). */
export const deletionReasons = {
  notFound: 'User not found',
  self: 'You cannot delete your own account from the admin console',
  admin: 'Protected: admins cannot be deleted (change their role first)',
  alreadyDeleted: 'Already deleted',
  notTestData: 'Does not look like test data',
  failed: 'Could not delete this user; nothing was changed',
} as const;

export const USER_NOT_FOUND = 'User not found';
export const TWO_STEP_NOT_ON = 'Two-step verification is not on for this user';

export interface Admin {
  id: string;
}

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

export type AdminService = ReturnType<typeof createAdminService>;

export function createAdminService(
  ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config'>,
  log: FastifyBaseLogger,
) {
  const { db, now } = ctx;

  /** Who acted, as the audit details keep it (names survive the actor's own later deletion). */
  async function actorDetails(adminId: string) {
    const a = await repo.findUserAnyState(db, adminId);
    return a ? { adminName: fullName(a), adminEmail: a.email } : {};
  }

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

  async function deleteOne(
    admin: Admin,
    userId: string,
    mode: DeletionMode,
    opts: { onlyTestData?: boolean } = {},
  ): Promise<DeletionResult> {
    const result = (status: DeletionResult['status'], reason: string | null = null): DeletionResult => ({
      userId,
      status,
      mode,
      reason,
    });
    if (!isUuid(userId)) return result('skipped', deletionReasons.notFound);
    const t = now();
    const who = await actorDetails(admin.id);
    try {
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.lockUserAnyState(tx, userId);
        if (!row) return result('skipped', deletionReasons.notFound);
        if (row.id === admin.id) return result('skipped', deletionReasons.self);
        if (row.role === 'admin') return result('skipped', deletionReasons.admin);
        if (opts.onlyTestData && !(await repo.testUserIds(tx, [row.id])).has(row.id)) {
          return result('skipped', deletionReasons.notTestData);
        }
        const target = { targetUserName: fullName(row), targetUserEmail: row.email };
        if (mode === 'soft') {
          if (row.deletedAt) return result('skipped', deletionReasons.alreadyDeleted);
          await users.softDeleteUser(tx, row.id, t);
          await destroyUserSessions(tx, row.id);
          await switchOffTwoStep(tx, row.id);
          await recordAudit(tx, {
            actorId: admin.id,
            action: auditActions.deleteUser,
            targetType: 'user',
            targetId: row.id,
            details: { mode, ...target, ...who },
            at: t,
          });
        } else {
          const counts = (await repo.countUserRecords(tx, [row.id])).get(row.id);
          await repo.hardDeleteUser(tx, row.id);
          await recordAudit(tx, {
            actorId: admin.id,
            action: auditActions.deleteUser,
            targetType: 'user',
            targetId: row.id,
            details: {
              mode,
              ...target,
              ...who,
              wasSoftDeleted: row.deletedAt != null,
              recordsRemoved: counts?.totalRecords ?? 1,
            },
            at: t,
          });
        }
        return result('deleted');
      });
      if (outcome.status === 'deleted')
        securityEvent('user.deleted', { actorId: admin.id, userId, mode }, log);
      return outcome;
    } catch (err) {
      log.error({ err, userId, mode, adminId: admin.id }, 'user deletion failed; rolled back');
      return result('failed', deletionReasons.failed);
    }
  }

  return {
    async listUsers(q: z.output<typeof adminUsersQuerySchema>) {
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

    async getUser(id: string): Promise<AdminUser> {
      const row = isUuid(id) ? await repo.findUserAnyState(db, id) : undefined;
      if (!row) throw notFound(USER_NOT_FOUND);
      return { ...toAdminUser(row, now()), twoStepEnabled: await isTwoStepOn(db, row.id) };
    },

    /**
     * The Edit User dialog: names, email (unique; a new address is unconfirmed until its owner confirms it),
     * role, a provider's plan, an admin's expiry. One audit entry per kind of change: Edit User (names, email),
     * Change Role (role, admin expiry), Change Subscription (plan).
     */
    async editUser(admin: Admin, id: string, body: z.output<typeof adminEditUserSchema>) {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(admin.id);
      let before = undefined as UserRow | undefined; // the row as it was, for the security events
      try {
        const updated = await db.transaction(async (tx) => {
          const keepOneAdmin = await lockAdmins(tx, t);
          const row = await users.lockActiveUserById(tx, id);
          if (!row) throw notFound(USER_NOT_FOUND);
          before = row;
          const email = users.normalizeEmail(body.email);
          if (email !== row.email) {
            const holder = await users.findUserByEmailAnyState(tx, email);
            if (holder && holder.id !== row.id) throw emailInUse();
          }
          const patch: UserPatch = {};
          const edits: Record<string, { from: unknown; to: unknown }> = {};
          const roleEdits: Record<string, { from: unknown; to: unknown }> = {};
          const planEdits: Record<string, { from: unknown; to: unknown }> = {};
          for (const key of ['firstName', 'lastName'] as const) {
            if (body[key] !== row[key]) {
              patch[key] = body[key];
              edits[key] = { from: row[key], to: body[key] };
            }
          }
          if (email !== row.email) {
            patch.email = email;
            patch.emailVerifiedAt = null;
            edits.email = { from: row.email, to: email };
          }
          if (body.role !== row.role) {
            if (row.role === 'admin') keepOneAdmin(row.id);
            patch.role = body.role;
            roleEdits.role = { from: row.role, to: body.role };
          }
          const expiry =
            body.role !== 'admin'
              ? null
              : body.adminExpiresAt === undefined
                ? row.role === 'admin'
                  ? row.adminExpiresAt
                  : null
                : body.adminExpiresAt === null
                  ? null
                  : new Date(body.adminExpiresAt);
          if (iso(expiry) !== iso(row.adminExpiresAt)) {
            if (row.role === 'admin' && effectiveRole(row, t) === 'admin' && expiry && expiry <= t) {
              keepOneAdmin(row.id);
            }
            patch.adminExpiresAt = expiry;
            roleEdits.adminExpiresAt = { from: iso(row.adminExpiresAt), to: iso(expiry) };
          }
          if (
            body.role === 'provider' &&
            body.subscriptionPlan &&
            body.subscriptionPlan !== row.subscriptionPlan
          ) {
            Object.assign(patch, planPatch(row, body.subscriptionPlan, t));
            planEdits.subscriptionPlan = { from: row.subscriptionPlan, to: body.subscriptionPlan };
          }
          if (patch.role !== undefined || patch.subscriptionPlan !== undefined) {
            Object.assign(patch, users.tasksTrimmedFor(row, patch.subscriptionPlan ?? row.subscriptionPlan));
          }
          if (Object.keys(patch).length === 0) return row;
          const saved = await users.updateUser(tx, row.id, patch);
          if (!saved) throw notFound(USER_NOT_FOUND);
          const target = { targetUserName: fullName(saved), targetUserEmail: saved.email };
          const entries: [string, Record<string, unknown>][] = [
            [auditActions.editUser, edits],
            [auditActions.changeRole, roleEdits],
            [auditActions.changeSubscription, planEdits],
          ];
          for (const [action, changes] of entries) {
            if (Object.keys(changes).length === 0) continue;
            await recordAudit(tx, {
              actorId: admin.id,
              action,
              targetType: 'user',
              targetId: row.id,
              details: { changes, ...target, ...who },
              at: t,
            });
          }
          return saved;
        });
        log.info({ adminId: admin.id, userId: id }, 'admin edited a user');
        if (before && updated.role !== before.role) {
          securityEvent(
            'user.role_changed',
            {
              actorId: admin.id,
              userId: id,
              fromRole: before.role,
              toRole: updated.role,
              reason: 'admin_edit',
            },
            log,
          );
        }
        if (before && updated.subscriptionPlan !== before.subscriptionPlan) {
          securityEvent(
            'subscription.plan_changed',
            {
              actorId: admin.id,
              userId: id,
              fromPlan: before.subscriptionPlan,
              toPlan: updated.subscriptionPlan,
              reason: 'admin_edit',
            },
            log,
          );
        }
        return {
          user: toAdminUser(updated, t),
          wasDowngraded: updated.id === admin.id && effectiveRole(updated, t) !== 'admin',
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
      const who = await actorDetails(admin.id);
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
            targetUserName: fullName(row),
            targetUserEmail: row.email,
            ...who,
          },
          at: t,
        });
        return saved;
      });
      const wasDowngraded = updated.id === admin.id && effectiveRole(updated, t) !== 'admin';
      log.info({ adminId: admin.id, userId: id, role, wasDowngraded }, 'admin changed a role');
      if (fromRole !== null && fromRole !== role) {
        securityEvent(
          'user.role_changed',
          { actorId: admin.id, userId: id, fromRole, toRole: role, reason: 'admin' },
          log,
        );
      }
      return { user: toAdminUser(updated, t), wasDowngraded };
    },

    deleteOne,

    /**
     * Signs a user out everywhere (docs/security.md, ASVS 7.4.5): every session of the account ends at once and
     * its sockets close. An admin signing themselves out keeps the session they act from.
     */
    async endSessions(admin: Admin, id: string, currentSessionHash: string | null): Promise<void> {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(admin.id);
      const self = id.toLowerCase() === admin.id.toLowerCase();
      await db.transaction(async (tx) => {
        const row = await users.lockActiveUserById(tx, id);
        if (!row) throw notFound(USER_NOT_FOUND);
        await destroyUserSessions(tx, row.id, self ? (currentSessionHash ?? undefined) : undefined);
        await recordAudit(tx, {
          actorId: admin.id,
          action: auditActions.endSessions,
          targetType: 'user',
          targetId: row.id,
          details: {
            targetUserName: fullName(row),
            targetUserEmail: row.email,
            keptOwnSession: self,
            ...who,
          },
          at: t,
        });
      });
      securityEvent('user.sessions_ended', { actorId: admin.id, userId: id.toLowerCase() }, log);
    },

    /**
     * Switches two-step verification off for a user who lost their device (decision 0024): the secret and
     * recovery codes go and every session of the user ends (an admin doing it to themselves keeps this one).
     */
    async resetTwoStep(admin: Admin, id: string, currentSessionHash: string | null): Promise<void> {
      if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
      const t = now();
      const who = await actorDetails(admin.id);
      const self = id.toLowerCase() === admin.id.toLowerCase();
      const target = await db.transaction(async (tx) => {
        const row = await users.lockActiveUserById(tx, id);
        if (!row) throw notFound(USER_NOT_FOUND);
        if (!(await switchOffTwoStep(tx, row.id))) throw new AppError('CONFLICT', TWO_STEP_NOT_ON);
        await destroyUserSessions(tx, row.id, self ? (currentSessionHash ?? undefined) : undefined);
        await recordAudit(tx, {
          actorId: admin.id,
          action: auditActions.resetTwoStep,
          targetType: 'user',
          targetId: row.id,
          details: { targetUserName: fullName(row), targetUserEmail: row.email, ...who },
          at: t,
        });
        return row;
      });
      securityEvent('auth.two_step_admin_reset', { actorId: admin.id, userId: id.toLowerCase() }, log);
      notifyAccount(ctx, target, { kind: 'two_step_off_by_admin' });
    },

    /** One transaction per user, in the order given (each id once). */
    async deleteMany(
      admin: Admin,
      ids: readonly string[],
      mode: DeletionMode,
      opts: { onlyTestData?: boolean } = {},
    ) {
      const results: DeletionResult[] = [];
      for (const id of [...new Set(ids.map((x) => x.toLowerCase()))]) {
        results.push(await deleteOne(admin, id, mode, opts));
      }
      const n = (s: DeletionResult['status']) => results.filter((r) => r.status === s).length;
      log.info(
        { adminId: admin.id, mode, deleted: n('deleted'), skipped: n('skipped'), failed: n('failed') },
        'admin bulk deletion',
      );
      return { mode, results, deleted: n('deleted'), skipped: n('skipped'), failed: n('failed') };
    },

    /** What deleting these users would touch; admins and the caller are protected (canDelete false). */
    async preview(admin: Admin, ids: readonly string[]): Promise<DeletionPreviewItem[]> {
      const asked = [...new Set(ids.map((x) => x.toLowerCase()))];
      const wellFormed = asked.filter((id) => isUuid(id));
      const rows = new Map((await repo.findUsersAnyState(db, wellFormed)).map((u) => [u.id, u]));
      const counts = await repo.countUserRecords(db, [...rows.keys()]);
      return asked.map((id): DeletionPreviewItem => {
        const u = rows.get(id);
        if (!u) {
          return {
            userId: id,
            exists: false,
            user: null,
            canDelete: false,
            reason: deletionReasons.notFound,
            totalRecords: 0,
            counts: { messages: 0, estimates: 0, sessions: 0 },
          };
        }
        const c = counts.get(id) ?? { messages: 0, estimates: 0, sessions: 0, totalRecords: 1 };
        const reason =
          u.id === admin.id ? deletionReasons.self : u.role === 'admin' ? deletionReasons.admin : null;
        return {
          userId: id,
          exists: true,
          user: {
            firstName: u.firstName,
            lastName: u.lastName,
            email: u.email,
            role: u.role,
            deletedAt: iso(u.deletedAt),
          },
          canDelete: reason === null,
          reason,
          totalRecords: c.totalRecords,
          counts: { messages: c.messages, estimates: c.estimates, sessions: c.sessions },
        };
      });
    },

    async logs(q: z.output<typeof auditLogQuerySchema>) {
      const filter: repo.AuditFilter = {
        ...(q.adminId
          ? {
              actorId: isUuid(q.adminId) ? q.adminId.toLowerCase() : '00000000-0000-0000-0000-000000000000',
            }
          : {}),
        ...(q.actionType ? { action: q.actionType } : {}),
      };
      const total = await repo.countAuditEntries(db, filter);
      const rows = await repo.listAuditEntries(
        db,
        filter,
        (q.page - 1) * AUDIT_LOG_PAGE_SIZE,
        AUDIT_LOG_PAGE_SIZE,
      );
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      const entries = rows.map(({ entry, actorFirstName, actorLastName, actorEmail }): AuditEntry => {
        const d = entry.details ?? {};
        return {
          id: entry.id,
          timestamp: entry.createdAt.toISOString(),
          actionType: entry.action,
          adminId: entry.actorId,
          adminName:
            actorFirstName != null ? `${actorFirstName} ${actorLastName ?? ''}`.trim() : text(d.adminName),
          adminEmail: actorEmail ?? text(d.adminEmail),
          targetUserId: entry.targetType === 'user' ? entry.targetId : null,
          targetUserName: text(d.targetUserName),
          targetUserEmail: text(d.targetUserEmail),
          details: d,
        };
      });
      return { entries, total, page: q.page, pageSize: AUDIT_LOG_PAGE_SIZE };
    },

    async cleanupPreview(
      admin: Admin,
      q: { scope: 'test' | 'all'; search: string },
    ): Promise<CleanupPreview> {
      const found = await repo.cleanupCandidates(db, {
        exceptId: admin.id,
        all: q.scope === 'all',
        search: q.search,
        limit: 500,
      });
      return {
        totalUsers: found.total,
        users: found.users.map((u) => ({
          id: u.id,
          email: u.email,
          first_name: u.firstName,
          last_name: u.lastName,
          role: u.role,
          created_at: u.createdAt.toISOString(),
          is_test: u.isTest,
          counts: {
            estimates: u.estimates,
            messages: u.messages,
            posted_tasks: u.postedTasks,
            conversations: u.conversations,
          },
        })),
      };
    },
  };
}

/** A plan an admin grants is in force: a provider whose trial ran out gets a paid period (default 30 days). */
function planPatch(row: UserRow, plan: ProviderPlanId, t: Date): UserPatch {
  const next = { ...row, subscriptionPlan: plan };
  if (plan === 'free' || subscriptionIsActive(next, t)) return { subscriptionPlan: plan };
  return { subscriptionPlan: plan, subscriptionExpiryDate: addDays(t, DEFAULT_RENEWAL_DAYS) };
}
