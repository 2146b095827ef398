// The job's timeline: every event, oldest first (the newest last), with when, who and what.
import { formatJobInstant, partyName } from '#domain/job-words';
import type { Job } from '../api/jobs.ts';

const knownEvents: Record<string, string> = {
  hired: 'Hired',
  scheduleProposed: 'Start date proposed',
  scheduleConfirmed: 'Start date confirmed',
  started: 'Work started',
  completionRequested: 'Work marked done',
  reopened: 'Sent back',
  completed: 'Completed',
  cancelled: 'Cancelled',
  changeOrderProposed: 'Change order proposed',
  changeOrderApproved: 'Change order approved',
  changeOrderDeclined: 'Change order declined',
};

/** What happened, in words: "scheduleProposed" -> "Start date proposed"; any other name spelled out. */
function eventWords(event: string): string {
  const known = knownEvents[event];
  if (known) return known;
  const words = event
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

function actorWords(job: Job, actor: string): string {
  if (actor === job.viewerRole) return 'You';
  if (actor === 'customer') return job.customer.name;
  if (actor === 'provider') return partyName(job.provider);
  if (actor === 'admin') return 'An admin';
  return 'HomeFix';
}

function timeOf(at: string, timeZone: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return d.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  } catch {
    return d.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
  }
}

export function JobTimeline({ job }: { job: Job }) {
  const events = [...job.timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (events.length === 0)
    return <p className="text-slate-700 dark:text-slate-300">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Timeline" className="space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={e.at}>
              {formatJobInstant(e.at, job.timeZone)}, {timeOf(e.at, job.timeZone)}
            </time>
            {' · '}
            {actorWords(job, e.actor)}
          </p>
          <p className="font-medium text-slate-900 dark:text-slate-100">{eventWords(e.event)}</p>
          {e.detail && <p className="break-words text-slate-700 dark:text-slate-300">{e.detail}</p>}
        </li>
      ))}
    </ol>
  );
}
