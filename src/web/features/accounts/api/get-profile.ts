// GET /api/profile: the signed-in user's own profile, fitting their role. The
// account page reads the plan, trial end and expiry dates from here; /profile reads the contact fields.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#domain/schemas/account.schema';
import { apiJson } from '#web/lib/api-client.ts';

export type { Profile };

export const PROFILE_QUERY_KEY = ['/api/profile'] as const;

export const getProfile = () => apiJson<Profile>('GET', '/api/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
