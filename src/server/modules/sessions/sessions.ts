// Sign-in sessions: a 256-bit random token in an HttpOnly cookie, its hash in the sessions table. Creating,
// ending and resolving sessions happens here; the session plugin calls resolveSession once per request.
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '#server/config';
import type { AppEventBus } from '#server/core/app-events';
import type { Executor } from '#server/db/client';
import { hashToken, newToken } from '#server/lib/tokens';
import type { UserRow } from '#server/modules/users';
import * as repo from './sessions.repo.ts';
import { isUuid } from '#domain/ids';

/** The session cookie outside production (browsers refuse `__Host-` cookies without https). */
export const SESSION_COOKIE = 'sid';
/**
 * The session cookie in production: the `__Host-` prefix makes the browser accept it only when it is Secure,
 * Path=/ and without Domain, so no subdomain or plain-http page can set or overwrite it (cookie tossing).
 */
export const SECURE_SESSION_COOKIE = '__Host-sid';

/** The name of the session cookie under these settings. */
export const sessionCookieName = (settings: SessionSettings) =>
  settings.secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
/** lastActiveAt / lastSeenAt are refreshed at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionSettings {
  idleMinutes: number;
  /** A sign-in without remember-me ends this long after it began, however active (activity slides only the idle window). */
  absoluteHours: number;
  rememberDays: number;
  secureCookie: boolean;
}

/** The session settings of a configuration. */
export function sessionSettings(config: AppConfig): SessionSettings {
  return {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    rememberDays: config.SESSION_REMEMBER_DAYS,
    secureCookie: config.isProduction,
  };
}

/** When a browser-session sign-in made at `createdAt` ends if it stays active: the absolute lifetime. */
const absoluteEnd = (settings: SessionSettings, createdAt: Date) =>
  createdAt.getTime() + settings.absoluteHours * 3_600_000;

/** The next expiry of a browser-session sign-in: the idle window from now, capped by the absolute lifetime. */
const idleExpiry = (settings: SessionSettings, createdAt: Date, now: Date) =>
  new Date(Math.min(now.getTime() + settings.idleMinutes * 60_000, absoluteEnd(settings, createdAt)));

export async function createSession(
  db: Executor,
  settings: SessionSettings,
  userId: string,
  opts: { persistent: boolean; userAgent?: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = opts.persistent
    ? new Date(opts.now.getTime() + settings.rememberDays * 86_400_000)
    : idleExpiry(settings, opts.now, opts.now);
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    persistent: opts.persistent,
    createdAt: opts.now,
    lastSeenAt: opts.now,
    expiresAt,
    userAgent: opts.userAgent?.slice(0, 500),
  });
  await repo.touchUserActivity(db, userId, opts.now);
  return { token, expiresAt };
}

/**
 * The live session of a cookie token and its user, or null (unknown, expired, or the user is deleted). An expired
 * row is removed. A browser-session login slides its idle window forward, but never past its absolute lifetime from
 * createdAt (SESSION_ABSOLUTE_HOURS); remember-me keeps its fixed lifetime. With `twoStep` (ADMIN_TWO_STEP=required,
 * decision 0028) the same one statement also reads whether the user has two-step verification on; without it
 * `twoStepOn` is null (not read).
 */
