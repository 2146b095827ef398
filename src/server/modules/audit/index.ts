// The audit module's front door: writing entries. (The admin console adds the listing, GET /api/admin/logs.)
export { auditActions, recordAudit, type AuditAction, type AuditInput } from './audit.ts';
export type { AuditLogRow } from './audit.repo.ts';
