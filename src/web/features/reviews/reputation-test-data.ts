// Test data of the reputation screens: a provider's reputation as GET /api/providers/{id}/reputation answers it.
import type { ProviderReputation } from '#domain/schemas/review.schema';

/** Provider p1: 4.8 from 12 reviews (ten 5s, one 4, one 3), 13 of 14 hires completed, 92 % on price. */
export function makeReputation(overrides: Partial<ProviderReputation> = {}): ProviderReputation {
  return {
    providerId: 'p1',
    rating: 4.8,
    rankingScore: 4.53,
    count: 12,
    distribution: [0, 0, 1, 1, 10],
    subRatings: { quality: 4.9, communication: 4.7, punctuality: null, value: 4.5 },
    completedJobs: 13,
    completionRate: 13 / 14,
    lateCancellations: 1,
    noShows: 0,
    priceAccuracy: 0.92,
    medianFirstResponseSeconds: 1800,
    ...overrides,
  };
}
