import type { PublicUser } from '#domain/schemas/user.schema';
import { effectiveRole } from '#domain/permissions';
import type { UserRow } from './users.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user as the API shows it: the role in force now, never the hash. */
export function toPublicUser(u: UserRow, now: Date): PublicUser {
  return {
    id: u.id,
    email: u.email,
    role: effectiveRole(u, now),
    firstName: u.firstName,
    lastName: u.lastName,
    emailVerified: u.emailVerifiedAt != null,
    subscriptionPlan: u.subscriptionPlan,
    createdAt: u.createdAt.toISOString(),
    lastActiveAt: iso(u.lastActiveAt),
    adminExpiresAt: iso(u.adminExpiresAt),
  };
}
