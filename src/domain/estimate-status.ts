// The estimate's status changes as one table: for each action, the statuses it may start from and the status it
// leads to. The server refuses any other change (409 naming both statuses) and the owner's screens offer only the
// actions the current status allows. Setting the status an estimate already has is no change at all, so it is not
// in the table. Deleting is not a status change: the owner deletes an estimate in any status.
import type { EstimateStatus } from './catalog/categories.ts';

export const estimateActions = [
  'post',
  'unpost',
  'complete',
  'acceptBid',
  'cancel',
  'reopen',
  'jobCompleted',
  'jobCancelled',
] as const;
export type EstimateAction = (typeof estimateActions)[number];

export interface EstimateTransition {
  readonly from: readonly EstimateStatus[];
  readonly to: EstimateStatus;
}

export const estimateTransitions: Readonly<Record<EstimateAction, EstimateTransition>> = {
  /** Post: providers see it and may bid. */
  post: { from: ['draft'], to: 'posted' },
  /** Unpost: back among the saved estimates. */
  unpost: { from: ['posted'], to: 'draft' },
  /** Mark as completed: the job is done. */
  complete: { from: ['posted'], to: 'completed' },
  /** Accepting a bid hires its provider: a job starts (decision 0039). */
  acceptBid: { from: ['posted'], to: 'hired' },
  /** Cancel estimate: withdrawn, or never to be posted. */
  cancel: { from: ['draft', 'posted'], to: 'cancelled' },
  /** Reopen as draft. */
  reopen: { from: ['cancelled'], to: 'draft' },
  /** The job completed: the estimate follows (the job's own move, never the owner's request). */
  jobCompleted: { from: ['hired'], to: 'completed' },
  /** The job was cancelled: the estimate follows. */
  jobCancelled: { from: ['hired'], to: 'cancelled' },
};

/**
 * The actions a bid's acceptance and its job take on the estimate: an owner's request for a status never stands
 * for one of them.
 */
export const jobDrivenActions: readonly EstimateAction[] = ['acceptBid', 'jobCompleted', 'jobCancelled'];

export function canTransition(from: EstimateStatus, action: EstimateAction): boolean {
  return estimateTransitions[action].from.includes(from);
}

/** The status `action` leads to from `from`, or null when the action is not allowed there. */
export function nextStatus(from: EstimateStatus, action: EstimateAction): EstimateStatus | null {
  return canTransition(from, action) ? estimateTransitions[action].to : null;
}

/**
 * The actions allowed in `status`, in the table's order (none once completed: it is final), leaving out the ones
 * only the job takes (its completion or cancellation).
 */
export function allowedActions(status: EstimateStatus): EstimateAction[] {
  return estimateActions.filter(
    (a) => a !== 'jobCompleted' && a !== 'jobCancelled' && canTransition(status, a),
  );
}

/**
 * The action a request for status `to` stands for, from `from`; null when no action leads there (or `to` is
 * `from`). Marking as completed comes before accepting a bid in the table, so a request for completed is the
 * former: a bid is accepted only through its own call.
 */
export function actionFor(from: EstimateStatus, to: EstimateStatus): EstimateAction | null {
  return (
    estimateActions.find(
      (a) => !jobDrivenActions.includes(a) && estimateTransitions[a].to === to && canTransition(from, a),
    ) ?? null
  );
}

/** A move into draft is one more saved estimate, so it counts against the plan's saved limit as a save does. */
export function entersDraft(action: EstimateAction): boolean {
  return estimateTransitions[action].to === 'draft';
}

/**
 * The statuses in which the owner may change the title and the description: a draft, and a posted estimate (the
 * bidders are told). A completed estimate is final and a cancelled one is reopened as a draft first (decision
 * 0037).
 */
export const textEditableStatuses: readonly EstimateStatus[] = ['draft', 'posted'];

export function canEditText(status: EstimateStatus): boolean {
  return textEditableStatuses.includes(status);
}

/** Why the owner cannot change the title and the description in `status`. */
export function textEditRefusal(status: EstimateStatus): string {
  return status === 'cancelled'
    ? 'A cancelled estimate cannot be edited. Reopen it as a draft first.'
    : `A ${status} estimate cannot be edited`;
}
