// The audit_log table: every query on it. Other modules write entries through recordAudit (./index.ts).
import type { Executor } from '#server/db/client';
import { auditLog, type AuditLogRow } from '#server/db/schema/index';

export type { AuditLogRow };
export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, values: NewAuditEntry): Promise<AuditLogRow> {
  const [row] = await db.insert(auditLog).values(values).returning();
  if (!row) throw new Error('audit entry not written');
  return row;
}
