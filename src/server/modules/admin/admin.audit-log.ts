// The audit log as the console reads it: newest first, filtered by the admin who acted and the kind of action.
// The actor is named as they are now, or as the entry kept them once they are gone; the target as it kept them.
import type { z } from 'zod';
import { isUuid } from '#domain/ids';
import {
  AUDIT_LOG_PAGE_SIZE,
  type AuditEntry,
  type auditLogQuerySchema,
} from '#domain/schemas/admin-api.schema';
import type { AppContext } from '#server/context';
import * as repo from './admin.repo.ts';

/** An admin id that is not a UUID matches no entry (rather than being refused). */
const NO_ACTOR = '00000000-0000-0000-0000-000000000000';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

export type AdminAuditLog = ReturnType<typeof createAdminAuditLog>;

export function createAdminAuditLog(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  return {
    async list(q: z.output<typeof auditLogQuerySchema>) {
      const filter: repo.AuditFilter = {
        ...(q.adminId ? { actorId: isUuid(q.adminId) ? q.adminId.toLowerCase() : NO_ACTOR } : {}),
        ...(q.actionType ? { action: q.actionType } : {}),
      };
      const total = await repo.countAuditEntries(db, filter);
      const rows = await repo.listAuditEntries(
        db,
        filter,
        (q.page - 1) * AUDIT_LOG_PAGE_SIZE,
        AUDIT_LOG_PAGE_SIZE,
      );
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
  };
}
