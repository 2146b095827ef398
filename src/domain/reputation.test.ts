import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageRating,
  compareByRanking,
  completionRate,
  percentText,
  priceAccuracy,
  priceAccurate,
  rankingScore,
  ratingDistribution,
  RANKING_PRIOR_STARS,
  type RatingDistribution,
} from './reputation.ts';

const dist = (...ratings: number[]) => ratingDistribution(ratings);

describe('the ranking formula (a Bayesian average: 4.0 stars weighted as 5 reviews)', () => {
  it('ranks a provider without reviews at the prior', () => {
    expect(rankingScore(dist())).toBe(RANKING_PRIOR_STARS);
  });

  it('computes (4.0 × 5 + sum) / (5 + count)', () => {
    expect(rankingScore(dist(5))).toBeCloseTo((20 + 5) / 6, 10);
    expect(rankingScore(dist(5, 5, 4, 1))).toBeCloseTo((20 + 15) / 9, 10);
  });

  it('does not let one five-star review outrank a long record of good ones', () => {
    const one = { id: 'a', distribution: dist(5) };
    const many = { id: 'b', distribution: dist(...Array<number>(40).fill(5), ...Array<number>(10).fill(4)) };
    expect([one, many].sort(compareByRanking).map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('stays between 1 and 5 and moves toward the plain average as reviews add up', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 200 }), (ratings) => {
        const d = dist(...ratings);
        const score = rankingScore(d);
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(5);
        const avg = ratings.length
          ? ratings.reduce((a, b) => a + b, 0) / ratings.length
          : RANKING_PRIOR_STARS;
        // Always between the prior and the plain average.
        expect(score).toBeGreaterThanOrEqual(Math.min(avg, RANKING_PRIOR_STARS) - 1e-9);
        expect(score).toBeLessThanOrEqual(Math.max(avg, RANKING_PRIOR_STARS) + 1e-9);
      }),
    );
  });

  it('orders ties by more reviews, then by id, so the order is stable', () => {
    const four = (id: string, n: number) => ({ id, distribution: dist(...Array<number>(n).fill(4)) });
    expect([four('b', 3), four('c', 8), four('a', 3)].sort(compareByRanking).map((p) => p.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });
});

describe('the reputation figures', () => {
  it('counts the 1-5 distribution and ignores what is not a rating', () => {
    expect(dist(1, 5, 5, 3, 0, 6, 2.5)).toEqual<RatingDistribution>([1, 0, 1, 0, 2]);
    expect(averageRating(dist(5, 4, 4))).toBe(4.3);
    expect(averageRating(dist())).toBeNull();
  });

  it('completion rate is completed of hired; none before a hire', () => {
    expect(completionRate(9, 10)).toBe(0.9);
    expect(completionRate(0, 0)).toBeNull();
  });

  it('price accuracy counts final totals within 5 % of the agreed price', () => {
    expect(priceAccurate(100_000, 105_000)).toBe(true);
    expect(priceAccurate(100_000, 105_001)).toBe(false);
    expect(priceAccurate(100_000, 95_000)).toBe(true);
    // A job agreed at nothing was accurate only if it also came to nothing.
    expect(priceAccurate(0, 0)).toBe(true);
    expect(priceAccurate(0, 500)).toBe(false);
    expect(
      priceAccuracy([
        { agreedCents: 100_000, finalCents: 100_000 },
        { agreedCents: 100_000, finalCents: 112_000 },
      ]),
    ).toBe(0.5);
    expect(priceAccuracy([])).toBeNull();
    expect(percentText(0.5)).toBe('50 %');
    expect(percentText(null)).toBe('—');
  });
});
