// DELETE /api/admin/users/bulk { userIds, mode }: one outcome per user (deleted, skipped, failed) and the counts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkDeleteResponse } from '#domain/schemas/admin-api.schema';
import type { DeletionMode } from '#domain/schemas/admin.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export interface BulkDeleteBody {
  userIds: string[];
  mode: DeletionMode;
}

export const bulkDelete = (body: BulkDeleteBody) =>
  apiJson<BulkDeleteResponse>('DELETE', '/api/admin/users/bulk', body);

export function useBulkDelete(config: MutationConfig<typeof bulkDelete> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: bulkDelete,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSettled?.(...args);
    },
  });
}
