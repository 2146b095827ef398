// PUT /api/admin/credentials/{id} { status: "approved" | "denied", comment }: the verdict on a license or an
// insurance certificate (a denial needs the comment the provider is told). An audit entry on the server; the
// provider hears of it in their notifications. The Verifications tab refreshes after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminCredential, credentialDecisionSchema } from '#domain/schemas/pro-profile.schema';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { ADMIN_KEY } from './keys.ts';

export type CredentialDecision = z.input<typeof credentialDecisionSchema>;

export const decideCredential = ({ id, decision }: { id: string; decision: CredentialDecision }) =>
  apiJson<AdminCredential>('PUT', `/api/admin/credentials/${encodeURIComponent(id)}`, decision);

export function useDecideCredential(config: MutationConfig<typeof decideCredential> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: decideCredential,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: ADMIN_KEY });
      return config.onSuccess?.(...args);
    },
  });
}
