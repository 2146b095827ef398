// DELETE /api/admin/users/{id}?mode=soft|hard: the Delete User dialog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletionResult } from '#domain/schemas/admin-api.schema';
import type { DeletionMode } from '#domain/schemas/admin.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export const deleteUser = ({ id, mode }: { id: string; mode: DeletionMode }) =>
  apiJson<DeletionResult>('DELETE', `/api/admin/users/${encodeURIComponent(id)}?mode=${mode}`);

export function useDeleteUser(config: MutationConfig<typeof deleteUser> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteUser,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
