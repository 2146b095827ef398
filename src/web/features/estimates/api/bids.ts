// The owner's side of bids: GET /api/estimates/{id}/bids (each bid with its quote compared with the estimate),
// POST /api/estimates/{id}/bids/{bidId}/accept (hires: `{ price }` for a bid without a quote).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateBids } from '#domain/schemas/bid.schema';
import type { acceptResponseSchema } from '#domain/schemas/job.schema';
import type { z } from 'zod';
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

export interface AcceptBidInput {
  bidId: string;
  /** The price the customer confirms for a bid without a quote (dollars); a quoted bid sends none. */
  price?: number;
}

/** Accepts the bid: the answer names the job the hire started. */
export function useAcceptBid(estimateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, price }: AcceptBidInput) =>
      apiJson<z.infer<typeof acceptResponseSchema>>(
        'POST',
        `/api/estimates/${encodeURIComponent(estimateId)}/bids/${encodeURIComponent(bidId)}/accept`,
        price === undefined ? undefined : { price },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ESTIMATES_KEY }),
  });
}
