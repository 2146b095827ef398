// GET /api/regions: the service regions a provider picks from at sign-up, typed by the shared regionListSchema;
// reference data, so cached for 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegionListItem } from '#domain/schemas/system.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const getRegions = () => apiJson<RegionListItem[]>('GET', '/api/regions');

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/regions'] as const,
    queryFn: getRegions,
    staleTime: 5 * 60 * 1000,
  });

export function useRegions(enabled = true) {
  return useQuery({ ...regionsQueryOptions(), enabled });
}
