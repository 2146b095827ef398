// POST /api/admin/cleanup/execute { userIds, mode }: deletes the selected test accounts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CleanupExecuteResponse } from '#domain/schemas/admin-api.schema';
import type { DeletionMode } from '#domain/schemas/admin.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export const executeCleanup = (body: { userIds: string[]; mode: DeletionMode }) =>
  apiJson<CleanupExecuteResponse>('POST', '/api/admin/cleanup/execute', body);

export function useExecuteCleanup(config: MutationConfig<typeof executeCleanup> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: executeCleanup,
    onSettled: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSettled?.(...args);
    },
  });
}
