// GET /api/profile: the plan, trial end and expiry dates the customer plan page shows (same cache entry as the
// account screens, so a change on either page shows on both).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#domain/schemas/account.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const PROFILE_QUERY_KEY = ['/api/profile'] as const;

export const getProfile = () => apiJson<Profile>('GET', '/api/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
