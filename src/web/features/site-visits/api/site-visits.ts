// The site visit calls (decision 0049): the caller's visits (GET /api/site-visits, optionally of one estimate), a
// bidder's proposal and each party's moves. Every move answers the visit; the lists are read again after it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteVisit, SiteVisitList } from '#domain/schemas/site-visit.schema';
import type { SiteVisitSlot } from '#domain/site-visits';
import { apiJson } from '#web/lib/api-client.ts';

export const SITE_VISITS_KEY = ['site-visits'] as const;

export interface SiteVisitListParams {
  page?: number;
  pageSize?: number;
  estimateId?: string;
}

export function useSiteVisits(p: SiteVisitListParams, enabled = true) {
  const q = new URLSearchParams({ page: String(p.page ?? 1), pageSize: String(p.pageSize ?? 10) });
  if (p.estimateId) q.set('estimateId', p.estimateId);
  return useQuery({
    queryKey: [...SITE_VISITS_KEY, p.estimateId ?? 'all', p.page ?? 1, p.pageSize ?? 10],
    queryFn: () => apiJson<SiteVisitList>('GET', `/api/site-visits?${q.toString()}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type SiteVisitMove =
  | { kind: 'choose'; slot: number }
  | { kind: 'decline'; note: string }
  | { kind: 'cancel'; reason: string }
  | { kind: 'no-show' }
  | { kind: 'dispute'; note: string };

function bodyOf(move: SiteVisitMove): object | undefined {
  switch (move.kind) {
    case 'choose':
      return { slot: move.slot };
    case 'decline':
      return { note: move.note };
    case 'cancel':
      return { reason: move.reason };
    case 'dispute':
      return { note: move.note };
    case 'no-show':
      return undefined;
  }
}

export function useSiteVisitMove(visitId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: SiteVisitMove) =>
      apiJson<SiteVisit>(
        'POST',
        `/api/site-visits/${encodeURIComponent(visitId)}/${move.kind}`,
        bodyOf(move),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: SITE_VISITS_KEY }),
  });
}

export function useProposeSiteVisit(estimateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slots: SiteVisitSlot[]) =>
      apiJson<SiteVisit>('POST', `/api/estimates/${encodeURIComponent(estimateId)}/site-visits`, { slots }),
    onSuccess: () => client.invalidateQueries({ queryKey: SITE_VISITS_KEY }),
  });
}

/** Whether the provider has a pending bid on the estimate (GET /api/tasks/bids, the provider's bids). */
export function usePendingBidOn(estimateId: string, enabled: boolean) {
  const bids = useQuery({
    queryKey: ['task-bids'],
    queryFn: () => apiJson<{ items: { estimateId: string; status: string }[] }>('GET', '/api/tasks/bids'),
    enabled,
  });
  return {
    isLoading: enabled && bids.isLoading,
    pending: (bids.data?.items ?? []).some((b) => b.estimateId === estimateId && b.status === 'pending'),
  };
}
