// GET /api/estimates (the user's own), GET /api/my-estimates and GET /api/posted-estimates: paginated and
// filtered on the server (page, pageSize, search, status, category, task).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import { ESTIMATES_KEY } from './keys.ts';
import { listQuery, toPage, type Estimate, type EstimateListParams, type EstimatePage } from './types.ts';

export type EstimateListSource = '/api/estimates' | '/api/my-estimates' | '/api/posted-estimates';

export async function getEstimates(source: EstimateListSource, params: EstimateListParams) {
  const body = await apiJson<EstimatePage | Estimate[]>('GET', `${source}?${listQuery(params)}`);
  return toPage(body, params);
}

export const estimatesQueryOptions = (source: EstimateListSource, params: EstimateListParams) =>
  queryOptions({
    queryKey: [...ESTIMATES_KEY, source, params] as const,
    queryFn: () => getEstimates(source, params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useEstimates(source: EstimateListSource, params: EstimateListParams, enabled = true) {
  return useQuery({ ...estimatesQueryOptions(source, params), enabled });
}
