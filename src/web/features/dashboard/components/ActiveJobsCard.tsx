// The dashboards' "Active jobs" stat card: the jobs hired and not yet completed or cancelled, for the customer and
// the provider alike, linking to the jobs list. Loading shows "…", a failure "–" with a way to try again, none
// "No open jobs".
import { ClipboardIcon } from '#web/components/ui/icons.tsx';
import { Link } from 'wouter';
import { paths } from '#web/lib/paths.ts';
import { useActiveJobsCount } from '../api/get-active-jobs.ts';

export function ActiveJobsCard() {
  const jobs = useActiveJobsCount();
  const value = jobs.isError ? '–' : jobs.isLoading || jobs.count === null ? '…' : jobs.count;
  const note = jobs.isError ? 'Could not load your jobs.' : jobs.count === 0 ? 'No open jobs' : null;
  return (
    <div className="relative h-full">
      <Link
        href={paths.jobs}
        className="flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-600"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
          <ClipboardIcon className="h-5 w-5" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-slate-700 dark:text-slate-300">Active jobs</span>
          <span className="flex flex-wrap items-center gap-x-2 text-2xl font-bold text-slate-900 dark:text-white">
            {value}
            {note && <span className="text-sm font-normal text-slate-700 dark:text-slate-300">{note}</span>}
          </span>
        </span>
      </Link>
      {jobs.isError && (
        <button
          type="button"
          onClick={jobs.refetch}
          className="absolute right-3 top-3 rounded-md px-2 py-1 text-xs font-semibold text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
        >
          Try again
        </button>
      )}
    </div>
  );
}
