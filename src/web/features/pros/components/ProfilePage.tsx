// /pros/{id}-{slug}, public (decision 0046): who the pro is (company, "Dana K.", description, services, city and
// state, member since, completed jobs, usual reply time), their verified badges, the reputation with its 5-to-1
// distribution and price accuracy, the portfolio, and the published reviews (paged, newest first, with answers).
// The server renders this same tree with the query cache already filled (decision 0045), so the page reads its data
// only through the exported query options and renders no clock, zone or browser API while rendering: what the
// server sent is what hydrates. An address with an old slug is replaced by the current one (the server answers
// 301 too); an unknown or closed pro is the app's Not Found page.
import { useEffect, useId } from 'react';
import { useLocation } from 'wouter';
import { responseTimeLabel } from '#domain/format';
import { parseProSegment } from '#domain/profiles';
import type { PublicProfile } from '#domain/schemas/pro-profile.schema';
import { ErrorState } from '#web/components/list/ListState.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { LazyReviewList } from '#web/features/reviews/index.ts';
import { NotFoundPage } from '#web/features/site/index.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { useProProfile } from '../api/pros.ts';
import { displayName, jobsText, memberSinceText, placeText, ratingText, reviewsText } from '../format.ts';
import { BadgeList } from './Badges.tsx';
import { PortfolioGrid } from './PortfolioGrid.tsx';
import { ProfileReputation } from './ProfileReputation.tsx';
import { RequestQuote } from './RequestQuote.tsx';

const NOT_FOUND_TITLE = 'Page Not Found · HomeFix';

export function ProfilePage({ params }: { params: RouteParams }) {
  const parsed = parseProSegment(params.segment ?? '');
  if (!parsed) return <ProNotFound />;
  return <Profile id={parsed.id} />;
}

function ProNotFound() {
  useEffect(() => {
    document.title = NOT_FOUND_TITLE;
  }, []);
  return <NotFoundPage />;
}

function Profile({ id }: { id: string }) {
  const query = useProProfile(id);
  const [location, navigate] = useLocation();
  const profile = query.data;
  const title = profile ? displayName(profile) : null;
  const current = profile?.path;

  useEffect(() => {
    if (title) document.title = `${title} · HomeFix`;
  }, [title]);
  // /pros/{id} or an old slug: the current address replaces it in the history (no extra Back step).
  useEffect(() => {
    if (current && location !== current) navigate(current, { replace: true });
  }, [current, location, navigate]);

  if (query.isPending) {
    return (
      <div data-screen-loading="">
        <Spinner label="Loading the pro's page" />
      </div>
    );
  }
  if (query.isError) {
    if (parseApiError(query.error).status === 404) return <ProNotFound />;
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="mb-4 text-3xl font-bold text-slate-900 dark:text-white">Pro profile</h1>
        <ErrorState text="This pro's page could not be loaded." onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <ProfileView profile={query.data} />;
}

const section =
  'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-6';

function ProfileView({ profile: p }: { profile: PublicProfile }) {
  const ids = useId();
  const name = displayName(p);
  const place = placeText(p);
  const facts = [
    place,
    memberSinceText(p.memberSince),
    jobsText(p.completedJobs),
    p.medianFirstResponseSeconds === null ? null : responseTimeLabel(p.medianFirstResponseSeconds),
  ].filter((f): f is string => f !== null);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <article aria-labelledby={`${ids}-name`} className={section}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1
              id={`${ids}-name`}
              className="text-3xl font-bold tracking-tight break-words text-slate-900 dark:text-white"
            >
              {name}
            </h1>
            {p.companyName && <p className="mt-1 text-lg text-slate-800 dark:text-slate-200">{p.name}</p>}
            <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-800 dark:text-slate-200">
              {p.reviewCount > 0 ? (
                <span>
                  <span aria-hidden="true" className="text-amber-700 dark:text-amber-300">
                    ★
                  </span>{' '}
                  <span className="font-semibold">{ratingText(p.rating)}</span>
                  <span className="sr-only"> out of 5</span> · {reviewsText(p.reviewCount)}
                </span>
              ) : (
                <span>No reviews yet</span>
              )}
              {p.featured && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                  Featured
                </span>
              )}
            </p>
          </div>
          <RequestQuote profile={p} />
        </div>

        <ul
          aria-label="About this pro"
          className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
        >
          {facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>

        {p.categories.length > 0 && (
          <ul aria-label="Services" className="mt-4 flex flex-wrap gap-2">
            {p.categories.map((c) => (
              <li
                key={c.key}
                className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-900 dark:bg-blue-950 dark:text-blue-100"
              >
                {c.label}
              </li>
            ))}
          </ul>
        )}

        <BadgeList badges={p.badges} className="mt-4" />

        {p.description && (
          <p className="mt-4 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
            {p.description}
          </p>
        )}
      </article>

      <div className={section}>
        <ProfileReputation providerId={p.id} headingId={`${ids}-reputation`} />
      </div>

      <section aria-labelledby={`${ids}-portfolio`} className={section}>
        <h2 id={`${ids}-portfolio`} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          Portfolio
        </h2>
        {p.portfolio.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No photos of past work yet.</p>
        ) : (
          <PortfolioGrid items={p.portfolio} owner={name} />
        )}
      </section>

      <div className={section}>
        <LazyReviewList subject="provider" id={p.id} />
      </div>
    </div>
  );
}
