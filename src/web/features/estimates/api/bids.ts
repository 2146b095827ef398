// The owner's side of bids: GET /api/estimates/{id}/bids (each bid with its quote compared with the estimate),
// POST /api/estimates/{id}/bids/{bidId}/accept (hires: `{ price }` for a bid without a quote), the quote's PDF
// address, and the job a hire started (GET /api/jobs?estimateId=…).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateBids } from '#domain/schemas/bid.schema';
import type { acceptResponseSchema, JobListItem } from '#domain/schemas/job.schema';
import type { z } from 'zod';
import { apiJson } from '#web/lib/api-client.ts';
import { ESTIMATES_KEY } from './keys.ts';

const bidsKey = (estimateId: string) => [...ESTIMATES_KEY, 'bids', estimateId] as const;
const estimateJobKey = (estimateId: string) => [...ESTIMATES_KEY, 'job', estimateId] as const;

export function useEstimateBids(estimateId: string, enabled: boolean) {
  return useQuery({
    queryKey: bidsKey(estimateId),
    queryFn: () => apiJson<EstimateBids>('GET', `/api/estimates/${encodeURIComponent(estimateId)}/bids`),
    enabled,
  });
}

/** The quote as a document, for the estimate's owner to download. */
export const quotePdfHref = (bidId: string) => `/api/bids/${encodeURIComponent(bidId)}/quote.pdf`;

/** The id of the job started on the estimate (the newest one), or null while there is none. */
export async function findEstimateJobId(estimateId: string): Promise<string | null> {
  const list = await apiJson<{ items: JobListItem[]; total: number }>(
    'GET',
    `/api/jobs?estimateId=${encodeURIComponent(estimateId)}`,
  );
  // Matched by its estimate, so a list that ignored the filter never yields another estimate's job.
  return list.items.find((j) => j.estimateId === estimateId)?.id ?? null;
}

/** The job of a hired estimate (for "Go to the job"). */
export function useEstimateJob(estimateId: string, enabled: boolean) {
  return useQuery({
    queryKey: estimateJobKey(estimateId),
    queryFn: () => findEstimateJobId(estimateId),
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
