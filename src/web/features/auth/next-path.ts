import type { PublicUser } from '#domain/schemas/user.schema';
import { dashboardPath } from '#domain/permissions';

/** Control characters (browsers drop tabs and newlines from URLs, so `/\t/x` would become `//x`) and backslashes. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A same-site path from a `next` query value, or null when it is missing or points elsewhere. */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || UNSAFE_CHARACTERS.test(next)) return null;
  return next;
}

/** Where a user goes after signing in: unverified users to /email-not-verified, others onwards. */
export function pathAfterLogin(user: PublicUser, next: string | null): string {
  if (!user.emailVerified) return '/email-not-verified';
  return safeNextPath(next) ?? dashboardPath(user.role);
}
