// GET /api/admin/users: one page (10) of users matching the filters, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserList, AdminUsersQuery } from '#domain/schemas/admin-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_USERS_KEY, queryString } from './keys.ts';

export type UsersQuery = Omit<AdminUsersQuery, 'page'> & { page?: number };

export const getUsers = (q: UsersQuery) =>
  apiJson<AdminUserList>('GET', `/api/admin/users${queryString({ ...q })}`);

export const usersQueryOptions = (q: UsersQuery) =>
  queryOptions({ queryKey: [...ADMIN_USERS_KEY, 'list', q], queryFn: () => getUsers(q) });

/** The previous page stays on screen while the next one loads. */
export function useUsers(q: UsersQuery) {
  return useQuery({ ...usersQueryOptions(q), placeholderData: keepPreviousData, refetchOnMount: 'always' });
}
