// The admin dashboard's quiet line for an admin without two-step verification while the site leaves it optional
// (ADMIN_TWO_STEP=optional, decision 0028): one sentence and a link to the set-up on /settings. Not dismissible, and
// not shown while the status loads or if it cannot load (the dashboard does not depend on it). When the site
// requires it, the guards show the TwoStepRequired card instead of the whole screen.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { twoStepQueryOptions } from '#web/features/accounts/index.ts';
import { paths } from '#web/lib/paths.ts';

export const TWO_STEP_SUGGESTION = 'Your admin account is protected by a password only.';
export const TWO_STEP_SUGGESTION_LINK = 'Turn on two-step verification';

export function TwoStepSuggestion() {
  const status = useQuery(twoStepQueryOptions());
  if (!status.data || status.data.enabled) return null;
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <ShieldIcon className="mt-0.5 h-4 w-4 shrink-0 text-blue-700 dark:text-blue-300" />
      <p>
        {TWO_STEP_SUGGESTION}{' '}
        <Link
          href={paths.settingsTwoStep}
          className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
        >
          {TWO_STEP_SUGGESTION_LINK}
        </Link>
      </p>
    </div>
  );
}
