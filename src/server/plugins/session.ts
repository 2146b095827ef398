// Cookie sessions backed by rows in `sessions`. The cookie holds a 256-bit random token; the table holds its
// hash. Each request resolves the session once, here, and the access guard reads request.user.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { PublicUser } from '#domain/schemas/user.schema';
import type { Db } from '../db/client.ts';
import { sessions, users, type UserRow } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { toPublicUser } from '../lib/user-view.ts';

export const SESSION_COOKIE = 'sid';
/** lastActiveAt / lastSeenAt are refreshed at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user with the role in force now, or null. */
    user: PublicUser | null;
    userRow: UserRow | null;
    sessionTokenHash: string | null;
  }
}

export interface SessionSettings {
  idleMinutes: number;
  rememberDays: number;
  secureCookie: boolean;
}

export async function createSession(
  db: Db,
  settings: SessionSettings,
  userId: string,
  opts: { persistent: boolean; userAgent?: string; ipAddress?: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const ttl = opts.persistent ? settings.rememberDays * 86_400_000 : settings.idleMinutes * 60_000;
  const expiresAt = new Date(opts.now.getTime() + ttl);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    persistent: opts.persistent,
    createdAt: opts.now,
    lastSeenAt: opts.now,
    expiresAt,
    userAgent: opts.userAgent?.slice(0, 500),
    ipAddress: opts.ipAddress,
  });
  await db.update(users).set({ lastActiveAt: opts.now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: SessionSettings,
  token: string,
  persistent: boolean,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
    // Remember-me: a dated cookie; otherwise a browser-session cookie (the row still has an idle timeout).
    ...(persistent ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
  });
}

export async function destroySession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, optionally keeping one (the current one). */
export async function destroyUserSessions(db: Db, userId: string, exceptTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    );
}

export async function purgeExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export default fp(
  async function sessionPlugin(app, opts: { db: Db; settings: SessionSettings; now: () => Date }) {
    const { db, settings, now } = opts;
    app.decorateRequest('user', null);
    app.decorateRequest('userRow', null);
    app.decorateRequest('sessionTokenHash', null);

    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(users.deletedAt)))
        .limit(1);
      const t = now();
      if (!row || row.session.expiresAt <= t) {
        if (row) await destroySession(db, tokenHash);
        clearSessionCookie(reply, settings);
        return;
      }
      req.user = toPublicUser(row.user, t);
      req.userRow = row.user;
      req.sessionTokenHash = tokenHash;
      if (t.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        // A browser-session login slides its idle window forward; remember-me keeps its fixed 30 days.
        const expiresAt = row.session.persistent
          ? row.session.expiresAt
          : new Date(t.getTime() + settings.idleMinutes * 60_000);
        await db.update(sessions).set({ lastSeenAt: t, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
        await db
          .update(users)
          .set({ lastActiveAt: t })
          .where(and(eq(users.id, row.user.id), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, t))));
      }
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
