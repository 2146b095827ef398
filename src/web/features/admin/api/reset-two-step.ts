// POST /api/admin/users/{id}/two-step/reset: two-step verification off for a user who lost their device, and
// every session of the user ends (decision 0024).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export const resetTwoStep = (userId: string) =>
  apiJson<MessageResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/two-step/reset`);

export function useResetTwoStep(config: MutationConfig<typeof resetTwoStep> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resetTwoStep,
    onSuccess: async (...args) => {
      // The audit log has a new entry.
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
