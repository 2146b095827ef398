// The plan-limit notice (decision 0034): from 80 percent of a limit "Approaching limit", then "Limit reached"
// at 100 and "Limit exceeded" above, each saying what is used and what the next plan allows. It informs (role
// status, the information style): reaching a limit is not an error. Only a refusal by the server is shown as an
// error, by the screen that made the refused request.
import type { ReactNode } from 'react';
import { planLimitWarning } from '#domain/plans';
import { planLimitSentence, type PlanLimitKind } from '#domain/plan-words';
import { Alert } from '#web/components/ui/alert.tsx';

export function PlanLimitNotice({
  kind,
  plan,
  used,
  limit,
  action,
  className,
}: {
  kind: PlanLimitKind;
  /** The plan in force: a customer plan for estimates, saved and posts, a provider plan for tasks and customers. */
  plan: string;
  used: number;
  /** The plan's limit; null (no limit) shows nothing. */
  limit: number | null;
  /** A way to a larger plan, e.g. a link to the plans page. */
  action?: ReactNode;
  className?: string;
}) {
  const warning = planLimitWarning(used, limit);
  if (!warning || limit === null) return null;
  return (
    <Alert role="status" variant="info" title={warning.title} className={className}>
      <p>{planLimitSentence(kind, plan, used, limit)}</p>
      {action}
    </Alert>
  );
}
