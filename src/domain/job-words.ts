// What the job page says about a job: for what the viewer cannot do now, why (who the job waits for), the
// dates the parties agree written out, and whether a cancellation now would count as late. Pure: the current
// time is always passed in.
import { zonedDayStart } from './dates.ts';
import type { JobStatus } from './job-status.ts';
import { JOB_LATE_CANCEL_HOURS } from './schemas/job.schema.ts';

export type JobViewerRole = 'customer' | 'provider' | 'admin';

export interface JobWordsParty {
  name: string;
  companyName?: string | null;
}

/** What the sentences read of a job (the job page's answer fits). */
export interface JobWordsInput {
  status: JobStatus;
  viewerRole: JobViewerRole;
  allowedActions: readonly string[];
  proposedDate: string | null;
  proposedBy: string | null;
  scheduledDate: string | null;
  autoConfirmAt: string | null;
  timeZone: string;
  customer: JobWordsParty;
  provider: JobWordsParty;
  changeOrders: readonly { status: string }[];
}

/** A party as the other reads it: a provider by their company when they have one. */
export function partyName(p: JobWordsParty): string {
  return p.companyName?.trim() || p.name;
}

/** "Dec 7, 2026" from a calendar date (YYYY-MM-DD); the text itself when it is not one. */
export function formatJobDate(ymd: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return ymd;
  const d = new Date(`${ymd}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return ymd;
  return d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Dec 7, 2026" from an instant, as the calendar reads in `timeZone`. */
export function formatJobInstant(value: string, timeZone: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return d.toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
  } catch {
    return d.toLocaleDateString('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
  }
}

/** Today's calendar date (YYYY-MM-DD) in `timeZone`: the earliest start date a party may propose. */
export function todayIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * Whether cancelling at `now` is late: a start date has been confirmed and `now` is within 48 hours of the start
 * of that day in the job's time zone, or after it.
 */
export function isLateCancellation(
  job: Pick<JobWordsInput, 'scheduledDate' | 'timeZone'>,
  now: Date,
): boolean {
  if (!job.scheduledDate) return false;
  let start: Date;
  try {
    start = zonedDayStart(job.scheduledDate, job.timeZone);
  } catch {
    start = zonedDayStart(job.scheduledDate, 'UTC');
  }
  return now.getTime() >= start.getTime() - JOB_LATE_CANCEL_HOURS * 3_600_000;
}

const can = (job: JobWordsInput, action: string) => job.allowedActions.includes(action);

/**
 * The sentences that say why the viewer cannot move the job on now: who it waits for, and until when. Empty
 * when the next move is the viewer's own (the page offers it as an action instead).
 */
export function jobWaitingWords(job: JobWordsInput): string[] {
  const role = job.viewerRole;
  const customer = job.customer.name;
  const provider = partyName(job.provider);
  const pendingChanges = job.changeOrders.filter((c) => c.status === 'pending').length;
  const words: string[] = [];

  if (role === 'admin') {
    words.push('You see this job as an admin: only the customer and the provider act on it.');
    return words;
  }
  const other = role === 'customer' ? provider : customer;

  switch (job.status) {
    case 'hired':
    case 'scheduled': {
      const proposal = job.proposedDate && job.proposedBy;
      if (proposal && job.proposedBy === role) {
        const what = job.status === 'scheduled' ? 'the new date' : 'the date';
        words.push(`Waiting for ${other} to confirm ${what} (${formatJobDate(job.proposedDate!)}).`);
      }
      if (job.status === 'hired') {
        if (!proposal) {
          words.push('No start date yet: either of you may propose one, and the other confirms it.');
        }
        words.push(
          role === 'provider'
            ? 'You can start the work once a start date is confirmed.'
            : 'The provider starts the work once a start date is confirmed.',
        );
        break;
      }
      const date = job.scheduledDate ? formatJobDate(job.scheduledDate) : null;
      if (role === 'customer') {
        words.push(`Waiting for the provider to start${date ? ` (the agreed start date is ${date})` : ''}.`);
      } else if (!can(job, 'start')) {
        words.push(`You can start the work on the agreed start date${date ? `, ${date}` : ''}.`);
      }
      break;
    }
    case 'in_progress':
      if (role === 'customer') words.push('Waiting for the provider to mark the work done.');
      break;
    case 'completion_requested': {
      const auto = job.autoConfirmAt ? formatJobInstant(job.autoConfirmAt, job.timeZone) : '';
      if (role === 'provider') {
        words.push(
          `Waiting for the customer to confirm the work is done${auto ? ` (it confirms itself on ${auto})` : ''}.`,
        );
      } else if (auto) {
        words.push(`Without an answer from you, the work counts as done on ${auto}.`);
      }
      break;
    }
    case 'completed':
      words.push('This job is completed: nothing more to do.');
      break;
    case 'cancelled':
      words.push('This job was cancelled: nothing more can be done.');
      break;
  }

  if (role === 'provider' && pendingChanges > 0) {
    words.push(
      pendingChanges === 1
        ? 'Waiting for the customer to approve or decline your change order.'
        : `Waiting for the customer to approve or decline your ${pendingChanges} change orders.`,
    );
  }
  return words;
}
