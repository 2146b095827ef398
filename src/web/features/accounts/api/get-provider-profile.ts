// GET /api/provider/profile: the business profile of the signed-in provider.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import type { Profile } from '#domain/schemas/account.schema';

/** The same shape as GET /api/profile. */
export type ProviderProfile = Profile;

export const PROVIDER_PROFILE_QUERY_KEY = ['/api/provider/profile'] as const;

export const getProviderProfile = () => apiJson<ProviderProfile>('GET', '/api/provider/profile');

export const providerProfileQueryOptions = () =>
  queryOptions({ queryKey: PROVIDER_PROFILE_QUERY_KEY, queryFn: getProviderProfile });

export function useProviderProfile() {
  return useQuery(providerProfileQueryOptions());
}
