// Security events (docs/security.md): one structured log line per sign-in failure, lockout, role or
// plan change, deletion, password reset, refused access... with `event`, the request's id (`reqId`, from the
// request's own logger, handed to each event) and the client address. The fields are a closed list: a password, token, session id or
// reset code has no field to go in. An unknown account is named by a hash of its email, not the email.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export type SecurityEventName =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.lockout'
  | 'auth.logout'
  | 'auth.email_verified'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'auth.password_change_failed'
  | 'auth.two_step_required'
  | 'auth.two_step_enabled'
  | 'auth.two_step_disabled'
  | 'auth.two_step_failed'
  | 'auth.recovery_code_used'
  | 'auth.recovery_codes_renewed'
  | 'auth.two_step_admin_reset'
  | 'access.denied'
  | 'input.rejected'
  | 'rate_limit.exceeded'
  | 'user.role_changed'
  | 'role_request.denied'
  | 'subscription.plan_changed'
  | 'user.deleted'
  | 'user.sessions_ended'
  | 'auth.session_ended'
  | 'auth.reauth_failed'
  | 'auth.other_sessions_ended'
  | 'account.closed';

/** What an event may carry. Nothing else can be logged through securityEvent. */
export interface SecurityEventFields {
  /** The account the event is about. */
  userId?: string | null;
  /** The account that acted, when it is another one (an admin). */
  actorId?: string | null;
  /** emailHash() of the address given, for events about an address that may have no account. */
  emailHash?: string;
  reason?: string;
  fromRole?: string;
  toRole?: string;
  fromPlan?: string;
  toPlan?: string;
  /** soft or hard (deletions). */
  mode?: string;
  roleRequestId?: string;
  retryAfterSeconds?: number;
  /** The method and path pattern of the route. */
  route?: string;
  /** The names (never the values) of the fields a request got wrong. */
  fields?: string[];
  /** A session's public id (decision 0025), which cannot sign anyone in; never its token or token hash. */
  sessionPublicId?: string;
  /** How many things an event covers (sessions ended). */
  count?: number;
}

/**
 * Where a request came from, as the services that log security events take it: a Fastify request is one. Its
 * logger adds the request's id to each line.
 */
export interface RequestOrigin {
  log: FastifyBaseLogger;
  ip: string;
}

/** A short, stable hash of a normalized email address: ties events about one address together without it. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

const warnings = new Set<SecurityEventName>([
  'auth.login_failed',
  'auth.lockout',
  'auth.password_change_failed',
  'auth.two_step_failed',
  'access.denied',
  'rate_limit.exceeded',
  'auth.reauth_failed',
]);

/**
 * Logs a security event on the request's logger, with its client address; outside a request (scripts), on the
 * logger given.
 */
export function securityEvent(
  event: SecurityEventName,
  fields: SecurityEventFields,
  at: RequestOrigin | { log: FastifyBaseLogger; ip?: undefined },
): void {
  const level = warnings.has(event) ? 'warn' : 'info';
  at.log[level](
    { event, ...fields, ...(at.ip !== undefined ? { ip: at.ip } : {}) },
    `security event ${event}`,
  );
}
