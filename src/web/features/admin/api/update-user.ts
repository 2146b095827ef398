// PUT /api/admin/users/{id}: the Edit User form (names, email, role, a provider's plan, an admin's expiry).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEditUser, RoleChangeResponse } from '#domain/schemas/admin-api.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export type EditUserBody = AdminEditUser & { id: string };

export const updateUser = (body: EditUserBody) =>
  apiJson<RoleChangeResponse>('PUT', `/api/admin/users/${encodeURIComponent(body.id)}`, body);

export function useUpdateUser(config: MutationConfig<typeof updateUser> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateUser,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
