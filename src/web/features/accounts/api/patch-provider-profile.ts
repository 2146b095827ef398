// PATCH /api/provider/profile: a part of the provider profile; /provider/settings sends
// the first and last name only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { providerSettingsSchema } from '#domain/schemas/profile.schema';
import { refreshSession } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { PROFILE_QUERY_KEY } from './get-profile.ts';
import { PROVIDER_PROFILE_QUERY_KEY, type ProviderProfile } from './get-provider-profile.ts';

export type ProviderSettingsBody = Omit<z.input<typeof providerSettingsSchema>, 'email'>;

export const patchProviderProfile = (body: ProviderSettingsBody) =>
  apiJson<ProviderProfile>('PATCH', '/api/provider/profile', body);

export function usePatchProviderProfile(config: MutationConfig<typeof patchProviderProfile> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: patchProviderProfile,
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
