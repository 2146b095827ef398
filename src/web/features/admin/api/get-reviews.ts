// GET /api/admin/reviews?status&page: the reviews on the console's Reviews tab (decision 0044), the reported ones
// by default (with open reports), or as moderation left them (hidden, removed), or every published one.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminReviewsQuerySchema,
  AdminReview,
  adminReviewsResponseSchema,
} from '#domain/schemas/review.schema';
import { apiJson } from '#web/lib/api-client.ts';
import { ADMIN_REVIEWS_KEY, queryString } from './keys.ts';

export type AdminReviewStatus = z.infer<typeof adminReviewsQuerySchema>['status'];
export type AdminReviewsPage = z.infer<typeof adminReviewsResponseSchema>;
export type { AdminReview };

export interface AdminReviewsQuery {
  status: AdminReviewStatus;
  page: number;
}

export const getAdminReviews = ({ status, page }: AdminReviewsQuery) =>
  apiJson<AdminReviewsPage>('GET', `/api/admin/reviews${queryString({ status, page })}`);

export function useAdminReviews(q: AdminReviewsQuery) {
  return useQuery({
    queryKey: [...ADMIN_REVIEWS_KEY, q],
    queryFn: () => getAdminReviews(q),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
