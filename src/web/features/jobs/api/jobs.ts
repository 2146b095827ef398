// The jobs a hire starts, as the two parties read and move them: GET /api/jobs (mine, a page at a time, by
// status), GET /api/jobs/{id}, and the moves the state table allows (each answers the job as it now is).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Job, JobListItem, jobListResponseSchema, jobResponseSchema } from '#domain/schemas/job.schema';
import { apiJson, throwIfResNotOk } from '#web/lib/api-client.ts';

export type JobList = z.infer<typeof jobListResponseSchema>;
export type JobResponse = z.infer<typeof jobResponseSchema>;
export type { Job };

export const JOBS_KEY = ['jobs'] as const;
export const JOBS_PAGE_SIZE = 20;

export interface JobListParams {
  page: number;
  status: string;
}

/**
 * The job a hire on this estimate started (undefined while loading or when there is none): what "Go to the job"
 * links to from the estimate and from a provider's bid. Matched by its estimate, so a list that ignored the filter
 * never yields another estimate's job.
 */
export function useEstimateJob(estimateId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...JOBS_KEY, 'by-estimate', estimateId] as const,
    queryFn: () =>
      apiJson<{ items: JobListItem[] }>('GET', `/api/jobs?estimateId=${encodeURIComponent(estimateId)}`),
    select: (data) => data.items.find((j) => j.estimateId === estimateId),
    enabled,
  });
}

const jobUrl = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

export function useJobs(params: JobListParams) {
  return useQuery({
    queryKey: [...JOBS_KEY, 'list', params] as const,
    queryFn: () => {
      const q = new URLSearchParams({ page: String(params.page), pageSize: String(JOBS_PAGE_SIZE) });
      if (params.status !== 'all') q.set('status', params.status);
      return apiJson<JobList>('GET', `/api/jobs?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useJob(id: string) {
  return useQuery({
    queryKey: [...JOBS_KEY, 'one', id] as const,
    queryFn: async () => (await apiJson<{ job: Job }>('GET', jobUrl(id))).job,
  });
}

/** A move on the job: which path under /api/jobs/{id} it posts to, and its JSON body if it has one. */
export type JobMoveInput =
  | { kind: 'json'; path: string; body?: unknown }
  | { kind: 'complete'; note: string; photos: readonly File[] };

/** Marks the work done: JSON `{ note }`, or multipart with the note and the photos when there are any. */
async function postCompletion(id: string, note: string, photos: readonly File[]): Promise<JobResponse> {
  if (photos.length === 0) return apiJson<JobResponse>('POST', `${jobUrl(id)}/complete`, { note });
  const form = new FormData();
  form.append('note', note);
  for (const p of photos) form.append('photos', p, p.name);
  const res = await fetch(`${jobUrl(id)}/complete`, { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as JobResponse;
}

export function useJobMove(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: JobMoveInput) =>
      input.kind === 'complete'
        ? postCompletion(id, input.note, input.photos)
        : apiJson<JobResponse>('POST', `${jobUrl(id)}/${input.path}`, input.body),
    onSuccess: async (res) => {
      client.setQueryData([...JOBS_KEY, 'one', id], res.job);
      await client.invalidateQueries({ queryKey: [...JOBS_KEY, 'list'] });
    },
  });
}
