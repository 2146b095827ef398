// The sessions table: one row per sign-in, keyed by the SHA-256 hash of the cookie token.
import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { perDatabase } from '#server/db/prepared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessions, twoStepSettings, users, type SessionRow, type UserRow } from '#server/db/schema/index';

export type { SessionRow };
export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSession): Promise<void> {
  await db.insert(sessions).values(values);
}

function prepareFindSessionWithUser(db: Executor) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('find_session_with_user');
}

/**
 * The same lookup with whether two-step verification is on, for ADMIN_TWO_STEP=required (decision 0028): a left
 * join on the settings' primary key in the same statement, not a second query per request. With the default the
 * statement above runs, unchanged.
 */
function prepareFindSessionWithUserAndTwoStep(db: Executor) {
  return db
    .select({ session: sessions, user: users, twoStepEnabledAt: twoStepSettings.enabledAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoStepSettings, eq(twoStepSettings.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('find_session_with_user_two_step');
}

// Every API request looks its session up: the statement is built once per database handle (building the SQL
// again per request was about a fifth of a signed-in request's time) and runs as a named prepared statement.
const findSessionStatement = perDatabase<ReturnType<typeof prepareFindSessionWithUser>>();
const findSessionTwoStepStatement = perDatabase<ReturnType<typeof prepareFindSessionWithUserAndTwoStep>>();

/** The session with this token hash and its user, unless the user is soft-deleted. */
export async function findSessionWithUser(
  db: Executor,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const statement = findSessionStatement(db, '', () => prepareFindSessionWithUser(db));
  const [row] = await statement.execute({ tokenHash });
  return row;
}

/**
 * The same, with when the user turned two-step verification on (null: off), in one statement.
 */
export async function findSessionWithUserAndTwoStep(
  db: Executor,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow; twoStepEnabledAt: Date | null } | undefined> {
  const statement = findSessionTwoStepStatement(db, '', () => prepareFindSessionWithUserAndTwoStep(db));
  const [row] = await statement.execute({ tokenHash });
  return row;
}

// A signed-in request moves its session's and user's times forward every few minutes: prepared once per database
// handle, like the lookup (building each update's SQL cost more than the request it rode on).

/** A placeholder written as the column writes its values. */
const valueOf = (name: string, column: AnyPgColumn) => sql`${sql.param(sql.placeholder(name), column)}`;

function prepareTouchSession(db: Executor) {
  return db
    .update(sessions)
    .set({
      lastSeenAt: valueOf('lastSeenAt', sessions.lastSeenAt),
      expiresAt: valueOf('expiresAt', sessions.expiresAt),
    })
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('touch_session');
}

function prepareTouchUserActivity(db: Executor) {
  const at = valueOf('at', users.lastActiveAt);
  return db
    .update(users)
    .set({ lastActiveAt: at })
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, at)),
      ),
    )
    .prepare('touch_user_activity');
}

const touchSessionStatement = perDatabase<ReturnType<typeof prepareTouchSession>>();
const touchUserActivityStatement = perDatabase<ReturnType<typeof prepareTouchUserActivity>>();

export async function touchSession(db: Executor, tokenHash: string, lastSeenAt: Date, expiresAt: Date) {
  await touchSessionStatement(db, '', () => prepareTouchSession(db)).execute({
    tokenHash,
    lastSeenAt,
    expiresAt,
  });
}

/** Moves the user's lastActiveAt forward (never back). */
export async function touchUserActivity(db: Executor, userId: string, at: Date) {
  await touchUserActivityStatement(db, '', () => prepareTouchUserActivity(db)).execute({ userId, at });
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, optionally keeping one (the current one); how many ended. */
export async function deleteUserSessions(db: Executor, userId: string, exceptTokenHash?: string) {
  const ended = await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/** Gives the session a new token hash, keeping the row (its public id, sign-in time, lifetime); what it keeps. */
export async function renewTokenHash(db: Executor, tokenHash: string, newTokenHash: string) {
  const [row] = await db
    .update(sessions)
    .set({ tokenHash: newTokenHash })
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ persistent: sessions.persistent, expiresAt: sessions.expiresAt });
  return row;
}

/**
 * A user's live sessions for "Where you're signed in": unexpired at `now`, and a browser-session sign-in only if it
 * began after `browserSessionsFrom` (its absolute lifetime). The current one first, then newest activity; at most
 * `limit`, with the count of all of them on every row. One statement on the user_id index.
 */
export async function listLiveUserSessions(
  db: Executor,
  q: { userId: string; currentTokenHash: string; now: Date; browserSessionsFrom: Date; limit: number },
) {
  const current = sql<boolean>`${sessions.tokenHash} = ${q.currentTokenHash}`;
  return db
    .select({
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      persistent: sessions.persistent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      current: current.as('current'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, q.userId),
        gt(sessions.expiresAt, q.now),
        or(eq(sessions.persistent, true), gt(sessions.createdAt, q.browserSessionsFrom)),
      ),
    )
    .orderBy(desc(current), desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.publicId))
    .limit(q.limit);
}

export async function findUserSessionByPublicId(db: Executor, userId: string, publicId: string) {
  const [row] = await db
    .select({ publicId: sessions.publicId, tokenHash: sessions.tokenHash, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)));
  return row;
}

/** Ends the user's session with this public id; its token hash, or undefined when the user has no such session. */
export async function deleteUserSessionByPublicId(db: Executor, userId: string, publicId: string) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ tokenHash: sessions.tokenHash });
  return row?.tokenHash;
}

/**
 * The heartbeat's one statement per beat (decision 0043): these sessions have an open /ws socket at `now`
 * (socket_seen_at, read as "has an open page" by usersWithOpenPage); which of them still exist and have not
 * expired (the others' sockets close). An expired session is not marked.
 */
export async function markSocketsSeen(db: Executor, tokenHashes: readonly string[], now: Date) {
  if (tokenHashes.length === 0) return new Set<string>();
  const rows = await db
    .update(sessions)
    .set({ socketSeenAt: now })
    .where(and(inArray(sessions.tokenHash, [...tokenHashes]), gt(sessions.expiresAt, now)))
    .returning({ tokenHash: sessions.tokenHash });
  return new Set(rows.map((r) => r.tokenHash));
}

/**
 * Which of these users have a page of the app open: a live session whose socket was seen at `seenSince` or later.
 * One statement on the user_id index.
 */
export async function usersWithOpenPage(
  db: Executor,
  userIds: readonly string[],
  q: { seenSince: Date; now: Date },
) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        inArray(sessions.userId, [...userIds]),
        gte(sessions.socketSeenAt, q.seenSince),
        gt(sessions.expiresAt, q.now),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}
