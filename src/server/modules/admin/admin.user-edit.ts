// The Edit User dialog as a plan: from the user's row as it is, the form and the time, what to write, the audit
// entries that describe it, the security events to log once it is saved, and whether it could leave no active
// admin. Nothing here reads the database or the clock; the apply step (admin.users.ts) locks, checks and writes.
import type { z } from 'zod';
import { addDays, iso } from '#domain/dates';
import { effectiveRole } from '#domain/permissions';
import { DEFAULT_RENEWAL_DAYS, subscriptionIsActive, type ProviderPlanId } from '#domain/plans';
import type { adminEditUserSchema } from '#domain/schemas/admin-api.schema';
import type { SecurityEventFields, SecurityEventName } from '#server/lib/security-log';
import { auditActions, type AuditAction } from '#server/modules/audit';
import * as users from '#server/modules/users';
import type { UserPatch, UserRow } from '#server/modules/users';

export type AdminEditUserBody = z.output<typeof adminEditUserSchema>;

/** An audit entry's `changes`: each field that changed, from what to what. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export interface UserEditPlan {
  /** What to write on the user's row; empty when the form changes nothing. */
  patch: UserPatch;
  /**
   * One entry per kind of change that happened, in this order: Edit User (names, email), Change Role (role,
   * admin expiry), Change Subscription (plan). None when nothing changes.
   */
  audit: { action: AuditAction; changes: Changes }[];
  /** Logged after the change is saved; the apply step adds who acted and on whom. */
  securityEvents: { event: SecurityEventName; fields: Omit<SecurityEventFields, 'actorId' | 'userId'> }[];
  /** The change ends an admin's role now: refused when it would leave no active admin. */
  mustKeepOneAdmin: boolean;
}

/**
 * Plans an edit: names; email (a new address is unconfirmed until its owner confirms it; the apply step checks
 * it is not another account's); role; an admin's expiry (kept when the form leaves it out and the user already
 * is an admin, cleared for any other role); a provider's plan; and the tasks the resulting plan allows.
 */
export function planUserEdit(row: UserRow, body: AdminEditUserBody, now: Date): UserEditPlan {
  const patch: UserPatch = {};
  const edits: Changes = {};
  const roleEdits: Changes = {};
  const planEdits: Changes = {};
  let mustKeepOneAdmin = false;

  for (const key of ['firstName', 'lastName'] as const) {
    if (body[key] !== row[key]) {
      patch[key] = body[key];
      edits[key] = { from: row[key], to: body[key] };
    }
  }
  const email = users.normalizeEmail(body.email);
  if (email !== row.email) {
    patch.email = email;
    patch.emailVerifiedAt = null;
    edits.email = { from: row.email, to: email };
  }

  if (body.role !== row.role) {
    if (row.role === 'admin') mustKeepOneAdmin = true;
    patch.role = body.role;
    roleEdits.role = { from: row.role, to: body.role };
  }
  const expiry = adminExpiry(row, body);
  if (iso(expiry) !== iso(row.adminExpiresAt)) {
    if (row.role === 'admin' && effectiveRole(row, now) === 'admin' && expiry && expiry <= now) {
      mustKeepOneAdmin = true;
    }
    patch.adminExpiresAt = expiry;
    roleEdits.adminExpiresAt = { from: iso(row.adminExpiresAt), to: iso(expiry) };
  }

  if (body.role === 'provider' && body.subscriptionPlan && body.subscriptionPlan !== row.subscriptionPlan) {
    Object.assign(patch, planPatch(row, body.subscriptionPlan, now));
    planEdits.subscriptionPlan = { from: row.subscriptionPlan, to: body.subscriptionPlan };
  }
  if (patch.role !== undefined || patch.subscriptionPlan !== undefined) {
    Object.assign(patch, users.tasksTrimmedFor(row, patch.subscriptionPlan ?? row.subscriptionPlan));
  }

  const audit = (
    [
      [auditActions.editUser, edits],
      [auditActions.changeRole, roleEdits],
      [auditActions.changeSubscription, planEdits],
    ] as const
  )
    .filter(([, changes]) => Object.keys(changes).length > 0)
    .map(([action, changes]) => ({ action, changes }));

  const securityEvents: UserEditPlan['securityEvents'] = [];
  if (patch.role !== undefined) {
    securityEvents.push({
      event: 'user.role_changed',
      fields: { fromRole: row.role, toRole: patch.role, reason: 'admin_edit' },
    });
  }
  if (patch.subscriptionPlan !== undefined) {
    securityEvents.push({
      event: 'subscription.plan_changed',
      fields: { fromPlan: row.subscriptionPlan, toPlan: patch.subscriptionPlan, reason: 'admin_edit' },
    });
  }

  return { patch, audit, securityEvents, mustKeepOneAdmin };
}

/** The admin expiry the form asks for: only an admin has one; left out, an admin keeps the one they have. */
function adminExpiry(row: UserRow, body: AdminEditUserBody): Date | null {
  if (body.role !== 'admin') return null;
  if (body.adminExpiresAt === undefined) return row.role === 'admin' ? row.adminExpiresAt : null;
  return body.adminExpiresAt === null ? null : new Date(body.adminExpiresAt);
}

/** A plan an admin grants is in force: a provider whose trial ran out gets a paid period (default 30 days). */
function planPatch(row: UserRow, plan: ProviderPlanId, now: Date): UserPatch {
  const next = { ...row, subscriptionPlan: plan };
  if (plan === 'free' || subscriptionIsActive(next, now)) return { subscriptionPlan: plan };
  return { subscriptionPlan: plan, subscriptionExpiryDate: addDays(now, DEFAULT_RENEWAL_DAYS) };
}
