// GET /api/estimates/{id}: owner, admin, or anyone signed in when it is posted; otherwise 404.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { Estimate } from './types.ts';

export const getEstimate = (id: string) =>
  apiJson<Estimate>('GET', `/api/estimates/${encodeURIComponent(id)}`);

export const estimateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ESTIMATES_KEY, 'one', id] as const,
    queryFn: () => getEstimate(id),
    staleTime: 0,
  });

export function useEstimate(id: string) {
  return useQuery(estimateQueryOptions(id));
}
