// The provider's own reputation on their dashboard (decision 0044): the rating with its count, the 1-5
// distribution as bars with the numbers in text, the sub-rating averages, and the record the ranking and the
// customers read (completed jobs, completion rate, late cancellations in the last 12 months, price accuracy,
// median first response), with the way to the published ranking formula. Before the first published review it
// says how one is earned; the record still shows.
import { Link } from 'wouter';
import { countOf } from '#domain/count-words';
import { responseTimeLabel } from '#domain/format';
import { percentText, PRICE_ACCURACY_TOLERANCE } from '#domain/reputation';
import { providerSubRatings, REVIEW_WINDOW_DAYS, subRatingLabels } from '#domain/reviews';
import type { ProviderReputation } from '#domain/schemas/review.schema';
import { ErrorState } from '#web/components/list/ListState.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/lib/paths.ts';
import { useProviderReputation } from '../api/reputation.ts';

const HEADING_ID = 'your-reputation';
const oneDecimal = (n: number) => n.toFixed(1);

export function ReputationCard({ providerId }: { providerId: string }) {
  const reputation = useProviderReputation(providerId);
  let body;
  if (reputation.isPending) body = <Spinner label="Loading your reputation" />;
  else if (reputation.isError)
    body = (
      <ErrorState text="Your reputation could not be loaded." onRetry={() => void reputation.refetch()} />
    );
  else body = <Figures r={reputation.data} />;
  return (
    <section
      aria-labelledby={HEADING_ID}
      className="my-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={HEADING_ID} className="text-lg font-semibold text-slate-900 dark:text-white">
          Your reputation
        </h2>
        <Link
          href={paths.howRankingWorks}
          className="inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
        >
          How ranking works
        </Link>
      </div>
      <div className="mt-3">{body}</div>
    </section>
  );
}

function Figures({ r }: { r: ProviderReputation }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {r.count === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-700 dark:border-slate-700 dark:text-slate-300">
          No reviews yet: finished jobs can be reviewed for {REVIEW_WINDOW_DAYS} days
        </p>
      ) : (
        <div>
          <p className="text-slate-900 dark:text-white">
            <span className="text-3xl font-bold tabular-nums">{oneDecimal(r.rating ?? 0)}</span>{' '}
            <span className="text-slate-700 dark:text-slate-300">
              out of 5 from {countOf(r.count, 'review')}
            </span>
          </p>
          <Distribution distribution={r.distribution} count={r.count} />
          <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">What customers rated</h3>
          <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {providerSubRatings.map((k) => (
              <div key={k} className="flex justify-between gap-2">
                <dt className="text-slate-700 dark:text-slate-300">{subRatingLabels[k]}</dt>
                <dd className="font-medium tabular-nums text-slate-900 dark:text-white">
                  {r.subRatings[k] === null ? 'Not rated yet' : oneDecimal(r.subRatings[k])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Fact term="Completed jobs" value={String(r.completedJobs)} />
        <Fact
          term="Completion rate"
          value={r.completionRate === null ? 'No hires yet' : percentText(r.completionRate)}
          note="Completed of hired"
        />
        <Fact term="Late cancellations (12 months)" value={String(r.lateCancellations)} />
        <Fact
          term="Price accuracy"
          value={r.priceAccuracy === null ? 'No completed jobs yet' : percentText(r.priceAccuracy)}
          note={`Jobs finished within ${PRICE_ACCURACY_TOLERANCE * 100} % of the agreed price`}
        />
        <Fact
          term="Median first response"
          value={
            r.medianFirstResponseSeconds === null
              ? 'No replies yet'
              : responseTimeLabel(r.medianFirstResponseSeconds)
          }
        />
      </dl>
    </div>
  );
}

function Fact({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
      <dt className="text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
      {note && <dd className="text-xs text-slate-700 dark:text-slate-300">{note}</dd>}
    </div>
  );
}

/** Five rows, 5 stars first: the bar shows the share, the text says the count (the bar is not read out). */
function Distribution({ distribution, count }: { distribution: readonly number[]; count: number }) {
  return (
    <ul aria-label="Ratings by stars" className="mt-3 space-y-1 text-sm">
      {[5, 4, 3, 2, 1].map((star) => {
        const n = distribution[star - 1] ?? 0;
        return (
          <li key={star} className="flex items-center gap-2">
            <span className="w-14 shrink-0 text-slate-700 dark:text-slate-300">{countOf(star, 'star')}</span>
            <span
              aria-hidden="true"
              className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <span
                className="block h-full rounded-full bg-amber-500 dark:bg-amber-400"
                style={{ width: `${count > 0 ? (n / count) * 100 : 0}%` }}
              />
            </span>
            <span className="w-8 shrink-0 text-right tabular-nums text-slate-900 dark:text-white">
              {n}
              <span className="sr-only"> {n === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
