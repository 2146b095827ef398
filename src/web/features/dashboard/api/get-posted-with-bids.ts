// The customer's posted estimates that have bids, for the dashboard's "What's new": GET /api/estimates filtered to
// posted, newest first, the first page of 20 (a customer rarely has more posted at once).
import { useQuery } from '@tanstack/react-query';
import type { Estimate, EstimatePage } from '#domain/schemas/estimate-api.schema';
import { apiJson } from '#web/lib/api-client.ts';

export const POSTED_WITH_BIDS_KEY = ['dashboard', 'posted-with-bids'] as const;

export async function getPostedWithBids(): Promise<Estimate[]> {
  const page = await apiJson<EstimatePage>('GET', '/api/estimates?pageSize=20&status=posted');
  return page.items.filter((e) => e.status === 'posted' && e.bidCount > 0);
}

export function usePostedWithBids() {
  return useQuery({ queryKey: POSTED_WITH_BIDS_KEY, queryFn: getPostedWithBids, staleTime: 0 });
}
