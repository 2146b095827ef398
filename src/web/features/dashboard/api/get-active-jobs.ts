// The number of the user's open jobs (as customer or provider), for the dashboards' "Active jobs" card: one
// GET /api/jobs?status=open answering its `total` (a page of one item is enough).
import { useQuery } from '@tanstack/react-query';
import type { JobListItem } from '#domain/schemas/job.schema';
import { apiJson } from '#web/lib/api-client.ts';

/** Under the jobs' own key, so whatever refreshes the jobs refreshes the count. */
export const ACTIVE_JOBS_KEY = ['jobs', 'open-count'] as const;

/** The open jobs counted (null while loading or after a failure), whether the count failed, and a retry. */
export function useActiveJobsCount() {
  const q = useQuery({
    queryKey: ACTIVE_JOBS_KEY,
    queryFn: async () =>
      (await apiJson<{ items: JobListItem[]; total: number }>('GET', '/api/jobs?status=open&pageSize=1'))
        .total,
  });
  return {
    isLoading: q.isPending && !q.isError,
    isError: q.isError,
    count: q.isSuccess ? q.data : null,
    refetch: () => void q.refetch(),
  };
}
