// The plan-limit alerts (spec part 2 section 8): "Limit reached" / "Limit exceeded" when the server refuses
// a save or a post for the customer's plan, and the banner from 80 percent of a limit, each with the way up.
import { Link } from 'wouter';
import { planLimitWarning } from '#domain/plans';
import { Alert } from '#web/components/ui/alert.tsx';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';

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
      <p>{message}</p>
      <UpgradeLink />
    </Alert>
  );
}

/** The usage banner: nothing under 80 percent, then "Approaching limit", "Limit reached", "Limit exceeded". */
export function LimitBanner({
  used,
  limit,
  what,
  className,
}: {
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
      variant={w.level === 'approaching' ? 'info' : w.level === 'reached' ? 'warning' : 'destructive'}
      title={w.title}
      className={className}
    >
      <p>
        You have used {used} of {limit} {what} on the Free plan
        {w.level === 'approaching' ? ` (${w.percent}%)` : ''}. Premium raises the limit.
      </p>
      <UpgradeLink />
    </Alert>
  );
}
