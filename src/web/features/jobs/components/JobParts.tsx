// Pieces the jobs list and the job page share: the status badge and the load error text.
import { formatMoney } from '#domain/format';
import { jobStatusLabels, type JobStatus } from '#domain/job-status';
import { cn } from '#web/lib/cn.ts';

const badgeTone: Record<JobStatus, string> = {
  hired: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  completion_requested: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  completed: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  cancelled: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        badgeTone[status],
      )}
    >
      {jobStatusLabels[status]}
    </span>
  );
}

export const JOBS_LOAD_ERROR = 'Error loading your jobs. Please try again.';
export const JOB_LOAD_ERROR = 'Error loading this job. Please try again.';

/** A change to the price, signed: "+$150.00", "−$50.00". */
export function signedMoney(amount: number): string {
  return amount < 0 ? `−${formatMoney(-amount)}` : `+${formatMoney(amount)}`;
}
