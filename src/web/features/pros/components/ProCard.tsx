// A pro in the directory (decision 0046): the company (the link to their page), the pro's "Dana K.", the rating
// with its count, completed jobs, the city, the first badge with how many more, and "Featured" for a featured plan.
import { Link } from 'wouter';
import { distanceLabel } from '#domain/geo';
import type { ProviderCard } from '#domain/schemas/pro-profile.schema';
import { Badge } from './Badges.tsx';
import { displayName, jobsText, placeText, ratingText, reviewsText } from '../format.ts';

export function ProCard({ pro: p }: { pro: ProviderCard }) {
  const place = placeText(p);
  const [first, ...more] = p.badges;
  return (
    <article className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words text-slate-900 dark:text-white">
          <Link
            href={p.path}
            className="rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-200"
          >
            {displayName(p)}
          </Link>
        </h2>
        {p.featured && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            Featured
          </span>
        )}
      </div>
      {p.companyName && <p className="text-sm text-slate-800 dark:text-slate-200">{p.name}</p>}
      <p className="text-sm text-slate-800 dark:text-slate-200">
        {p.reviewCount > 0 ? (
          <>
            <span aria-hidden="true" className="text-amber-700 dark:text-amber-300">
              ★
            </span>{' '}
            <span className="font-semibold">{ratingText(p.rating)}</span>
            <span className="sr-only"> out of 5</span> · {reviewsText(p.reviewCount)}
          </>
        ) : (
          'No reviews yet'
        )}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {[
          jobsText(p.completedJobs),
          place,
          typeof p.distanceMiles === 'number' && distanceLabel(p.distanceMiles),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {first && (
        <div className="mt-auto space-y-1 pt-1">
          <Badge badge={first} />
          {more.length > 0 && (
            <p className="text-xs text-slate-700 dark:text-slate-300">
              and{' '}
              {more.length === 1 ? '1 more verified credential' : `${more.length} more verified credentials`}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
