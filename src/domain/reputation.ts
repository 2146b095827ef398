// Reputation, computed in one place: the published ranking formula and the figures a provider's and a
// customer's reputation show. The ranking is a Bayesian average: every provider starts as if they had
// RANKING_PRIOR_WEIGHT reviews of RANKING_PRIOR_STARS, so a single five-star review does not outrank a long record
// of good ones, and a new provider is neither buried nor lifted. No plan or payment enters the formula.

/** The prior: what a provider with no reviews is ranked as. */
export const RANKING_PRIOR_STARS = 4.0;
/** How many reviews the prior counts as. */
export const RANKING_PRIOR_WEIGHT = 5;
/**
 * A provider's no-shows at site visits (decision 0049) count in their reputation for this many days: each one the
 * customer recorded after the visit and the provider did not dispute. A disputed one does not count (neither side
 * can prove it); the figure is shown, it does not enter the ranking formula.
 */
export const NO_SHOW_DAYS = 365;

/** Whether a recorded no-show counts against the provider at `now`. */
export function countsAsNoShow(
  v: { party: 'customer' | 'provider'; recordedAt: Date; disputed: boolean },
  now: Date,
): boolean {
  return (
    v.party === 'provider' &&
    !v.disputed &&
    now.getTime() - v.recordedAt.getTime() <= NO_SHOW_DAYS * 86_400_000
  );
}

/** A completed job's final total within this share of the agreed price counts as price-accurate. */
export const PRICE_ACCURACY_TOLERANCE = 0.05;

/** The 1-5 distribution of ratings: index 0 holds the count of 1-star ratings, index 4 of 5-star ones. */
export type RatingDistribution = [number, number, number, number, number];

/** The distribution of these ratings (each an integer 1-5; others are ignored). */
export function ratingDistribution(ratings: readonly number[]): RatingDistribution {
  const d: RatingDistribution = [0, 0, 0, 0, 0];
  for (const r of ratings) if (Number.isInteger(r) && r >= 1 && r <= 5) d[r - 1]!++;
  return d;
}

/** The plain average of a distribution, rounded to one decimal; null without ratings. */
export function averageRating(d: RatingDistribution): number | null {
  const count = d.reduce((a, b) => a + b, 0);
  if (count === 0) return null;
  const sum = d.reduce((a, n, i) => a + n * (i + 1), 0);
  return Math.round((sum / count) * 10) / 10;
}

/**
 * The ranking score: (prior × weight + sum of ratings) / (weight + count). Between 1 and 5; RANKING_PRIOR_STARS
 * for a provider with no reviews. Compared unrounded.
 */
export function rankingScore(d: RatingDistribution): number {
  const count = d.reduce((a, b) => a + b, 0);
  const sum = d.reduce((a, n, i) => a + n * (i + 1), 0);
  return (RANKING_PRIOR_STARS * RANKING_PRIOR_WEIGHT + sum) / (RANKING_PRIOR_WEIGHT + count);
}

/** Orders providers by ranking score, highest first; ties by more reviews, then by id for a stable order. */
export function compareByRanking(
  a: { id: string; distribution: RatingDistribution },
  b: { id: string; distribution: RatingDistribution },
): number {
  const diff = rankingScore(b.distribution) - rankingScore(a.distribution);
  if (Math.abs(diff) > 1e-9) return diff;
  const count = (d: RatingDistribution) => d.reduce((x, y) => x + y, 0);
  const byCount = count(b.distribution) - count(a.distribution);
  if (byCount !== 0) return byCount;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Completed of hired, as a share 0-1; null before any hire. */
export function completionRate(completed: number, hired: number): number | null {
  return hired > 0 ? completed / hired : null;
}

/** Whether a completed job's final total stayed within the tolerance of the agreed price (cents). */
export function priceAccurate(agreedCents: number, finalCents: number): boolean {
  if (agreedCents <= 0) return finalCents <= 0;
  return Math.abs(finalCents - agreedCents) / agreedCents <= PRICE_ACCURACY_TOLERANCE;
}

/** The share of completed jobs that were price-accurate, 0-1; null without completed jobs. */
export function priceAccuracy(jobs: readonly { agreedCents: number; finalCents: number }[]): number | null {
  if (jobs.length === 0) return null;
  return jobs.filter((j) => priceAccurate(j.agreedCents, j.finalCents)).length / jobs.length;
}

/** A share 0-1 as a whole percent ("92 %"), or "—" when there is none yet. */
export function percentText(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}
