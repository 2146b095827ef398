import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateStatuses, type EstimateStatus } from './catalog/categories.ts';
import {
  actionFor,
  allowedActions,
  canEditText,
  canTransition,
  entersDraft,
  estimateActions,
  estimateTransitions,
  nextStatus,
  textEditRefusal,
  type EstimateAction,
  jobDrivenActions,
} from './estimate-status.ts';

/** Every (status, action) pair written out: the status it leads to, or null where it is refused. */
const expected: Record<EstimateStatus, Record<EstimateAction, EstimateStatus | null>> = {
  draft: {
    post: 'posted',
    unpost: null,
    complete: null,
    acceptBid: null,
    cancel: 'cancelled',
    reopen: null,
    jobCompleted: null,
    jobCancelled: null,
  },
  posted: {
    post: null,
    unpost: 'draft',
    complete: 'completed',
    acceptBid: 'hired',
    cancel: 'cancelled',
    reopen: null,
    jobCompleted: null,
    jobCancelled: null,
  },
  hired: {
    post: null,
    unpost: null,
    complete: null,
    acceptBid: null,
    cancel: null,
    reopen: null,
    jobCompleted: 'completed',
    jobCancelled: 'cancelled',
  },
  completed: {
    post: null,
    unpost: null,
    complete: null,
    acceptBid: null,
    cancel: null,
    reopen: null,
    jobCompleted: null,
    jobCancelled: null,
  },
  cancelled: {
    post: null,
    unpost: null,
    complete: null,
    acceptBid: null,
    cancel: null,
    reopen: 'draft',
    jobCompleted: null,
    jobCancelled: null,
  },
};

const pairs = estimateStatuses.flatMap((s) => estimateActions.map((a) => [s, a] as const));
const status = fc.constantFrom(...estimateStatuses);
const action = fc.constantFrom(...estimateActions);

describe('estimate status table', () => {
  it.each(pairs)('%s + %s', (from, a) => {
    expect(nextStatus(from, a)).toBe(expected[from][a]);
    expect(canTransition(from, a)).toBe(expected[from][a] !== null);
  });

  it('allowedActions lists the allowed actions of each status in the table order; completed is final', () => {
    expect(allowedActions('draft')).toEqual(['post', 'cancel']);
    expect(allowedActions('posted')).toEqual(['unpost', 'complete', 'acceptBid', 'cancel']);
    expect(allowedActions('cancelled')).toEqual(['reopen']);
    expect(allowedActions('completed')).toEqual([]);
  });

  it('Unpost and Reopen enter draft (the saved limit counts them); no other action does', () => {
    expect(estimateActions.filter(entersDraft)).toEqual(['unpost', 'reopen']);
  });

  it('a request for a status is the action that leads there; completed is Mark as completed, not a bid', () => {
    expect(actionFor('draft', 'posted')).toBe('post');
    expect(actionFor('posted', 'draft')).toBe('unpost');
    expect(actionFor('cancelled', 'draft')).toBe('reopen');
    expect(actionFor('posted', 'completed')).toBe('complete');
    expect(actionFor('draft', 'completed')).toBeNull();
    expect(actionFor('completed', 'draft')).toBeNull();
    expect(actionFor('posted', 'posted')).toBeNull();
  });

  it('property: no action leads out of the known statuses, nor from a status back to itself', () => {
    fc.assert(
      fc.property(status, action, (from, a) => {
        const to = nextStatus(from, a);
        if (to === null) return;
        expect(estimateStatuses).toContain(to);
        expect(to).not.toBe(from);
        if (a !== 'jobCompleted' && a !== 'jobCancelled') expect(allowedActions(from)).toContain(a);
      }),
    );
  });

  it('property: any run of actions stays within the known statuses and nothing leaves completed', () => {
    fc.assert(
      fc.property(status, fc.array(action, { maxLength: 12 }), (start, run) => {
        let s: EstimateStatus = start;
        for (const a of run) {
          const to = nextStatus(s, a);
          if (s === 'completed') expect(to).toBeNull();
          s = to ?? s;
          expect(estimateStatuses).toContain(s);
        }
      }),
    );
  });

  it('property: a request for a status is allowed exactly when some action leads there from the current one', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        const a = actionFor(from, to);
        const byOwner = Object.entries(expected[from]).filter(
          ([action]) => !jobDrivenActions.includes(action as EstimateAction),
        );
        expect(a !== null).toBe(byOwner.some(([, s]) => s === to));
        if (a) expect(nextStatus(from, a)).toBe(to);
      }),
    );
  });

  it('every action starts from at least one status and leads to a known one', () => {
    for (const a of estimateActions) {
      expect(estimateTransitions[a].from.length).toBeGreaterThan(0);
      expect(estimateStatuses).toContain(estimateTransitions[a].to);
    }
  });
});

describe('editing the title and the description', () => {
  it('is allowed while draft or posted; completed and cancelled say why not', () => {
    expect(estimateStatuses.filter(canEditText)).toEqual(['draft', 'posted']);
    expect(textEditRefusal('completed')).toBe('A completed estimate cannot be edited');
    expect(textEditRefusal('cancelled')).toBe(
      'A cancelled estimate cannot be edited. Reopen it as a draft first.',
    );
  });
});
