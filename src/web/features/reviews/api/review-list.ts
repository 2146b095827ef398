// A provider's or a customer's published reviews, newest first, a page at a time (decision 0044):
// GET /api/providers/{id}/reviews (anyone) and GET /api/customers/{id}/reviews (a provider who bid on one of the
// customer's estimates).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewListResponseSchema } from '#domain/schemas/review.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { REVIEWS_KEY } from './job-reviews.ts';

export type ReviewListPage = z.infer<typeof reviewListResponseSchema>;
/** Whose reviews: those written about a provider (by customers) or about a customer (by providers). */
export type ReviewSubject = 'provider' | 'customer';

export const REVIEW_LIST_PAGE_SIZE = 10;

export const reviewListQueryOptions = (subject: ReviewSubject, id: string, page: number) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'list', subject, id, page] as const,
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page), pageSize: String(REVIEW_LIST_PAGE_SIZE) });
      const base = subject === 'provider' ? '/api/providers' : '/api/customers';
      return apiJson<ReviewListPage>('GET', `${base}/${encodeURIComponent(id)}/reviews?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export function useReviewList(subject: ReviewSubject, id: string, page: number) {
  return useQuery(reviewListQueryOptions(subject, id, page));
}
