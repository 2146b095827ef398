// A published review as its readers see it (decision 0044): the author's public name ("Dana K.", or "Former
// customer" / "Former pro" once their account is closed), the rating and sub-ratings, the text (or the moderator's
// line when hidden), the job's category, city and month of completion, the price facts, and the subject's answer.
import { categoryLabel } from '#domain/catalog/categories';
import { publicName } from '#domain/format';
import { fromCents } from '#domain/money';
import {
  formerAuthorName,
  hiddenReviewText,
  priceFactsSentence,
  RESPONSE_EDIT_HOURS,
  type ReviewReportReason,
} from '#domain/reviews';
import type { PublicReview } from '#domain/schemas/review.schema';
import type { PublishedReviewRow, ReviewRow } from './reviews.repo.ts';

/** The answer's fields, or null without one. */
export function answerOf(r: ReviewRow): PublicReview['response'] {
  if (r.responseText === null || r.responseAt === null) return null;
  return {
    text: r.responseText,
    createdAt: r.responseAt.toISOString(),
    updatedAt: (r.responseUpdatedAt ?? r.responseAt).toISOString(),
    editableUntil: new Date(r.responseAt.getTime() + RESPONSE_EDIT_HOURS * 3_600_000).toISOString(),
  };
}

/** The city printed beside a review: the estimate's, else the city of its region's "City, ST" label. */
function cityOf(row: Pick<PublishedReviewRow, 'city' | 'regionLabel'>): string | null {
  const city = row.city.trim() || row.regionLabel.split(',')[0]?.trim() || '';
  return city || null;
}

export function toPublicReview(row: PublishedReviewRow): PublicReview {
  const r = row.review;
  const hidden = r.moderation === 'hidden';
  const completedAt = row.completedAt ?? r.publishedAt ?? r.createdAt;
  return {
    id: r.id,
    jobId: r.jobId,
    authorSide: r.authorSide,
    authorName:
      row.authorDeletedAt !== null
        ? formerAuthorName(r.authorSide)
        : publicName(row.authorFirstName, row.authorLastName),
    subjectId: r.subjectId,
    rating: r.rating,
    subRatings: r.subRatings,
    text: hidden ? hiddenReviewText((r.moderationReason ?? 'off_topic') as ReviewReportReason) : r.text,
    hidden,
    category: categoryLabel(row.category),
    city: cityOf(row),
    completedMonth: completedAt.toISOString().slice(0, 7),
    priceFacts: {
      estimateMin: fromCents(row.estimateMinCents),
      estimateMax: fromCents(row.estimateMaxCents),
      agreed: fromCents(row.agreedCents),
      final: fromCents(row.totalCents),
      approvedChangeOrders: row.approvedChangeOrders,
      sentence: priceFactsSentence(row.agreedCents, row.totalCents, row.approvedChangeOrders),
    },
    publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
    response: answerOf(r),
  };
}
