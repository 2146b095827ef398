// Typed answers of the reviews API for the web tests (decision 0044): a job's reviews as a party reads them and a
// published review, with defaults a test overrides field by field.
import type { JobReviews, PublicReview } from '#domain/schemas/review.schema';

/** The window of the default job: completed Nov 26, 2026, closes 14 days later. */
export const WINDOW_CLOSES_AT = '2026-12-10T12:00:00.000Z';

/** A completed job its customer (Casey) may review: nothing written yet on either side. */
export function makeJobReviews(overrides: Partial<JobReviews> = {}): JobReviews {
  return {
    yourSide: 'customer',
    otherName: 'Pat L.',
    windowClosesAt: WINDOW_CLOSES_AT,
    canReview: true,
    refusal: null,
    mine: null,
    otherReviewed: false,
    published: false,
    reviews: [],
    ...overrides,
  };
}

/** Casey's published review of Pat (the provider p1), on a kitchen job in Jacksonville. */
export function makePublicReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 'r1',
    jobId: 'j1',
    authorSide: 'customer',
    authorName: 'Casey J.',
    subjectId: 'p1',
    rating: 5,
    subRatings: { quality: 5, communication: 4, punctuality: 5, value: 4 },
    text: 'Pat fitted the cabinets neatly and cleaned up every day.',
    hidden: false,
    category: 'kitchen',
    city: 'Jacksonville',
    completedMonth: '2026-11',
    priceFacts: {
      estimateMin: 1900.8,
      estimateMax: 2851.2,
      agreed: 2400,
      final: 2550,
      approvedChangeOrders: 1,
      sentence: '6 % above the agreed price, with 1 approved change order',
    },
    publishedAt: '2026-11-28T10:00:00.000Z',
    response: null,
    ...overrides,
  };
}

/** Pat's published review of Casey (the customer c1). */
export function makeProviderReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return makePublicReview({
    id: 'r2',
    authorSide: 'provider',
    authorName: 'Pat L.',
    subjectId: 'c1',
    rating: 4,
    subRatings: { clarity: 4, responsiveness: 5, fairness: 4 },
    text: 'Casey knew what she wanted and answered quickly.',
    ...overrides,
  });
}
