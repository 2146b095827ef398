// GET /api/providers/{id}/reputation (public) and GET /api/customers/{id}/reputation (providers who bid on one of
// the customer's estimates; 404 for anyone else): the figures computed in one place on the server (decision 0044).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerReputation, ProviderReputation } from '#domain/schemas/review.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const REPUTATION_KEY = ['reputation'] as const;

export const getProviderReputation = (providerId: string) =>
  apiJson<ProviderReputation>('GET', `/api/providers/${encodeURIComponent(providerId)}/reputation`);

export const getCustomerReputation = (customerId: string) =>
  apiJson<CustomerReputation>('GET', `/api/customers/${encodeURIComponent(customerId)}/reputation`);

/** A provider's public figures; the server-rendered profile page fills the cache under this key. */
export const providerReputationQueryOptions = (providerId: string) =>
  queryOptions({
    queryKey: [...REPUTATION_KEY, 'provider', providerId] as const,
    queryFn: () => getProviderReputation(providerId),
  });

export function useProviderReputation(providerId: string) {
  return useQuery({
    ...providerReputationQueryOptions(providerId),
    // The dashboard shows the provider's own figures: read them again on each visit (a review may have been published).
    refetchOnMount: 'always',
  });
}

export function useCustomerReputation(customerId: string) {
  return useQuery({
    queryKey: [...REPUTATION_KEY, 'customer', customerId],
    queryFn: () => getCustomerReputation(customerId),
  });
}
