// /jobs/{id}: one job as its viewer reads it. The header (the estimate, the state, the other party; for the
// provider the customer's address and phone), the money, the start date, what the viewer may do now (only the
// actions the server allows them) and, for the rest, who the job waits for; the completion note and photos, the
// timeline (oldest first), and the ways to the conversation and the estimate.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney, formatWholeDollars } from '#domain/format';
import { formatJobDate, jobWaitingWords, partyName } from '#domain/job-words';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LazyJobReviews } from '#web/features/reviews/index.ts';
import { parseApiError } from '#web/lib/api-client.ts';
import { paths } from '#web/lib/paths.ts';
import type { RouteParams } from '#web/lib/routing.ts';
import { useJob, type Job } from '../api/jobs.ts';
import { ChangeOrders, JobActions } from './JobActions.tsx';
import { JobStatusBadge, JOB_LOAD_ERROR, signedMoney } from './JobParts.tsx';
import { JobTimeline } from './JobTimeline.tsx';

const linkClass =
  'font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300';
const sectionTitle = 'text-lg font-semibold text-slate-900 dark:text-white';
const termClass = 'text-sm text-slate-600 dark:text-slate-400';
const valueClass = 'text-slate-900 dark:text-slate-100';

export function JobPage({ params }: { params: RouteParams }) {
  const id = params.id ?? '';
  const query = useJob(id);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link href={paths.jobs} className={linkClass}>
        ← All jobs
      </Link>
      <div className="mt-4">
        {query.isLoading ? (
          <LoadingState text="Loading the job..." />
        ) : query.isError || !query.data ? (
          parseApiError(query.error).status === 404 ? (
            <ErrorState title="Job not found" text="This job does not exist or is not one of yours." />
          ) : (
            <ErrorState text={JOB_LOAD_ERROR} onRetry={() => void query.refetch()} />
          )
        ) : (
          <JobView job={query.data} />
        )}
      </div>
    </div>
  );
}

function JobView({ job }: { job: Job }) {
  const isProvider = job.viewerRole === 'provider';
  const other = isProvider ? job.customer : job.provider;
  const otherLabel = isProvider ? 'Customer' : 'Provider';
  const conversation =
    job.viewerRole === 'customer'
      ? paths.conversation(job.estimateId, job.provider.id)
      : job.viewerRole === 'provider'
        ? paths.providerConversation(job.estimateId, job.customer.id)
        : null;
  const waiting = jobWaitingWords(job);

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900 dark:text-white">
            {job.estimateTitle}
          </h1>
          <JobStatusBadge status={job.status} />
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          {job.viewerRole === 'admin' ? (
            <>
              <Term term="Customer">{job.customer.name}</Term>
              <Term term="Provider">{partyName(job.provider)}</Term>
            </>
          ) : (
            <Term term={otherLabel}>{partyName(other)}</Term>
          )}
          {isProvider && job.customer.address && <Term term="Address">{job.customer.address}</Term>}
          {isProvider && job.customer.phone && (
            <Term term="Phone">
              <a href={`tel:${job.customer.phone}`} className={linkClass}>
                {job.customer.phone}
              </a>
            </Term>
          )}
        </dl>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {conversation && (
            <Link href={conversation} className={linkClass}>
              Message {partyName(other)}
            </Link>
          )}
          <Link href={paths.estimate(job.estimateId)} className={linkClass}>
            View the estimate
          </Link>
        </div>
      </header>

      <Card className="space-y-4 p-4 sm:p-6">
        <h2 id="job-next" className={sectionTitle}>
          What happens next
        </h2>
        {waiting.length > 0 && (
          <ul className="space-y-1 text-slate-800 dark:text-slate-200">
            {waiting.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        <JobActions job={job} />
        {waiting.length === 0 && !job.allowedActions.some((a) => a !== 'decideChange') && (
          <p className="text-slate-700 dark:text-slate-300">Nothing for you to do on this job right now.</p>
        )}
      </Card>

      <Card className="space-y-4 p-4 sm:p-6">
        <h2 id="job-money" className={sectionTitle}>
          Price
        </h2>
        <Money job={job} />
        <ChangeOrders job={job} />
      </Card>

      <Card className="space-y-2 p-4 sm:p-6">
        <h2 id="job-date" className={sectionTitle}>
          Start date
        </h2>
        <StartDate job={job} />
      </Card>

      {(job.completionNote || job.photos.length > 0 || job.status === 'cancelled') && (
        <Card className="space-y-3 p-4 sm:p-6">
          <h2 id="job-outcome" className={sectionTitle}>
            {job.status === 'cancelled' ? 'Cancellation' : 'The finished work'}
          </h2>
          {job.status === 'cancelled' && (
            <>
              {job.cancelReason && <p className={valueClass}>Reason: {job.cancelReason}</p>}
              {job.lateCancellation && (
                <p className={valueClass}>
                  Recorded as a late cancellation (within 48 hours of the start date).
                </p>
              )}
            </>
          )}
          {job.completionNote && (
            <p className="whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
              {job.completionNote}
            </p>
          )}
          {job.photos.length > 0 && (
            <ul aria-label="Completion photos" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {job.photos.map((p, i) => (
                <li key={p.id}>
                  <a
                    href={p.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                  >
                    <img
                      src={p.url}
                      alt={`Completion photo ${i + 1} of ${job.photos.length}`}
                      loading="lazy"
                      className="aspect-square w-full rounded-md border border-slate-200 object-cover dark:border-slate-700"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

      {job.status === 'completed' && <LazyJobReviews jobId={job.id} timeZone={job.timeZone} />}

      <Card className="space-y-3 p-4 sm:p-6">
        <h2 id="job-timeline" className={sectionTitle}>
          Timeline
        </h2>
        <JobTimeline job={job} />
      </Card>
    </div>
  );
}

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className={termClass}>{term}</dt>
      <dd className={`break-words ${valueClass}`}>{children}</dd>
    </div>
  );
}

function Money({ job }: { job: Job }) {
  const approved = job.changeOrders.filter((c) => c.status === 'approved').reduce((s, c) => s + c.amount, 0);
  const range = `${formatWholeDollars(job.estimateMin)} – ${formatWholeDollars(job.estimateMax)}`;
  if (job.status === 'completed') {
    return (
      <dl className="grid gap-3 sm:grid-cols-3">
        <Term term="Final total">
          <span className="text-xl font-bold">{formatMoney(job.total)}</span>
        </Term>
        <Term term="Agreed price">{formatMoney(job.agreedPrice)}</Term>
        <Term term="The estimate's range">{range}</Term>
      </dl>
    );
  }
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Term term="Agreed price">{formatMoney(job.agreedPrice)}</Term>
      <Term term="Approved change orders">{approved === 0 ? formatMoney(0) : signedMoney(approved)}</Term>
      <Term term="Current total">
        <span className="text-xl font-bold">{formatMoney(job.total)}</span>
      </Term>
    </dl>
  );
}

function StartDate({ job }: { job: Job }) {
  const by = (who: string | null) =>
    who === job.viewerRole ? 'you' : who === 'provider' ? partyName(job.provider) : job.customer.name;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Term term="Confirmed start date">
        {job.scheduledDate ? formatJobDate(job.scheduledDate) : 'Not confirmed yet'}
      </Term>
      {job.proposedDate && (
        <Term term={job.scheduledDate ? 'New date proposed' : 'Proposed start date'}>
          {formatJobDate(job.proposedDate)}, proposed by {by(job.proposedBy)}
        </Term>
      )}
    </dl>
  );
}
