// The service regions a provider picks from at sign-up (GET /api/regions, cached 5 minutes).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import type { Region } from './auth.ts';

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/regions'] as const,
    queryFn: () => apiJson<Region[]>('GET', '/api/regions'),
    staleTime: 5 * 60 * 1000,
  });

export function useRegions(enabled = true) {
  return useQuery({ ...regionsQueryOptions(), enabled });
}
