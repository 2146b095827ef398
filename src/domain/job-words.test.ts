import { describe, expect, it } from 'vitest';
import { allowedJobActions, jobStatuses, type JobStatus } from './job-status.ts';
import {
  formatJobDate,
  isLateCancellation,
  jobWaitingWords,
  todayIn,
  type JobViewerRole,
  type JobWordsInput,
} from './job-words.ts';

function job(status: JobStatus, viewerRole: JobViewerRole, over: Partial<JobWordsInput> = {}): JobWordsInput {
  return {
    status,
    viewerRole,
    allowedActions: viewerRole === 'admin' ? [] : allowedJobActions(status, viewerRole),
    proposedDate: null,
    proposedBy: null,
    scheduledDate: status === 'hired' ? null : '2026-12-07',
    autoConfirmAt: status === 'completion_requested' ? '2026-12-20T15:00:00.000Z' : null,
    timeZone: 'UTC',
    customer: { name: 'Casey J.' },
    provider: { name: 'Pat L.', companyName: 'Lee Builders' },
    changeOrders: [],
    ...over,
  };
}

// Every state for every viewer: what the page says the job waits for.
const expected: Record<JobStatus, Record<JobViewerRole, string[]>> = {
  hired: {
    customer: [
      'No start date yet: either of you may propose one, and the other confirms it.',
      'The provider starts the work once a start date is confirmed.',
    ],
    provider: [
      'No start date yet: either of you may propose one, and the other confirms it.',
      'You can start the work once a start date is confirmed.',
    ],
    admin: ['You see this job as an admin: only the customer and the provider act on it.'],
  },
  scheduled: {
    customer: ['Waiting for the provider to start (the agreed start date is Dec 7, 2026).'],
    provider: [],
    admin: ['You see this job as an admin: only the customer and the provider act on it.'],
  },
  in_progress: {
    customer: ['Waiting for the provider to mark the work done.'],
    provider: [],
    admin: ['You see this job as an admin: only the customer and the provider act on it.'],
  },
  completion_requested: {
    customer: ['Without an answer from you, the work counts as done on Dec 20, 2026.'],
    provider: ['Waiting for the customer to confirm the work is done (it confirms itself on Dec 20, 2026).'],
    admin: ['You see this job as an admin: only the customer and the provider act on it.'],
  },
  completed: {
    customer: ['This job is completed: nothing more to do.'],
    provider: ['This job is completed: nothing more to do.'],
    admin: ['You see this job as an admin: only the customer and the provider act on it.'],
  },
  cancelled: {
    customer: ['This job was cancelled: nothing more can be done.'],
    provider: ['This job was cancelled: nothing more can be done.'],
    admin: ['You see this job as an admin: only the customer and the provider act on it.'],
  },
};

describe('jobWaitingWords', () => {
  for (const status of jobStatuses) {
    for (const role of ['customer', 'provider', 'admin'] as const) {
      it(`${status}, seen by the ${role}`, () => {
        expect(jobWaitingWords(job(status, role))).toEqual(expected[status][role]);
      });
    }
  }

  it('names the other party who must confirm a date the viewer proposed', () => {
    const proposed = { proposedDate: '2026-12-09', proposedBy: 'customer' };
    expect(jobWaitingWords(job('hired', 'customer', proposed))[0]).toBe(
      'Waiting for Lee Builders to confirm the date (Dec 9, 2026).',
    );
    expect(jobWaitingWords(job('hired', 'provider', { ...proposed, proposedBy: 'provider' }))[0]).toBe(
      'Waiting for Casey J. to confirm the date (Dec 9, 2026).',
    );
    // The other party proposed it: the viewer confirms it, nothing to wait for on the date.
    expect(jobWaitingWords(job('hired', 'provider', proposed))).toEqual([
      'You can start the work once a start date is confirmed.',
    ]);
    expect(jobWaitingWords(job('scheduled', 'provider', { ...proposed, proposedBy: 'provider' }))[0]).toBe(
      'Waiting for Casey J. to confirm the new date (Dec 9, 2026).',
    );
  });

  it('a provider by name when there is no company', () => {
    const words = jobWaitingWords(
      job('hired', 'customer', {
        proposedDate: '2026-12-09',
        proposedBy: 'customer',
        provider: { name: 'Pat L.', companyName: null },
      }),
    );
    expect(words[0]).toBe('Waiting for Pat L. to confirm the date (Dec 9, 2026).');
  });

  it('tells a provider before the start date when they may start', () => {
    expect(
      jobWaitingWords(job('scheduled', 'provider', { allowedActions: ['proposeDate', 'cancel'] })),
    ).toEqual(['You can start the work on the agreed start date, Dec 7, 2026.']);
  });

  it('tells the provider their change orders wait for the customer', () => {
    const one = job('in_progress', 'provider', {
      changeOrders: [{ status: 'pending' }, { status: 'approved' }],
    });
    expect(jobWaitingWords(one)).toEqual([
      'Waiting for the customer to approve or decline your change order.',
    ]);
    const two = job('in_progress', 'provider', {
      changeOrders: [{ status: 'pending' }, { status: 'pending' }],
    });
    expect(jobWaitingWords(two)).toEqual([
      'Waiting for the customer to approve or decline your 2 change orders.',
    ]);
  });

  it('the self-confirmation date in the job time zone', () => {
    const late = job('completion_requested', 'provider', {
      autoConfirmAt: '2026-12-20T03:00:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(jobWaitingWords(late)[0]).toContain('it confirms itself on Dec 19, 2026');
  });
});

describe('isLateCancellation', () => {
  const scheduled = { scheduledDate: '2026-12-07', timeZone: 'America/New_York' };
  it('is late from 48 hours before the start of the confirmed day, and after it', () => {
    // Dec 7 starts at 05:00 UTC in New York: late from Dec 5, 05:00 UTC.
    expect(isLateCancellation(scheduled, new Date('2026-12-05T04:59:00Z'))).toBe(false);
    expect(isLateCancellation(scheduled, new Date('2026-12-05T05:00:00Z'))).toBe(true);
    expect(isLateCancellation(scheduled, new Date('2026-12-20T00:00:00Z'))).toBe(true);
  });
  it('is never late without a confirmed date', () => {
    expect(isLateCancellation({ scheduledDate: null, timeZone: 'UTC' }, new Date('2030-01-01'))).toBe(false);
  });
});

describe('dates', () => {
  it('writes a calendar date out and finds today in a time zone', () => {
    expect(formatJobDate('2026-12-07')).toBe('Dec 7, 2026');
    expect(todayIn('America/New_York', new Date('2026-12-07T03:00:00Z'))).toBe('2026-12-06');
    expect(todayIn('UTC', new Date('2026-12-07T03:00:00Z'))).toBe('2026-12-07');
  });
});
