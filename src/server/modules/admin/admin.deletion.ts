// Deleting users from the admin console: what a deletion would touch (the preview), and soft or hard deletion
// of one user or many. Admins and the acting admin are protected. Each user is deleted in a transaction of its
// own with its audit entry, so in a bulk deletion one failure leaves the others done.
import type { FastifyBaseLogger } from 'fastify';
import { iso } from '#domain/dates';
import { isUuid } from '#domain/ids';
import type { DeletionMode } from '#domain/schemas/admin.schema';
import type { DeletionPreviewItem, DeletionResult } from '#domain/schemas/admin-api.schema';
import type { AppContext } from '#server/context';
import { securityEvent } from '#server/lib/security-log';
import { auditActions, recordAudit } from '#server/modules/audit';
import { switchOffTwoStep } from '#server/modules/auth';
import { cancelOpenJobsOf } from '#server/modules/jobs';
import { destroyUserSessions } from '#server/modules/sessions';
import * as users from '#server/modules/users';
import { actorDetails, targetDetails, type Admin } from './admin.actor.ts';
import * as repo from './admin.repo.ts';

/** Why a user was not deleted (the result's reason; the single DELETE answers with it). */
export const deletionReasons = {
  notFound: 'User not found',
  self: 'You cannot delete your own account from the admin console',
  admin: 'Protected: admins cannot be deleted (change their role first)',
  alreadyDeleted: 'Already deleted',
  notTestData: 'Does not look like test data',
  failed: 'Could not delete this user; nothing was changed',
} as const;

export interface DeletionOptions {
  /** Skip a user who does not look like test data (the test-data clean-up). */
  onlyTestData?: boolean;
}

export type AdminDeletion = ReturnType<typeof createAdminDeletion>;

export function createAdminDeletion(ctx: Pick<AppContext, 'db' | 'now' | 'events'>, log: FastifyBaseLogger) {
  const { db, now } = ctx;

  /** Soft deletion redacts and ends the sessions; hard deletion removes the user and every record of theirs. */
  async function deleteOne(
    admin: Admin,
    userId: string,
    mode: DeletionMode,
    opts: DeletionOptions = {},
  ): Promise<DeletionResult> {
    const result = (status: DeletionResult['status'], reason: string | null = null): DeletionResult => ({
      userId,
      status,
      mode,
      reason,
    });
    if (!isUuid(userId)) return result('skipped', deletionReasons.notFound);
    const t = now();
    const who = await actorDetails(db, admin.id);
    try {
      const outcome = await ctx.events.transaction(async (tx) => {
        const row = await repo.lockUserAnyState(tx, userId);
        if (!row) return result('skipped', deletionReasons.notFound);
        if (row.id === admin.id) return result('skipped', deletionReasons.self);
        if (row.role === 'admin') return result('skipped', deletionReasons.admin);
        if (opts.onlyTestData && !(await repo.testUserIds(tx, [row.id])).has(row.id)) {
          return result('skipped', deletionReasons.notTestData);
        }
        const target = targetDetails(row);
        if (mode === 'soft') {
          if (row.deletedAt) return result('skipped', deletionReasons.alreadyDeleted);
          await users.softDeleteUser(tx, row.id, t);
          await destroyUserSessions(tx, ctx.events, row.id);
          await switchOffTwoStep(tx, row.id);
          // Its open jobs are cancelled (never late), and the other party is told (jobChanged).
          await cancelOpenJobsOf(tx, ctx.events, row.id, t);
          // What else it leaves open is let go (its site visits: decision 0049).
          await ctx.events.publish(tx, 'accountClosed', { userId: row.id, at: t });
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
          // Told before the rows go: a removed provider's customers learn their visits are off (decision 0049).
          if (!row.deletedAt) await ctx.events.publish(tx, 'accountClosed', { userId: row.id, at: t });
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
        // A provider's public page goes with the account, and the sitemap with it (decision 0046).
        await ctx.events.publish(tx, 'publicPageChanged', { page: 'pro', id: row.id });
        return result('deleted');
      });
      if (outcome.status === 'deleted')
        securityEvent('user.deleted', { actorId: admin.id, userId, mode }, admin.from);
      return outcome;
    } catch (err) {
      log.error({ err, userId, mode, adminId: admin.id }, 'user deletion failed; rolled back');
      return result('failed', deletionReasons.failed);
    }
  }

  return {
    deleteOne,

    /** One transaction per user, in the order given (each id once). */
    async deleteMany(admin: Admin, ids: readonly string[], mode: DeletionMode, opts: DeletionOptions = {}) {
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
          const { totalRecords, ...none } = repo.noRecordCounts;
          return {
            userId: id,
            exists: false,
            user: null,
            canDelete: false,
            reason: deletionReasons.notFound,
            totalRecords,
            counts: none,
          };
        }
        const { totalRecords, ...c } = counts.get(id) ?? repo.noRecordCounts;
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
          totalRecords,
          counts: c,
        };
      });
    },
  };
}
