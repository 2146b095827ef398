// PUT /api/profile/customer: the /profile form. The email travels unchanged (the
// server never changes it); the names refresh the session so the user menu shows them at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { customerProfileSchema } from '#domain/schemas/profile.schema';
import { refreshSession } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { PROFILE_QUERY_KEY, type Profile } from './get-profile.ts';

export type CustomerProfileBody = z.input<typeof customerProfileSchema>;

export const updateCustomerProfile = (body: CustomerProfileBody) =>
  apiJson<Profile>('PUT', '/api/profile/customer', body);

export function useUpdateCustomerProfile(config: MutationConfig<typeof updateCustomerProfile> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateCustomerProfile,
    onSuccess: async (...args) => {
      await Promise.all([client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), refreshSession(client)]);
      return config.onSuccess?.(...args);
    },
  });
}
