// GET /api/admin/logs?adminId&actionType&page: the audit log, newest first, 20 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLog } from '#domain/schemas/admin-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { AUDIT_LOG_KEY, queryString } from './keys.ts';

export interface AuditLogQuery {
  adminId?: string;
  actionType?: string;
  page: number;
}

export const getAuditLog = (q: AuditLogQuery) =>
  apiJson<AuditLog>('GET', `/api/admin/logs${queryString({ ...q })}`);

export const auditLogQueryOptions = (q: AuditLogQuery) =>
  queryOptions({ queryKey: [...AUDIT_LOG_KEY, q], queryFn: () => getAuditLog(q) });

export function useAuditLog(q: AuditLogQuery) {
  return useQuery({
    ...auditLogQueryOptions(q),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
