// POST /api/subscription/change { plan }: the customer picks Free or Premium on /customer/subscription. The
// first Premium starts the account's one 7-day trial; later ones start Premium at once (no payment is taken).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionChangeResponse } from '#domain/schemas/account.schema';
import type { subscriptionChangeSchema } from '#domain/schemas/subscription.schema';
import { refreshSession } from '#web/features/auth/index.ts';
import { apiJson } from '#web/lib/api-client.ts';
import type { MutationConfig } from '#web/lib/react-query.ts';
import { PROFILE_QUERY_KEY } from './get-profile.ts';
import { ESTIMATES_KEY } from './keys.ts';

export type ChangePlanBody = z.input<typeof subscriptionChangeSchema>;

export const changePlan = (body: ChangePlanBody) =>
  apiJson<SubscriptionChangeResponse>('POST', '/api/subscription/change', body);

export function useChangePlan(config: MutationConfig<typeof changePlan> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changePlan,
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: ESTIMATES_KEY }),
        refreshSession(client),
      ]);
      return config.onSuccess?.(...args);
    },
  });
}
