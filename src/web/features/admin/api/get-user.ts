// GET /api/admin/users/{id}: the account as it is now, read when the Edit User dialog opens.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_USERS_KEY } from './keys.ts';

export const getUser = (id: string) =>
  apiJson<AdminUser>('GET', `/api/admin/users/${encodeURIComponent(id)}`);

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ADMIN_USERS_KEY, 'one', id], queryFn: () => getUser(id) });

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null, refetchOnMount: 'always' });
}
