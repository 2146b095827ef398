import type { PublicUser } from '#domain/schemas/user.schema';
import { dashboardPath } from '#domain/permissions';

/** A same-site path from a `next` query value, or null when it is missing or points elsewhere. */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** Where a user goes after signing in: unverified users to /email-not-verified, others onwards. */
export function pathAfterLogin(user: PublicUser, next: string | null): string {
  if (!user.emailVerified) return '/email-not-verified';
  return safeNextPath(next) ?? dashboardPath(user.role);
}
