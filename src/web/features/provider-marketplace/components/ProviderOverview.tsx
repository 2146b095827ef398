// The provider dashboard's overview: the trial banner (red at three days or fewer), the plan-limit notices (the
// task limit and the month's customers; information, never an error), the stat cards (Subscription Plan, Sent
// Bids, Days Until Renewal, New Notifications) with the month's messaged customers against the plan's cap, the
// recommended tasks with the reason each one matches, the provider's bids (Your bids), and the My Tasks category grid with
// the locked tiles of the plan in force. (The notifications open the dashboard, above its quick links.)
import { Link } from 'wouter';
import { categoryLabel } from '#domain/catalog/categories';
import { daysUntilRenewal, providerPlanDisplayName, taskLimitFor, TRIAL_WARNING_DAYS } from '#domain/plans';
import { CHOOSE_TASK_MESSAGE } from '#domain/schemas/subscription.schema';
import { PlanLimitNotice } from '#web/components/plans/PlanLimitNotice.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { ProjectMarker } from './ProjectFeedCard.tsx';
import { ProviderBids } from './ProviderBids.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { useUnreadNotificationCount } from '#web/features/notifications/index.ts';
import { useProviderCategories, useRecommendations, useSentBidsCount, useTrialStatus } from '../api/trial.ts';

export function ProviderOverview() {
  const status = useTrialStatus();
  const categories = useProviderCategories();
  const sent = useSentBidsCount();
  const unreadNotifications = useUnreadNotificationCount();
  if (status.isPending || categories.isPending) return <Spinner label="Loading your plan" />;
  if (status.isError || categories.isError)
    return (
      <p role="alert" className="mt-6 text-red-700 dark:text-red-300">
        Failed to load your plan. Please reload the page.
      </p>
    );
  const s = status.data;
  const danger = s.isTrial && s.daysRemaining <= TRIAL_WARNING_DAYS;
  // The plan card shows Starter for an unknown or free plan.
  const planName = providerPlanDisplayName(s.plan === 'free' ? 'starter' : s.plan);
  const stats: [string, string][] = [
    ['Subscription Plan', planName],
    ['Sent Bids', sent.data === undefined ? '…' : String(sent.data)],
    [
      'Days Until Renewal',
      String(s.isTrial ? s.daysRemaining : daysUntilRenewal(s.subscriptionExpiryDate, new Date())),
    ],
    ['New Notifications', unreadNotifications === undefined ? '…' : String(unreadNotifications)],
  ];
  const paid = s.plan !== 'free';
  const upgradeLink = (
    <Link href={paths.subscription} className="mt-2 inline-block font-semibold underline">
      Compare plans
    </Link>
  );
  return (
    <div className="mt-6 space-y-6">
      {s.isTrial && (
        <div
          role="status"
          className={cn(
            'rounded-xl border p-4',
            danger
              ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
              : 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
          )}
        >
          <p className="font-semibold">
            Free trial: {s.daysRemaining} {s.daysRemaining === 1 ? 'day' : 'days'} remaining
          </p>
          <p className="text-sm">
            Your {providerPlanDisplayName(s.plan)} trial ends on{' '}
            {s.trialEndDate ? new Date(s.trialEndDate).toLocaleDateString('en-US') : ''}.{' '}
            <Link href={paths.subscription} className="font-semibold underline">
              Choose a plan
            </Link>
          </p>
        </div>
      )}
      {s.mustChooseTask && (
        <div
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{CHOOSE_TASK_MESSAGE}</p>
          <Link href={paths.subscription} className="text-sm font-semibold underline">
            Choose your task
          </Link>
        </div>
      )}
      {s.expired && (
        <div
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Your free trial has ended.</p>
          <Link href={paths.subscription} className="text-sm font-semibold underline">
            Choose a plan to see posted work again
          </Link>
        </div>
      )}
      {paid && (
        <PlanLimitNotice
          kind="tasks"
          plan={s.plan}
          used={s.taskIds.length}
          limit={taskLimitFor(s.plan)}
          action={upgradeLink}
        />
      )}
      {paid && (
        <PlanLimitNotice
          kind="customers"
          plan={s.plan}
          used={s.customersThisMonth}
          limit={s.customersPerMonth}
          action={upgradeLink}
        />
      )}
      <div className="flex justify-end">
        <UpgradeDialog status={s} />
      </div>
      <dl aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map(([label, value]) => (
          <div
            key={label}
            className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {paid && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Customers messaged this month: {s.customersThisMonth}
          {s.customersPerMonth === null ? ' (unlimited)' : ` of ${s.customersPerMonth}`}
        </p>
      )}
      <RecommendedTasks />
      <ProviderBids />
      <section
        aria-labelledby="my-tasks"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="my-tasks" className="text-lg font-semibold text-slate-900 dark:text-white">
          My Tasks
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {categories.data.categories.map((c) => (
            <li
              key={c.category}
              className={cn(
                'rounded-lg border p-3 text-sm',
                c.locked
                  ? 'border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400'
                  : 'border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
              )}
            >
              <p className="font-semibold">{categoryLabel(c.category)}</p>
              <p className="mt-1 text-xs">{c.locked ? c.lockedText : 'Open to you'}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The best matches among posted estimates and the live projects the plan opens (ranked together on the server),
 * each with why it matches; a project is marked and links to its page, where its offer flow is.
 */
function RecommendedTasks() {
  const recs = useRecommendations();
  let body;
  if (recs.isPending) body = <Spinner label="Loading recommended tasks" />;
  else if (recs.isError)
    body = <p className="text-red-700 dark:text-red-300">Failed to load recommended tasks.</p>;
  else if (recs.data.items.length === 0)
    body = (
      <p className="text-slate-700 dark:text-slate-300">
        No recommended tasks available at the moment. Complete your provider profile to get better
        recommendations.
      </p>
    );
  else
    body = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {recs.data.items.slice(0, 5).map((e) => (
          <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
            <div>
              <p className="flex flex-wrap items-center gap-2">
                {e.kind === 'project' && <ProjectMarker />}
                <Link
                  href={e.kind === 'project' ? paths.project(e.id) : paths.estimate(e.id)}
                  className="font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                >
                  {e.title}
                </Link>
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{e.matchReason}</p>
            </div>
            <span className="text-sm font-semibold text-slate-900 dark:text-white">
              Match {e.matchScore}%
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section
      aria-labelledby="recommended"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="recommended" className="text-lg font-semibold text-slate-900 dark:text-white">
        Recommended Tasks
      </h2>
      <div className="mt-2">{body}</div>
    </section>
  );
}
