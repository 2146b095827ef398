// The plan-limit alerts. A refusal by the server for the customer's plan ("Limit reached" / "Limit exceeded")
// is an error: role alert, the error style, with the way up. The usage notices from 80 percent of a limit only
// inform (PlanLimitNotice): what is used and what Premium allows.
import { Link } from 'wouter';
import { PlanLimitNotice } from '#web/components/plans/PlanLimitNotice.tsx';
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
      variant="destructive"
      title={level === 'exceeded' ? 'Limit exceeded' : 'Limit reached'}
      className={className}
    >
      <p>{message.replace(/^Limit (reached|exceeded):\s*/i, '')}</p>
      {/upgrade/i.test(message) && <UpgradeLink />}
    </Alert>
  );
}

/** The notices of a customer's plan usage (GET /api/estimates/usage) from 80 percent of each limit. */
export function PlanUsageBanners({
  which,
  className,
}: {
  which: readonly ('generated' | 'saved' | 'posted')[];
  className?: string;
}) {
  const { user } = useAuth();
  const { data } = useUsage(user?.role === 'customer');
  if (!data) return null;
  return (
    <div className={className}>
      {which.map((k) => (
        <PlanLimitNotice
          key={k}
          className="mb-3"
          kind={k}
          plan={data.plan}
          used={data[k].used}
          limit={data[k].limit}
          action={data.plan === 'free' ? <UpgradeLink /> : undefined}
        />
      ))}
    </div>
  );
}
