// POST /api/admin/users/{id}/sign-out: every session of the user ends (docs/security.md, ASVS 7.4.5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, type MessageResponse } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export const signOutUser = (userId: string) =>
  apiJson<MessageResponse>('POST', `/api/admin/users/${encodeURIComponent(userId)}/sign-out`);

export function useSignOutUser(config: MutationConfig<typeof signOutUser> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: signOutUser,
    onSuccess: async (...args) => {
      // The audit log has a new entry.
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
