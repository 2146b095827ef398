// The number of the user's open jobs (as customer or provider), for the dashboards' "Active jobs" card: one
// GET /api/jobs per open state, filtered by that state, each answering its `total` (a page of one item is enough).
import { useQueries } from '@tanstack/react-query';
import { openJobStatuses } from '#domain/job-status';
import type { JobListItem } from '#domain/schemas/job.schema';
import { apiJson } from '#web/lib/api-client.ts';

/** Under the jobs' own key, so whatever refreshes the jobs refreshes the count. */
export const ACTIVE_JOBS_KEY = ['jobs', 'open-count'] as const;

const countIn = async (status: string): Promise<number> => {
  const page = await apiJson<{ items: JobListItem[]; total: number }>(
    'GET',
    `/api/jobs?status=${encodeURIComponent(status)}&pageSize=1`,
  );
  return page.total;
};

/** The open jobs counted (null while loading or after a failure), whether one count failed, and a retry. */
export function useActiveJobsCount() {
  return useQueries({
    queries: openJobStatuses.map((status) => ({
      queryKey: [...ACTIVE_JOBS_KEY, status],
      queryFn: () => countIn(status),
    })),
    combine: (results) => ({
      isLoading: results.some((r) => r.isPending && !r.isError),
      isError: results.some((r) => r.isError),
      count: results.every((r) => r.isSuccess) ? results.reduce((n, r) => n + (r.data ?? 0), 0) : null,
      refetch: () => results.forEach((r) => r.isError && void r.refetch()),
    }),
  });
}
