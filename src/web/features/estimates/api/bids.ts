// The owner's side of bids: GET /api/estimates/{id}/bids and
// POST /api/estimates/{id}/bids/{bidId}/accept.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateBids } from '#domain/schemas/bid.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ESTIMATES_KEY } from './keys.ts';

const bidsKey = (estimateId: string) => [...ESTIMATES_KEY, 'bids', estimateId] as const;

export function useEstimateBids(estimateId: string, enabled: boolean) {
  return useQuery({
    queryKey: bidsKey(estimateId),
    queryFn: () => apiJson<EstimateBids>('GET', `/api/estimates/${encodeURIComponent(estimateId)}/bids`),
    enabled,
  });
}

export function useAcceptBid(estimateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) =>
      apiJson<{ message: string }>(
        'POST',
        `/api/estimates/${encodeURIComponent(estimateId)}/bids/${encodeURIComponent(bidId)}/accept`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ESTIMATES_KEY }),
  });
}
