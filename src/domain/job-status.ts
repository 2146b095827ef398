// The job's states as one table (decision 0039): for each action, the states it may start from, the state it
// leads to, and who may take it. The server refuses any other move (409 naming the state; 403 for the wrong
// party) and the job page offers only the actions the table allows the viewer now.
export const jobStatuses = [
  'hired',
  'scheduled',
  'in_progress',
  'completion_requested',
  'completed',
  'cancelled',
] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const changeOrderStatuses = ['pending', 'approved', 'declined'] as const;
export type ChangeOrderStatus = (typeof changeOrderStatuses)[number];

/** Who acts on a job: one of its two parties, or the system (a timed move, an account closed). */
export type JobActor = 'customer' | 'provider' | 'system';

export const jobActions = [
  'proposeDate',
  'confirmDate',
  'start',
  'complete',
  'confirm',
  'autoConfirm',
  'reopen',
  'cancel',
  'closeAccount',
  'proposeChange',
  'decideChange',
] as const;
export type JobAction = (typeof jobActions)[number];

export interface JobTransition {
  readonly from: readonly JobStatus[];
  /** The state the action leads to; null when it leaves the state as it is (a proposal, a change order). */
  readonly to: JobStatus | null;
  readonly actors: readonly JobActor[];
}

const parties = ['customer', 'provider'] as const;
/** The states before the end: a job in any of them is open. */
export const openJobStatuses: readonly JobStatus[] = [
  'hired',
  'scheduled',
  'in_progress',
  'completion_requested',
];

export const jobTransitions: Readonly<Record<JobAction, JobTransition>> = {
  /** Either party proposes a start date (today or later); while scheduled, a new one. */
  proposeDate: { from: ['hired', 'scheduled'], to: null, actors: parties },
  /** The other party confirms the proposed date. */
  confirmDate: { from: ['hired', 'scheduled'], to: 'scheduled', actors: parties },
  /** The provider starts, on or after the confirmed date. */
  start: { from: ['scheduled'], to: 'in_progress', actors: ['provider'] },
  /** The provider marks the work done. */
  complete: { from: ['in_progress'], to: 'completion_requested', actors: ['provider'] },
  /** The customer confirms the work is done. */
  confirm: { from: ['completion_requested'], to: 'completed', actors: ['customer'] },
  /** Seven days without an answer confirm it. */
  autoConfirm: { from: ['completion_requested'], to: 'completed', actors: ['system'] },
  /** The customer sends it back, with a reason. */
  reopen: { from: ['completion_requested'], to: 'in_progress', actors: ['customer'] },
  /** Either party cancels before completion, with a reason. */
  cancel: { from: openJobStatuses, to: 'cancelled', actors: parties },
  /** Closing an account cancels its open jobs (never late). */
  closeAccount: { from: openJobStatuses, to: 'cancelled', actors: ['system'] },
  /** The provider proposes a change to the price. */
  proposeChange: { from: ['hired', 'scheduled', 'in_progress'], to: null, actors: ['provider'] },
  /** The customer approves or declines a pending change order (also once the work is marked done). */
  decideChange: {
    from: ['hired', 'scheduled', 'in_progress', 'completion_requested'],
    to: null,
    actors: ['customer'],
  },
};

export type JobMove = { ok: true; to: JobStatus } | { ok: false; refusal: 'actor' | 'state' };

/**
 * Whether `actor` may take `action` in `status`, and the state it leads to. The wrong party is refused first
 * (`actor`: 403), then a move the state does not allow (`state`: 409).
 */
export function jobMove(status: JobStatus, action: JobAction, actor: JobActor): JobMove {
  const t = jobTransitions[action];
  if (!t.actors.includes(actor)) return { ok: false, refusal: 'actor' };
  if (!t.from.includes(status)) return { ok: false, refusal: 'state' };
  return { ok: true, to: t.to ?? status };
}

/** The actions `actor` may take in `status`, in the table's order. */
export function allowedJobActions(status: JobStatus, actor: JobActor): JobAction[] {
  return jobActions.filter((a) => jobMove(status, a, actor).ok);
}

export const isOpenJob = (status: JobStatus) => openJobStatuses.includes(status);

/** The words each state reads as. */
export const jobStatusLabels: Readonly<Record<JobStatus, string>> = {
  hired: 'Hired',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completion_requested: 'Completion requested',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
