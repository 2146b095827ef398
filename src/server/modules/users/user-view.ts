import type { PublicUser } from '#domain/schemas/user.schema';
import { iso } from '#domain/dates';
import { effectiveRole } from '#domain/permissions';
import {
  effectiveCustomerPlan,
  effectiveProviderPlan,
  tasksForPlan,
  type ProviderAccessSubject,
} from '#domain/plans';
import type { UserPatch, UserRow } from './users.repo.ts';

/**
 * The plan in force now: a provider's lapsed trial or paid period is free (no access), and so is a customer's
 * premium whose trial or paid period ended. The stored dates stay on the profile for the account page.
 */
export function planInForce(u: UserRow, now: Date): PublicUser['subscriptionPlan'] {
  return effectiveRole(u, now) === 'provider' ? effectiveProviderPlan(u, now) : effectiveCustomerPlan(u, now);
}

/** The user as the API shows it: the role in force now, never the hash. */
export function toPublicUser(u: UserRow, now: Date): PublicUser {
  return {
    id: u.id,
    email: u.email,
    role: effectiveRole(u, now),
    firstName: u.firstName,
    lastName: u.lastName,
    emailVerified: u.emailVerifiedAt != null,
    subscriptionPlan: planInForce(u, now),
    createdAt: u.createdAt.toISOString(),
    lastActiveAt: iso(u.lastActiveAt),
    adminExpiresAt: iso(u.adminExpiresAt),
  };
}

/** The provider's plan and task entries as the category-access rules (canAccess) read them. */
export function providerAccessSubject(
  u: Pick<
    UserRow,
    | 'subscriptionPlan'
    | 'trialEndDate'
    | 'hasUsedTrial'
    | 'subscriptionExpiryDate'
    | 'selectedCategory'
    | 'selectedTasks'
  >,
): ProviderAccessSubject {
  return {
    subscriptionPlan: u.subscriptionPlan,
    trialEndDate: u.trialEndDate,
    hasUsedTrial: u.hasUsedTrial,
    subscriptionExpiryDate: u.subscriptionExpiryDate,
    tasks: (u.selectedTasks ?? []).map((task) => ({ category: u.selectedCategory ?? '', task })),
  };
}

/**
 * The part of a plan or role change that trims the tasks: the tasks `plan` keeps (starter: the first), as a patch
 * only when some go. Every writer of a plan or role applies it, so a starter account never holds a second task.
 */
export function tasksTrimmedFor(u: Pick<UserRow, 'selectedTasks'>, plan: string): UserPatch {
  const kept = tasksForPlan(plan, u.selectedTasks);
  return kept.length === u.selectedTasks.length ? {} : { selectedTasks: kept };
}
