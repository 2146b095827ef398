// The audit log: what admins did to accounts (edits, role and plan changes, deletions, role-request reviews,
// sign-outs, two-step resets). Call recordAudit inside the transaction of the change it describes, so an entry
// exists exactly when the change does.
import type { Executor } from '#server/db/client';
import { insertAuditEntry, type AuditLogRow } from './audit.repo.ts';

/** The action types an entry carries, as the audit log shows them. */
export const auditActions = {
  editUser: 'Edit User',
  changeRole: 'Change Role',
  deleteUser: 'Delete User',
  changeSubscription: 'Change Subscription',
  reviewRoleRequest: 'Review Role Request',
  /** An admin signed a user out everywhere (docs/security.md, ASVS 7.4.5). */
  endSessions: 'Sign Out Everywhere',
  /** An admin switched a user's two-step verification off (decision 0024). */
  resetTwoStep: 'Reset Two-Step Verification',
  /** A moderator hid a review's text, removed it from the reputation, or restored it (decision 0044). */
  hideReview: 'Hide Review',
  removeReview: 'Remove Review',
  restoreReview: 'Restore Review',
  /** An admin approved or denied a provider's license or insurance (decision 0046). */
  verifyCredential: 'Verify Credential',
  denyCredential: 'Deny Credential',
} as const;
export type AuditAction = (typeof auditActions)[keyof typeof auditActions] | (string & {});

export interface AuditInput {
  /** Who acted (an admin, or the user themselves); null for the system. */
  actorId: string | null;
  action: AuditAction;
  /** What was acted on: 'user', 'role_request', ... */
  targetType: string;
  targetId: string | null;
  /** Names and emails as they are at the time, before/after values; never a password or token. */
  details?: Record<string, unknown>;
  at: Date;
}

export function recordAudit(db: Executor, input: AuditInput): Promise<AuditLogRow> {
  return insertAuditEntry(db, {
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    details: input.details ?? {},
    createdAt: input.at,
  });
}
