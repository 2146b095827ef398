// /jobs: the jobs of the signed-in user, as customer or provider, newest first, a page of 20 at a time from the
// server, filtered by state. Each row: the estimate's title, the other party, the state, the start date and the
// current total.
import { Link } from 'wouter';
import { formatWholeDollars } from '#domain/format';
import { jobStatuses, jobStatusLabels } from '#domain/job-status';
import { formatJobDate } from '#domain/job-words';
import { EmptyState, ListState } from '#web/components/list/ListState.tsx';
import { Pager, pageRange } from '#web/components/list/Pager.tsx';
import { useListParams } from '#web/components/list/use-list-params.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';
import { JOBS_PAGE_SIZE, useJobs, type JobList } from '../api/jobs.ts';
import { JobStatusBadge, JOBS_LOAD_ERROR } from './JobParts.tsx';

const statusOptions = [
  { value: 'all', label: 'All' },
  ...jobStatuses.map((s) => ({ value: s, label: jobStatusLabels[s] })),
];

/** How a job starts, for the empty list: the customer hires, the provider is hired. */
export function howJobsStart(role: string | undefined): string {
  return role === 'provider'
    ? 'When a customer hires you, the job appears here.'
    : 'When you accept a bid, the job appears here.';
}

export function JobsListPage() {
  const { user } = useAuth();
  const params = useListParams({ status: 'all' });
  const list = useJobs({ page: params.page, status: params.filters.status });
  const isProvider = user?.role === 'provider';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Jobs</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {isProvider
          ? 'The work customers hired you for, from the start date to the finished job.'
          : 'The work you hired providers for, from the start date to the finished job.'}
      </p>
      <div role="search" className="mb-6 mt-6 max-w-xs space-y-1.5">
        <Label htmlFor="job-status-filter">Status</Label>
        <Select value={params.filters.status} onValueChange={(v) => params.setFilter('status', v)}>
          <SelectTrigger id="job-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {statusOptions.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <ListState
        query={list}
        error={JOBS_LOAD_ERROR}
        isEmpty={(d) => d.items.length === 0}
        empty={
          params.filtered ? (
            <EmptyState text="No jobs in this state." />
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">No jobs yet</p>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{howJobsStart(user?.role)}</p>
            </div>
          )
        }
      >
        {(data) => <JobRows data={data} page={params.page} onPage={params.setPage} />}
      </ListState>
    </div>
  );
}

function JobRows({ data, page, onPage }: { data: JobList; page: number; onPage: (p: number) => void }) {
  const { pageCount, from, to } = pageRange(page, JOBS_PAGE_SIZE, data.total);
  return (
    <>
      <ul aria-label="Jobs" className="space-y-3">
        {data.items.map((j) => (
          <li
            key={j.id}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <Link
                  href={paths.job(j.id)}
                  className="break-words font-semibold text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300"
                >
                  {j.estimateTitle}
                </Link>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {j.viewerRole === 'provider' ? 'Customer' : 'Provider'}: {j.otherParty}
                </p>
              </div>
              <JobStatusBadge status={j.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Start date</dt>
                <dd className="text-slate-900 dark:text-slate-100">
                  {j.scheduledDate ? formatJobDate(j.scheduledDate) : 'Not set yet'}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Total</dt>
                <dd className="font-semibold text-slate-900 dark:text-slate-100">
                  {formatWholeDollars(j.total)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {data.total > 0 && (
        <Pager
          label="Jobs pages"
          page={page}
          pageCount={pageCount}
          onPage={onPage}
          position={`Page ${page} of ${pageCount}`}
        >
          {`Showing ${from} to ${to} of ${data.total}`}
        </Pager>
      )}
    </>
  );
}
