// The provider's bids and quotes: GET /api/bids/provider (each bid with its estimate and the provider's latest
// quote), PUT /api/bids/{bidId}/quote (the first quote or a revision) and DELETE /api/bids/{bidId} (withdraw a
// pending bid).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderBids } from '#domain/schemas/bid.schema';
import type { OwnQuote, QuoteBody } from '#domain/schemas/quote.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { POSTED_WORK_KEY, TASK_BIDS_KEY, useTaskBids, type TaskBid } from './posted.ts';

export const PROVIDER_BIDS_KEY = ['provider-bids'] as const;
export const PROVIDER_BIDS_PAGE_SIZE = 10;
/** The bids a Contact cell looks its quote up in: the newest ones (a pending bid is a recent one). */
const RECENT_BIDS = 100;

export type ProviderBid = ProviderBids['items'][number];

/** One page of the provider's bids, newest first. */
export function useProviderBids(page: number) {
  return useQuery({
    queryKey: [...PROVIDER_BIDS_KEY, 'page', page],
    queryFn: () =>
      apiJson<ProviderBids>('GET', `/api/bids/provider?page=${page}&pageSize=${PROVIDER_BIDS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** Bid id -> the provider's latest quote on it (null without one), over the provider's recent bids. */
export function useRecentQuotes(enabled: boolean) {
  return useQuery({
    queryKey: [...PROVIDER_BIDS_KEY, 'recent'],
    queryFn: () => apiJson<ProviderBids>('GET', `/api/bids/provider?page=1&pageSize=${RECENT_BIDS}`),
    select: (data) => new Map<string, OwnQuote | null>(data.items.map((b) => [b.id, b.quote])),
    enabled,
  });
}

/**
 * The provider's bid on an estimate and the latest quote on a bid, for the Contact cells of a list: the quote is
 * undefined while it loads, null without one.
 */
export function useMyBids() {
  const bids = useTaskBids();
  const items = bids.data?.items ?? [];
  const byEstimate = new Map<string, TaskBid>(items.map((b) => [b.estimateId, b]));
  const quotes = useRecentQuotes(items.some((b) => b.status === 'pending'));
  return {
    bidFor: (estimateId: string) => byEstimate.get(estimateId),
    quoteFor: (bidId: string): OwnQuote | null | undefined =>
      quotes.isError ? null : quotes.data ? (quotes.data.get(bidId) ?? null) : undefined,
  };
}

function useRefreshBids() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PROVIDER_BIDS_KEY }),
      client.invalidateQueries({ queryKey: TASK_BIDS_KEY }),
      client.invalidateQueries({ queryKey: POSTED_WORK_KEY }),
    ]);
}

export function useSaveQuote() {
  const refresh = useRefreshBids();
  return useMutation({
    mutationFn: ({ bidId, body }: { bidId: string; body: QuoteBody }) =>
      apiJson<{ message: string; quote: OwnQuote }>(
        'PUT',
        `/api/bids/${encodeURIComponent(bidId)}/quote`,
        body,
      ),
    onSuccess: refresh,
  });
}

export function useWithdrawBid() {
  const refresh = useRefreshBids();
  return useMutation({
    mutationFn: (bidId: string) => apiJson<unknown>('DELETE', `/api/bids/${encodeURIComponent(bidId)}`),
    onSuccess: refresh,
  });
}
