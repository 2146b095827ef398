// POST /api/subscription/change { plan }: the plan picked on /account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionChangeResponse } from '#domain/schemas/account.schema';
import type { subscriptionChangeSchema } from '#domain/schemas/subscription.schema';
import { refreshSession } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { PROFILE_QUERY_KEY } from './get-profile.ts';
import { PROVIDER_PROFILE_QUERY_KEY } from './get-provider-profile.ts';
import { SETTINGS_QUERY_KEY } from './get-settings.ts';

export type SubscriptionChangeBody = z.input<typeof subscriptionChangeSchema>;

export const changeSubscription = (body: SubscriptionChangeBody) =>
  apiJson<SubscriptionChangeResponse>('POST', '/api/subscription/change', body);

export function useChangeSubscription(config: MutationConfig<typeof changeSubscription> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changeSubscription,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: PROVIDER_PROFILE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
        refreshSession(client),
      ]);
      return config.onSuccess?.(...args);
    },
  });
}
