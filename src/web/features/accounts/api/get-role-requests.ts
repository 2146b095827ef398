// GET /api/role-requests (spec part 1 section 7, part 2 section 3): the signed-in user's own role change
// requests with their status history, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '#domain/permissions';
import type { RoleRequestStatus } from '#domain/schemas/role-request.schema';
import { apiJson } from '#web/lib/api-client.ts';

export interface RoleRequest {
  id: string;
  userId: string;
  requestedRole: Role;
  reason: string;
  status: RoleRequestStatus;
  requestedAt: string;
  reviewedAt: string | null;
  adminComment: string | null;
}

export const ROLE_REQUESTS_QUERY_KEY = ['/api/role-requests'] as const;

export const getRoleRequests = () => apiJson<RoleRequest[]>('GET', '/api/role-requests');

export const roleRequestsQueryOptions = () =>
  queryOptions({ queryKey: ROLE_REQUESTS_QUERY_KEY, queryFn: getRoleRequests });

export function useRoleRequests() {
  return useQuery(roleRequestsQueryOptions());
}
