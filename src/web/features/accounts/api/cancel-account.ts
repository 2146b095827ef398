// POST /api/account/cancel: closes the signed-in account and ends its sessions.
// Afterwards nobody is signed in here: the session is cleared and every other cached answer dropped.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '#web/features/auth/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';

export const cancelAccount = async (): Promise<void> => {
  await apiRequest('POST', '/api/account/cancel');
};

export function useCancelAccount(config: MutationConfig<typeof cancelAccount> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: cancelAccount,
    onSuccess: async (...args) => {
      // The caller navigates away first, so the signed-in screen never re-renders without its user.
      await config.onSuccess?.(...args);
      setSessionUser(client, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/session' });
    },
  });
}
