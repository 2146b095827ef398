// The job's state table, every state x action x actor written out: the state a move leads to, 403 for the wrong
// party, 409 for a state the action does not start from. A change to the table must change this test with it.
import { describe, expect, it } from 'vitest';
import {
  allowedJobActions,
  isOpenJob,
  jobActions,
  jobMove,
  jobStatuses,
  type JobAction,
  type JobActor,
  type JobStatus,
} from './job-status.ts';

const actors: readonly JobActor[] = ['customer', 'provider', 'system'];

// action        state                 customer              provider              system
const table = `
  proposeDate   hired                 hired                 hired                 403
  proposeDate   scheduled             scheduled             scheduled             403
  proposeDate   in_progress           409                   409                   403
  proposeDate   completion_requested  409                   409                   403
  proposeDate   completed             409                   409                   403
  proposeDate   cancelled             409                   409                   403
  confirmDate   hired                 scheduled             scheduled             403
  confirmDate   scheduled             scheduled             scheduled             403
  confirmDate   in_progress           409                   409                   403
  confirmDate   completion_requested  409                   409                   403
  confirmDate   completed             409                   409                   403
  confirmDate   cancelled             409                   409                   403
  start         hired                 403                   409                   403
  start         scheduled             403                   in_progress           403
  start         in_progress           403                   409                   403
  start         completion_requested  403                   409                   403
  start         completed             403                   409                   403
  start         cancelled             403                   409                   403
  complete      hired                 403                   409                   403
  complete      scheduled             403                   409                   403
  complete      in_progress           403                   completion_requested  403
  complete      completion_requested  403                   409                   403
  complete      completed             403                   409                   403
  complete      cancelled             403                   409                   403
  confirm       hired                 409                   403                   403
  confirm       scheduled             409                   403                   403
  confirm       in_progress           409                   403                   403
  confirm       completion_requested  completed             403                   403
  confirm       completed             409                   403                   403
  confirm       cancelled             409                   403                   403
  autoConfirm   hired                 403                   403                   409
  autoConfirm   scheduled             403                   403                   409
  autoConfirm   in_progress           403                   403                   409
  autoConfirm   completion_requested  403                   403                   completed
  autoConfirm   completed             403                   403                   409
  autoConfirm   cancelled             403                   403                   409
  reopen        hired                 409                   403                   403
  reopen        scheduled             409                   403                   403
  reopen        in_progress           409                   403                   403
  reopen        completion_requested  in_progress           403                   403
  reopen        completed             409                   403                   403
  reopen        cancelled             409                   403                   403
  cancel        hired                 cancelled             cancelled             403
  cancel        scheduled             cancelled             cancelled             403
  cancel        in_progress           cancelled             cancelled             403
  cancel        completion_requested  cancelled             cancelled             403
  cancel        completed             409                   409                   403
  cancel        cancelled             409                   409                   403
  closeAccount  hired                 403                   403                   cancelled
  closeAccount  scheduled             403                   403                   cancelled
  closeAccount  in_progress           403                   403                   cancelled
  closeAccount  completion_requested  403                   403                   cancelled
  closeAccount  completed             403                   403                   409
  closeAccount  cancelled             403                   403                   409
  proposeChange hired                 403                   hired                 403
  proposeChange scheduled             403                   scheduled             403
  proposeChange in_progress           403                   in_progress           403
  proposeChange completion_requested  403                   409                   403
  proposeChange completed             403                   409                   403
  proposeChange cancelled             403                   409                   403
  decideChange  hired                 hired                 403                   403
  decideChange  scheduled             scheduled             403                   403
  decideChange  in_progress           in_progress           403                   403
  decideChange  completion_requested  completion_requested  403                   403
  decideChange  completed             409                   403                   403
  decideChange  cancelled             409                   403                   403
`;

const rows = table
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/) as [JobAction, JobStatus, string, string, string]);

const cell = (m: ReturnType<typeof jobMove>) => (m.ok ? m.to : m.refusal === 'actor' ? '403' : '409');

describe('the job state table', () => {
  it('writes out every state, action and actor exactly once', () => {
    expect(rows).toHaveLength(jobActions.length * jobStatuses.length);
    const pairs = new Set(rows.map(([a, s]) => `${a} ${s}`));
    expect(pairs.size).toBe(rows.length);
    for (const a of jobActions) for (const s of jobStatuses) expect(pairs.has(`${a} ${s}`)).toBe(true);
  });

  it.each(rows)('%s in %s: customer %s, provider %s, system %s', (action, status, ...outcomes) => {
    actors.forEach((actor, i) => expect(cell(jobMove(status, action, actor))).toBe(outcomes[i]));
  });

  it('offers each actor exactly the actions the table allows it', () => {
    for (const status of jobStatuses) {
      for (const [i, actor] of actors.entries()) {
        const allowed = rows.filter(([, s, ...o]) => s === status && !/^40\d$/.test(o[i]!)).map(([a]) => a);
        expect(allowedJobActions(status, actor)).toEqual(allowed);
      }
    }
  });

  it('counts a job open until it is completed or cancelled', () => {
    expect(jobStatuses.filter((s) => isOpenJob(s))).toEqual([
      'hired',
      'scheduled',
      'in_progress',
      'completion_requested',
    ]);
  });

  it('leaves the finished states by no move at all', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      for (const actor of actors) expect(allowedJobActions(status, actor)).toEqual([]);
    }
  });
});
