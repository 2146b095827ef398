// GET /api/role-requests: the signed-in user's own role change
// requests with their status history, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleRequestItem } from '#domain/schemas/account.schema';
import { apiJson } from '#web/lib/api-client.ts';

export type RoleRequest = RoleRequestItem;

export const ROLE_REQUESTS_QUERY_KEY = ['/api/role-requests'] as const;

export const getRoleRequests = () => apiJson<RoleRequest[]>('GET', '/api/role-requests');

export const roleRequestsQueryOptions = () =>
  queryOptions({ queryKey: ROLE_REQUESTS_QUERY_KEY, queryFn: getRoleRequests });

/** Read again on every visit to the screen, so a review done meanwhile shows up. */
export function useRoleRequests() {
  return useQuery({ ...roleRequestsQueryOptions(), refetchOnMount: 'always' });
}
