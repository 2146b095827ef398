// POST /api/estimate/automotive {grade, items of {subtaskId, quantity}} -> totalCost: the server's own price of
// an automotive estimate, shown beside the live preview on the final step (a pure calculation, so a query).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutomotivePrice } from '#domain/schemas/estimate-api.schema';
import type { AutomotiveEstimateInput } from '#domain/schemas/estimate.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const priceAutomotiveOnServer = (body: AutomotiveEstimateInput) =>
  apiJson<AutomotivePrice>('POST', '/api/estimate/automotive', body);

export const automotivePriceQueryOptions = (body: AutomotiveEstimateInput) =>
  queryOptions({
    queryKey: ['/api/estimate/automotive', body] as const,
    queryFn: () => priceAutomotiveOnServer(body),
    staleTime: 5 * 60 * 1000,
  });

export function useAutomotivePrice(body: AutomotiveEstimateInput | null) {
  return useQuery({
    ...automotivePriceQueryOptions(body ?? { grade: 'Standard', items: [] }),
    enabled: body !== null,
  });
}
