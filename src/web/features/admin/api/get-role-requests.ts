// GET /api/admin/role-requests: the pending role change requests with who asked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRoleRequest } from '#domain/schemas/account.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_ROLE_REQUESTS_KEY } from './keys.ts';

export const getPendingRoleRequests = () =>
  apiJson<AdminRoleRequest[]>('GET', '/api/admin/role-requests?status=pending');

export const pendingRoleRequestsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_ROLE_REQUESTS_KEY, 'pending'], queryFn: getPendingRoleRequests });

export function usePendingRoleRequests() {
  return useQuery({ ...pendingRoleRequestsQueryOptions(), refetchOnMount: 'always' });
}
