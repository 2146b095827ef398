// The reputation lines shown beside names (decision 0044), loaded on first use through reputation-parts.tsx: a
// provider's rating, count and price accuracy, and a customer's record.
import { countOf } from '#domain/count-words';
import { PRICE_ACCURACY_TOLERANCE, percentText } from '#domain/reputation';
import type { CustomerFacts, ProviderRatingSummary } from '#domain/schemas/review.schema';

const stars = (n: number | null) => (n ?? 0).toFixed(1);

const rated = (rating: number | null, count: number) =>
  `Rated ${stars(rating)} out of 5 from ${countOf(count, 'review')}`;

/** "★ 4.8 (12)", its stars in the rating's colour. */
const starsText = (rating: number | null, count: number) => (
  <>
    <span className="text-amber-700 dark:text-amber-300">★</span> {stars(rating)} ({count})
  </>
);

/**
 * Beside a provider's name: "★ 4.8 (12) · 92 % on price", read as "Rated 4.8 out of 5 from 12 reviews; 92 % of
 * jobs finished within 5 % of the agreed price"; "No reviews yet" before the first published review (the price
 * accuracy still shows once a job is completed).
 */
export function RatingSummaryLine({ summary: s }: { summary: ProviderRatingSummary }) {
  const price = s.priceAccuracy === null ? null : percentText(s.priceAccuracy);
  const label = [
    s.count > 0 ? rated(s.rating, s.count) : 'No reviews yet',
    price && `${price} of jobs finished within ${PRICE_ACCURACY_TOLERANCE * 100} % of the agreed price`,
  ];
  return (
    <span
      role="img"
      aria-label={label.filter(Boolean).join('; ')}
      className="text-sm text-slate-700 dark:text-slate-300"
    >
      {s.count > 0 ? starsText(s.rating, s.count) : 'No reviews yet'}
      {price && ` · ${price} on price`}
    </span>
  );
}

/**
 * Beside a customer's name for providers: "3 jobs completed · 4 hires · 1 late cancellation · ★ 4.5 (2)", or
 * "New customer" before their first hire.
 */
export function CustomerFactsText({ facts: f }: { facts: CustomerFacts }) {
  return (
    <span className="text-sm text-slate-700 dark:text-slate-300">
      {f.hires === 0
        ? 'New customer'
        : `${countOf(f.completedJobs, 'job')} completed · ${countOf(f.hires, 'hire')} · ${countOf(f.lateCancellations, 'late cancellation')}`}
      {f.count > 0 && (
        <>
          {' · '}
          <span role="img" aria-label={rated(f.rating, f.count)} className="whitespace-nowrap">
            {starsText(f.rating, f.count)}
          </span>
        </>
      )}
    </span>
  );
}
