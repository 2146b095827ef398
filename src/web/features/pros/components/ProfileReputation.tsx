// The reputation on a pro's public page (decision 0044's figures, read from GET /api/providers/{id}/reputation
// through the reviews feature's query options): the rating out of 5 with its count, the 5-to-1 distribution as bars
// whose numbers are in the text, and the price accuracy. Before the first published review it says so.
import { useQuery } from '@tanstack/react-query';
import { countOf } from '#domain/count-words';
import { percentText, PRICE_ACCURACY_TOLERANCE } from '#domain/reputation';
import type { ProviderReputation } from '#domain/schemas/review.schema';
import { ErrorState } from '#web/components/list/ListState.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { providerReputationQueryOptions } from '#web/features/reviews/index.ts';
import { ratingText } from '../format.ts';

export function ProfileReputation({ providerId, headingId }: { providerId: string; headingId: string }) {
  const reputation = useQuery(providerReputationQueryOptions(providerId));
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Reputation
      </h2>
      <div className="mt-2">
        {reputation.isPending ? (
          <Spinner label="Loading the reputation" className="p-4" />
        ) : reputation.isError ? (
          <ErrorState text="The reputation could not be loaded." onRetry={() => void reputation.refetch()} />
        ) : (
          <Figures r={reputation.data} />
        )}
      </div>
    </section>
  );
}

function Figures({ r }: { r: ProviderReputation }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {r.count === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">No reviews yet</p>
      ) : (
        <div>
          <p className="text-slate-900 dark:text-white">
            <span className="text-3xl font-bold tabular-nums">{ratingText(r.rating)}</span>{' '}
            <span className="text-slate-700 dark:text-slate-300">
              out of 5 from {countOf(r.count, 'review')}
            </span>
          </p>
          <Distribution distribution={r.distribution} count={r.count} />
        </div>
      )}
      <dl className="grid content-start gap-3 text-sm">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-slate-700 dark:text-slate-300">Price accuracy</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
            {r.priceAccuracy === null ? 'No completed jobs yet' : percentText(r.priceAccuracy)}
          </dd>
          <dd className="text-xs text-slate-700 dark:text-slate-300">
            Jobs finished within {PRICE_ACCURACY_TOLERANCE * 100} % of the agreed price
          </dd>
        </div>
      </dl>
    </div>
  );
}

// The bars' widths in steps of 5 %, as classes: the server-rendered page may carry no style attribute (the CSP
// refuses them), so a width cannot be set inline.
const WIDTHS = [
  'w-0',
  'w-[5%]',
  'w-[10%]',
  'w-[15%]',
  'w-[20%]',
  'w-[25%]',
  'w-[30%]',
  'w-[35%]',
  'w-[40%]',
  'w-[45%]',
  'w-[50%]',
  'w-[55%]',
  'w-[60%]',
  'w-[65%]',
  'w-[70%]',
  'w-[75%]',
  'w-[80%]',
  'w-[85%]',
  'w-[90%]',
  'w-[95%]',
  'w-full',
] as const;

/** The width class of a bar of `n` out of `count`: a share above nothing shows at least a sliver. */
export function barWidth(n: number, count: number): string {
  if (count <= 0 || n <= 0) return WIDTHS[0];
  return WIDTHS[Math.max(1, Math.round((n / count) * 20))] ?? WIDTHS[20];
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
                className={`block h-full rounded-full bg-amber-500 dark:bg-amber-400 ${barWidth(n, count)}`}
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