export async function resolveSession(
  db: Executor,
  settings: SessionSettings,
  token: string,
  now: Date,
  opts: { twoStep?: boolean } = {},
): Promise<{ tokenHash: string; user: UserRow; twoStepOn: boolean | null } | null> {
  const tokenHash = hashToken(token);
  const row = opts.twoStep
    ? await repo.findSessionWithUserAndTwoStep(db, tokenHash)
    : await repo.findSessionWithUser(db, tokenHash);
  if (!row) return null;
  const { session } = row;
  const ended =
    session.expiresAt <= now ||
    (!session.persistent && now.getTime() >= absoluteEnd(settings, session.createdAt));
  if (ended) {
    await repo.deleteSession(db, tokenHash);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const expiresAt = session.persistent ? session.expiresAt : idleExpiry(settings, session.createdAt, now);
    await repo.touchSession(db, tokenHash, now, expiresAt);
    await repo.touchUserActivity(db, row.user.id, now);
  }
  const twoStepOn = 'twoStepEnabledAt' in row ? row.twoStepEnabledAt !== null : null;
  return { tokenHash, user: row.user, twoStepOn };
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: SessionSettings,
  token: string,
  persistent: boolean,
  expiresAt: Date,
) {
  reply.setCookie(sessionCookieName(settings), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
    // Remember-me: a dated cookie; otherwise a browser-session cookie (the row still has an idle timeout).
    ...(persistent ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings) {
  reply.clearCookie(sessionCookieName(settings), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
  });
}

/** What ending a session publishes on (the app's event bus: the realtime channel closes the session's sockets). */
export type SessionEvents = Pick<AppEventBus, 'publish'>;

/**
 * The /ws heartbeat's check and presence in one statement (decision 0043): marks these sessions as having an open
 * socket at `now` and says which of them are still live (the realtime channel closes the sockets of one that
 * expired; a session ended through destroySession closes at once).
 */
export const socketsSeen = repo.markSocketsSeen;

/** Which of these users have a page of the app open (a live session's socket seen at `seenSince` or later). */
export const usersWithOpenPage = repo.usersWithOpenPage;

export async function destroySession(db: Executor, events: SessionEvents, tokenHash: string): Promise<void> {
  await repo.deleteSession(db, tokenHash);
  await events.publish(db, 'sessionsEnded', { tokenHash });
}

/**
 * A new token for a live session after its user authenticated again (ASVS 7.2.4): the same sign-in (public id,
 * start, lifetime, device), the old token refused from now on; the session's open sockets carry on under the new
 * one. Sets the cookie; nothing when the session is gone (it was the one just ended).
 */
export async function renewSession(
  db: Executor,
  events: SessionEvents,
  settings: SessionSettings,
  reply: FastifyReply,
  tokenHash: string,
): Promise<void> {
  const token = newToken();
  const renewedTo = hashToken(token);
  const kept = await repo.renewTokenHash(db, tokenHash, renewedTo);
  if (!kept) return;
  await events.publish(db, 'sessionsEnded', { tokenHash, renewedTo });
  setSessionCookie(reply, settings, token, kept.persistent, kept.expiresAt);
}

/** Ends every session of the user but `exceptTokenHash`, if given; how many ended. */
export async function destroyUserSessions(
  db: Executor,
  events: SessionEvents,
  userId: string,
  exceptTokenHash?: string,
): Promise<number> {
  const ended = await repo.deleteUserSessions(db, userId, exceptTokenHash);
  await events.publish(db, 'sessionsEnded', exceptTokenHash ? { userId, exceptTokenHash } : { userId });
  return ended;
}

/** A session as "Where you're signed in" lists it (decision 0025): no token, no token hash. */
export interface ListedSession {
  publicId: string;
  userAgent: string | null;
  persistent: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/**
 * The user's live sessions, the current one first, then newest activity; at most `limit`, and how many there are
 * in all. The current one was active now (its stored time moves only every TOUCH_EVERY_MS).
 */
export async function listUserSessions(
  db: Executor,
  settings: SessionSettings,
  q: { userId: string; currentTokenHash: string; now: Date; limit: number },
): Promise<{ sessions: ListedSession[]; total: number }> {
  const rows = await repo.listLiveUserSessions(db, {
    ...q,
    browserSessionsFrom: new Date(q.now.getTime() - settings.absoluteHours * 3_600_000),
  });
  return {
    sessions: rows.map(({ total: _total, ...row }) => (row.current ? { ...row, lastSeenAt: q.now } : row)),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The user's session with this public id: null for an unknown id, another user's, or not an id at all. (Its token
 * hash tells the caller whether it is the session of the request.)
 */
export async function findUserSessionByPublicId(
  db: Executor,
  userId: string,
  publicId: string,
): Promise<{ publicId: string; tokenHash: string; userAgent: string | null } | null> {
  if (!isUuid(publicId)) return null;
  return (await repo.findUserSessionByPublicId(db, userId, publicId.toLowerCase())) ?? null;
}

/**
 * Ends the user's session with this public id (its sockets close) and returns its token hash; null when the user
 * has no such session: an unknown id, another user's, one already ended, or not an id at all.
 */
export async function destroyUserSessionById(
  db: Executor,
  events: SessionEvents,
  userId: string,
  publicId: string,
): Promise<string | null> {
  if (!isUuid(publicId)) return null;
  const tokenHash = await repo.deleteUserSessionByPublicId(db, userId, publicId.toLowerCase());
  if (!tokenHash) return null;
  await events.publish(db, 'sessionsEnded', { tokenHash });
  return tokenHash;
}
