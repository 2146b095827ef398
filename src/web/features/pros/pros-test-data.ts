// Typed answers of the pro pages' API for the web tests (decision 0046): a badge, a directory card, a public
// profile and a published review, with defaults a test overrides field by field.
import type { Badge } from '#domain/profiles';
import type { PortfolioItem, ProviderCard, PublicProfile } from '#domain/schemas/pro-profile.schema';
import type { PublicReview } from '#domain/schemas/review.schema';

/** The pro of the tests: Bright Plumbing, Dana Kowalski's company. */
export const PRO_ID = '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b';
export const PRO_PATH = `/pros/${PRO_ID}-bright-plumbing`;

export function makeBadge(overrides: Partial<Badge> = {}): Badge {
  return {
    kind: 'license',
    state: 'FL',
    number: 'CGC1234567',
    trade: 'Plumbing',
    coverageAmount: null,
    expiresOn: '2027-08-31',
    verifiedAt: '2026-11-26T15:04:00.000Z',
    ...overrides,
  };
}

export const insuranceBadge = makeBadge({
  kind: 'insurance',
  state: null,
  number: null,
  trade: null,
  coverageAmount: 1_000_000,
  expiresOn: '2027-05-01',
});

export function makePortfolioItem(overrides: Partial<PortfolioItem> = {}): PortfolioItem {
  return {
    id: 'ph1',
    url: `/api/providers/${PRO_ID}/portfolio/ph1`,
    caption: 'New copper lines under the sink',
    width: 1200,
    height: 900,
    position: 0,
    verified: { category: 'plumbing', categoryLabel: 'Plumbing', month: '2026-03' },
    ...overrides,
  };
}

export function makeCard(overrides: Partial<ProviderCard> = {}): ProviderCard {
  return {
    id: PRO_ID,
    path: PRO_PATH,
    companyName: 'Bright Plumbing',
    name: 'Dana K.',
    categories: [{ key: 'plumbing', label: 'Plumbing' }],
    city: 'Jacksonville',
    state: 'FL',
    memberSince: '2026-03-14T09:30:00.000Z',
    rating: 4.8,
    reviewCount: 12,
    completedJobs: 13,
    featured: false,
    badges: [makeBadge()],
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    ...makeCard(),
    categories: [
      { key: 'plumbing', label: 'Plumbing' },
      { key: 'kitchen', label: 'Kitchen' },
    ],
    badges: [makeBadge(), insuranceBadge],
    description: 'Family plumbing business: repairs, repipes and water heaters.',
    medianFirstResponseSeconds: 7200,
    portfolio: [
      makePortfolioItem({ id: 'ph2', position: 1, caption: 'Water heater swap', verified: null }),
      makePortfolioItem(),
    ],
    listed: true,
    ...overrides,
  };
}

/** A customer's published review of the pro. */
export function makeReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 'r1',
    jobId: 'j1',
    authorSide: 'customer',
    authorName: 'Casey J.',
    subjectId: PRO_ID,
    rating: 5,
    subRatings: { quality: 5, communication: 4, punctuality: 5, value: 4 },
    text: 'Dana found the leak in ten minutes and fixed it for good.',
    hidden: false,
    category: 'plumbing',
    city: 'Jacksonville',
    completedMonth: '2026-10',
    priceFacts: {
      estimateMin: 300,
      estimateMax: 450,
      agreed: 400,
      final: 400,
      approvedChangeOrders: 0,
      sentence: 'Finished at the agreed price',
    },
    publishedAt: '2026-10-28T10:00:00.000Z',
    response: {
      text: 'Thanks, Casey!',
      createdAt: '2026-10-29T10:00:00.000Z',
      updatedAt: '2026-10-29T10:00:00.000Z',
      editableUntil: '2026-10-31T10:00:00.000Z',
    },
    ...overrides,
  };
}
