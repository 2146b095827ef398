// GET /api/visits/count and GET /api/visits/recent?limit=100: the Visit Analytics tab's data.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_VISITS_FETCHED } from '#domain/visits';
import { apiJson } from '#web/lib/api-client.ts';
import { VISITS_KEY } from './keys.ts';

export interface Visit {
  id: string;
  type: string;
  page: string;
  label: string | null;
  referer: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  userId: string | null;
  visitedAt: string;
}

export async function getVisits() {
  const [count, recent] = await Promise.all([
    apiJson<{ totalVisits: number }>('GET', '/api/visits/count'),
    apiJson<Visit[]>('GET', `/api/visits/recent?limit=${RECENT_VISITS_FETCHED}`),
  ]);
  return { totalVisits: count.totalVisits, recent };
}

export const visitsQueryOptions = () => queryOptions({ queryKey: VISITS_KEY, queryFn: getVisits });

export function useVisits() {
  return useQuery({ ...visitsQueryOptions(), refetchOnMount: 'always' });
}
