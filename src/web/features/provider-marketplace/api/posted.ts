// The provider's posted-work calls: GET /api/posted-estimates (each item with the provider's access),
// GET /api/tasks/bids (which estimates this provider has bid on) and POST /api/tasks/{id}/bid.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimatePage } from '#domain/schemas/estimate-api.schema';
import type { Bid, taskBidsResponseSchema } from '#domain/schemas/bid.schema';
import type { FeedPage } from '#domain/schemas/task-feed.schema';
import type { z } from 'zod';
import { apiJson } from '#web/lib/api-client.ts';
import type { AreaQuery } from '#web/features/service-areas/index.ts';

export const POSTED_WORK_KEY = ['posted-work'] as const;
export const TASK_BIDS_KEY = ['task-bids'] as const;

export interface PostedWorkParams {
  page: number;
  category: string;
  /** Near the provider's service area (decision 0048). */
  area?: AreaQuery;
  /** Wait for the service area before asking. */
  enabled?: boolean;
}

/** `near`, `radius` and the nearest-first order of a list (decision 0048). */
function setArea(q: URLSearchParams, area: AreaQuery | undefined) {
  if (!area?.near) return;
  q.set('near', area.near);
  if (area.radius) q.set('radius', String(area.radius));
  if (area.nearest) q.set('sort', 'nearest');
}

export function usePostedWork({ page, category, area, enabled = true }: PostedWorkParams) {
  const q = new URLSearchParams({ page: String(page), pageSize: '20' });
  if (category !== 'all') q.set('category', category);
  setArea(q, area);
  return useQuery({
    enabled,
    queryKey: [...POSTED_WORK_KEY, page, category, area],
    queryFn: () => apiJson<EstimatePage>('GET', `/api/posted-estimates?${q.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export type TaskBid = z.infer<typeof taskBidsResponseSchema>['items'][number];

export function useTaskBids() {
  return useQuery({
    queryKey: TASK_BIDS_KEY,
    queryFn: () => apiJson<{ items: TaskBid[] }>('GET', '/api/tasks/bids'),
  });
}

export function usePlaceBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (estimateId: string) =>
      apiJson<{ message: string; created: boolean; bid: Bid }>('POST', `/api/tasks/${estimateId}/bid`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TASK_BIDS_KEY }),
        client.invalidateQueries({ queryKey: POSTED_WORK_KEY }),
      ]),
  });
}

export interface TaskListParams {
  source: '/api/tasks' | '/api/tasks/posted';
  page: number;
  search: string;
  category: string;
  sort: 'newest' | 'budget-high-low' | 'budget-low-high';
  /** Near the provider's service area (decision 0048); its nearest-first order replaces `sort`. */
  area?: AreaQuery;
  enabled?: boolean;
}

/**
 * GET /api/tasks and /api/tasks/posted: posted work and the live projects the plan opens (each item says its kind),
 * searched, filtered and sorted on the server.
 */
export function useTasks({ source, page, search, category, sort, area, enabled = true }: TaskListParams) {
  const q = new URLSearchParams({ page: String(page), pageSize: '12', sort });
  if (search.trim()) q.set('search', search.trim());
  if (category !== 'all') q.set('category', category);
  setArea(q, area);
  return useQuery({
    enabled,
    queryKey: [...POSTED_WORK_KEY, source, page, search.trim(), category, sort, area],
    queryFn: () => apiJson<FeedPage>('GET', `${source}?${q.toString()}`),
    placeholderData: keepPreviousData,
  });
}
