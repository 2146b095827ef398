// PUT /api/admin/users/{userId}/role { role }: the inline role select. wasDowngraded: the admin gave up their own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleChangeResponse } from '#domain/schemas/admin-api.schema';
import type { Role } from '#domain/permissions';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export const changeRole = ({ userId, role }: { userId: string; role: Role }) =>
  apiJson<RoleChangeResponse>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/role`, { role });

export function useChangeRole(config: MutationConfig<typeof changeRole> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changeRole,
    onSuccess: async (...args) => {
      if (!args[0].wasDowngraded) await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
