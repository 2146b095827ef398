// The customer dashboard's body: stat cards for total estimates, posted estimates and
// messages with an unread badge (and any the dashboard adds, its Active jobs), Create New Estimate, the 3 most recent estimates and the 3 most recent
// messages, plus the plan usage banners. Loaded lazily by the dashboard through this feature's front door.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { categoryLabel } from '#domain/catalog/categories';
import { formatWholeDollars } from '#domain/format';
import { FileIcon, MessageIcon, SparkIcon } from '#web/components/ui/icons.tsx';
import { RecentConversations, useConversations, useUnreadCount } from '#web/features/messaging/index.ts';
import { paths } from '#web/lib/paths.ts';
import { useMyProjects } from '#web/features/projects/index.ts';
import { useEstimates } from '../api/get-estimates.ts';
import { CreateEstimateButton, StatusBadge, formatDate } from './EstimateParts.tsx';
import { myEstimatesHref, SeeAllEstimatesLink } from './AllYourEstimates.tsx';
import { PlanUsageBanners } from './LimitAlert.tsx';

const RECENT = 3;

function StatCard({
  label,
  value,
  icon,
  badge,
  href,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  badge?: ReactNode;
  href: string;
}) {
  return (
    <li>
      <Link
        href={href}
        className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-600"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
          {icon}
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-slate-700 dark:text-slate-300">{label}</span>
          <span className="flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-white">
            {value}
            {badge}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** `extraStats`: more stat cards another feature adds to the row (the dashboard's Active jobs). */
export function CustomerOverview({ extraStats }: { extraStats?: ReactNode } = {}) {
  const all = useEstimates('/api/estimates', { page: 1, pageSize: RECENT });
  const posted = useEstimates('/api/estimates', { page: 1, pageSize: 1, status: 'posted' });
  const count = (q: typeof all) => (q.isLoading ? '…' : q.isError ? '–' : (q.data?.total ?? 0));
  // Posted work is her posted estimates and her live projects (the plan's posted count counts both).
  const liveProjects = useMyProjects().data?.live ?? 0;
  const postedWork =
    posted.isLoading || posted.isError ? count(posted) : (posted.data?.total ?? 0) + liveProjects;
  const unread = useUnreadCount();
  const conversations = useConversations();

  return (
    <div className="space-y-8">
      <PlanUsageBanners which={['generated', 'saved', 'posted']} />
      <ul
        aria-label="Statistics"
        className={extraStats ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-4 sm:grid-cols-3'}
      >
        <StatCard
          label="Total Estimates"
          value={count(all)}
          icon={<FileIcon className="h-5 w-5" />}
          href={paths.estimates}
        />
        <StatCard
          label="Posted Estimates"
          value={postedWork}
          icon={<SparkIcon className="h-5 w-5" />}
          badge={
            liveProjects > 0 ? (
              <span className="text-sm font-normal text-slate-700 dark:text-slate-300">
                incl. {liveProjects} {liveProjects === 1 ? 'project' : 'projects'}
              </span>
            ) : undefined
          }
          href={myEstimatesHref('posted')}
        />
        <StatCard
          label="Messages"
          value={
            conversations.isLoading ? '…' : conversations.isError ? '–' : (conversations.data?.length ?? 0)
          }
          icon={<MessageIcon className="h-5 w-5" />}
          href={paths.messages}
          badge={
            <span
              data-testid="dashboard-unread"
              className={
                unread > 0
                  ? 'rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white'
                  : 'rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200'
              }
            >
              {unread} unread
            </span>
          }
        />
        {extraStats && <li>{extraStats}</li>}
      </ul>

      <div>
        <CreateEstimateButton />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="recent-estimates"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="recent-estimates" className="text-lg font-semibold text-slate-900 dark:text-white">
              Recent Estimates
            </h2>
            <SeeAllEstimatesLink className="text-sm" />
          </div>
          {all.isLoading ? (
            <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
              Loading...
            </p>
          ) : all.isError ? (
            <p role="alert" className="mt-4 text-red-800 dark:text-red-300">
              Error loading estimates. Please try again.
            </p>
          ) : !all.data?.items.length ? (
            <p className="mt-4 text-slate-700 dark:text-slate-300">
              No estimates yet. Create your first estimate!
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {all.data.items.slice(0, RECENT).map((e) => (
                <li key={e.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <Link
                      href={paths.estimate(e.id)}
                      className="block truncate rounded font-medium text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
                    >
                      {e.title}
                    </Link>
                    <span className="text-xs text-slate-700 dark:text-slate-300">
                      {categoryLabel(e.category)} · {formatDate(e.createdAt)}
                    </span>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold text-slate-900 dark:text-white">
                      {formatWholeDollars(e.finalEstimate)}
                    </span>
                    <StatusBadge status={e.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="recent-messages"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="recent-messages" className="text-lg font-semibold text-slate-900 dark:text-white">
              Recent Messages
            </h2>
            <Link
              href={paths.messages}
              className="rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
            >
              View all
            </Link>
          </div>
          <RecentConversations limit={RECENT} />
        </section>
      </div>
    </div>
  );
}
