// The plan-limit alerts: "Limit reached" / "Limit exceeded" when the server refuses
// a save or a post for the customer's plan, and the banner from 80 percent of a limit, each with the way up.
import { Link } from 'wouter';
import { planLimitWarning } from '#domain/plans';
import { Alert } from '#web/components/ui/alert.tsx';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { useUsage } from '../api/get-usage.ts';

/** A refusal for the plan's limits: 403 or 409 whose code or message names a limit. */
export function isLimitError(err: unknown): boolean {
  const e = parseApiError(err);
  if (e.status !== 403 && e.status !== 409) return false;
  return /limit/i.test(`${e.code ?? ''} ${e.message ?? ''}`);
}

function UpgradeLink() {
  return (
    <Link
      href={paths.customerSubscription}
      className="mt-2 inline-block font-semibold text-blue-800 underline underline-offset-4 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-200"
    >
      Upgrade to Premium
    </Link>
  );
}

export function LimitAlert({
  level,
  message,
  className,
}: {
  level: 'reached' | 'exceeded';
  message: string;
  className?: string;
}) {
  return (
    <Alert
      role="alert"
      variant={level === 'exceeded' ? 'destructive' : 'warning'}
      title={level === 'exceeded' ? 'Limit exceeded' : 'Limit reached'}
      className={className}
    >
      <p>{message.replace(/^Limit (reached|exceeded):\s*/i, '')}</p>
      {/upgrade/i.test(message) && <UpgradeLink />}
    </Alert>
  );
}

/** The usage banner: nothing under 80 percent, then "Approaching limit", "Limit reached", "Limit exceeded". */
export function LimitBanner({
  used,
  limit,
  what,
  plan = 'free',
  className,
}: {
  plan?: 'free' | 'premium';
  used: number;
  limit: number | null;
  /** e.g. "posted estimates this month". */
  what: string;
  className?: string;
}) {
  const w = planLimitWarning(used, limit);
  if (!w || limit === null) return null;
  return (
    <Alert
      role={w.level === 'approaching' ? 'status' : 'alert'}
      variant={w.level === 'approaching' ? 'info' : w.level === 'reached' ? 'warning' : 'destructive'}
      title={w.title}
      className={className}
    >
      <p>
        You have used {used} of {limit} {what}
        {w.level === 'approaching' ? ` (${w.percent}%)` : ''}.
        {plan === 'free' ? ' Premium raises the limit.' : ''}
      </p>
      {plan === 'free' && <UpgradeLink />}
    </Alert>
  );
}

const usageWords = {
  generated: 'estimates this month',
  saved: 'saved estimates',
  posted: 'posted estimates this month',
} as const;

/** The banners of a customer's plan usage (GET /api/estimates/usage) from 80 percent of each limit. */
export function PlanUsageBanners({
  which,
  className,
}: {
  which: readonly (keyof typeof usageWords)[];
  className?: string;
}) {
  const { user } = useAuth();
  const { data } = useUsage(user?.role === 'customer');
  if (!data) return null;
  return (
    <div className={className}>
      {which.map((k) => (
        <LimitBanner
          key={k}
          className="mb-3"
          plan={data.plan}
          used={data[k].used}
          limit={data[k].limit}
          what={usageWords[k]}
        />
      ))}
    </div>
  );
}
