// Typed answers of the jobs API for the web tests: a job as its page reads it and a row of the jobs list, with
// defaults a test overrides field by field.
import { allowedJobActions } from '#domain/job-status';
import type { Job, JobListItem } from '#domain/schemas/job.schema';

/** A hired kitchen job seen by its customer, with no start date yet; allowedActions follow the state table. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  const status = overrides.status ?? 'hired';
  const viewerRole = overrides.viewerRole ?? 'customer';
  return {
    id: 'j1',
    estimateId: 'e1',
    estimateTitle: 'Kitchen Remodel - Kitchen',
    status,
    agreedPrice: 2400,
    total: 2400,
    estimateMin: 1900.8,
    estimateMax: 2851.2,
    timeZone: 'UTC',
    proposedDate: null,
    proposedBy: null,
    scheduledDate: null,
    completionNote: null,
    photos: [],
    cancelReason: null,
    lateCancellation: false,
    autoConfirmAt: null,
    changeOrders: [],
    timeline: [
      {
        at: '2026-11-20T10:00:00.000Z',
        actor: 'customer',
        event: 'hired',
        detail: 'Hired Lee Builders for $2,400',
      },
    ],
    customer: { id: 'c1', name: 'Casey J.', city: 'Jacksonville' },
    provider: { id: 'p1', name: 'Pat L.', companyName: 'Lee Builders' },
    viewerRole,
    allowedActions: viewerRole === 'admin' ? [] : allowedJobActions(status, viewerRole),
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeJobListItem(overrides: Partial<JobListItem> = {}): JobListItem {
  return {
    id: 'j1',
    estimateId: 'e1',
    estimateTitle: 'Kitchen Remodel - Kitchen',
    status: 'hired',
    total: 2400,
    scheduledDate: null,
    otherParty: 'Lee Builders',
    viewerRole: 'customer',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
