// A job's reviews as its parties read and write them (decision 0044): GET /api/jobs/{id}/reviews (while blind the
// caller's own review and only whether the other side has written), writing one (POST), editing it before it is
// published (PUT /api/reviews/{id}), the reviewed party's public answer (POST, then PUT within 48 hours) and a
// report of a published review. Each write puts what the server answers into the cache, so the screen shows the
// review as it now is.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  JobReviews,
  PublicReview,
  ReviewBody,
  reviewReportResponseSchema,
  reviewReportSchema,
  reviewResponseSchema,
} from '#domain/schemas/review.schema';
import { apiJson } from '#web/lib/api-client.ts';

export type { JobReviews, PublicReview, ReviewBody };
export type ReviewAnswerInput = z.input<typeof reviewResponseSchema>;
export type ReviewReportInput = z.input<typeof reviewReportSchema>;
export type ReviewReportAnswer = z.infer<typeof reviewReportResponseSchema>;

/** Every reviews query starts with this key: an answer or a report refreshes them all. */
export const REVIEWS_KEY = ['reviews'] as const;

const jobReviewsUrl = (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/reviews`;
const reviewUrl = (reviewId: string) => `/api/reviews/${encodeURIComponent(reviewId)}`;

export const jobReviewsKey = (jobId: string) => [...REVIEWS_KEY, 'job', jobId] as const;

export const jobReviewsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobReviewsKey(jobId),
    queryFn: () => apiJson<JobReviews>('GET', jobReviewsUrl(jobId)),
    // The other side may write at any moment: read again whenever the section opens.
    staleTime: 0,
  });

export function useJobReviews(jobId: string) {
  return useQuery(jobReviewsQueryOptions(jobId));
}

/** Writes the caller's review of the job (POST) or edits it while it is not published yet (PUT). */
export function useSaveReview(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string | null; body: ReviewBody }) =>
      reviewId === null
        ? apiJson<JobReviews>('POST', jobReviewsUrl(jobId), body)
        : apiJson<JobReviews>('PUT', reviewUrl(reviewId), body),
    onSuccess: (answer) => client.setQueryData(jobReviewsKey(jobId), answer),
  });
}

/** The reviewed party's public answer: the first one (POST), or an edit within the 48 hours (PUT). */
export function useAnswerReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, edit, body }: { reviewId: string; edit: boolean; body: ReviewAnswerInput }) =>
      apiJson<PublicReview>(edit ? 'PUT' : 'POST', `${reviewUrl(reviewId)}/response`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: REVIEWS_KEY }),
  });
}

/** Reports a published review to the moderators. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ReviewReportInput }) =>
      apiJson<ReviewReportAnswer>('POST', `${reviewUrl(reviewId)}/report`, body),
  });
}
