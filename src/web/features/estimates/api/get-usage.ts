// GET /api/estimates/usage: where the customer stands against the plan limits (generated this month, saved
// now, posted this month), for the 80 percent banner and the plan page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client.ts';
import { ESTIMATES_KEY } from './keys.ts';
import type { EstimateUsage } from './types.ts';

export const getUsage = () => apiJson<EstimateUsage>('GET', '/api/estimates/usage');

export const usageQueryOptions = () =>
  queryOptions({ queryKey: [...ESTIMATES_KEY, 'usage'] as const, queryFn: getUsage, staleTime: 0 });

export function useUsage(enabled = true) {
  return useQuery({ ...usageQueryOptions(), enabled });
}
