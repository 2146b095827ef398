// PUT /api/profile/provider: the whole business profile form of /provider/profile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { businessProfileSchema } from '#domain/schemas/profile.schema';
import { refreshSession } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { PROFILE_QUERY_KEY } from './get-profile.ts';
import { PROVIDER_PROFILE_QUERY_KEY, type ProviderProfile } from './get-provider-profile.ts';

export type BusinessProfileBody = z.input<typeof businessProfileSchema>;

export const updateProviderProfile = (body: BusinessProfileBody) =>
  apiJson<ProviderProfile>('PUT', '/api/profile/provider', body);

export function useUpdateProviderProfile(config: MutationConfig<typeof updateProviderProfile> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateProviderProfile,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: PROVIDER_PROFILE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        refreshSession(client),
      ]);
      return config.onSuccess?.(...args);
    },
  });
}
