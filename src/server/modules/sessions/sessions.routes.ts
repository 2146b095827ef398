// "Where you're signed in" (ASVS 7.5.2; decision 0025): the signed-in user lists their live sessions, ends one of
// them by its public id (the current one is a sign-out), or ends every one but the current. Another user's session
// answers 404 like an unknown one. Ended sessions' sockets close (onSessionsEnded, as for a password change).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceOf } from '#domain/devices';
import {
  SESSION_LIST_CAP,
  sessionIdParamsSchema,
  sessionMessages,
  signOutOthersResponseSchema,
  signedInSessionListSchema,
} from '#domain/schemas/session.schema';
import { AppError, unauthenticated } from '#server/errors';
import { securityEvent } from '#server/lib/security-log';
import {
  clearSessionCookie,
  destroyUserSessionById,
  destroyUserSessions,
  listUserSessions,
  sessionSettings,
} from './sessions.ts';

const tags = ['sessions'];

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, config } = app.ctx;
  const settings = sessionSettings(config);

  /** The caller and the session they came with (access 'authenticated' guarantees both). */
  const caller = (req: { user: { id: string } | null; sessionTokenHash: string | null }) => {
    if (!req.user || !req.sessionTokenHash) throw unauthenticated();
    return { userId: req.user.id, tokenHash: req.sessionTokenHash };
  };

  app.get(
    '/api/auth/sessions',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: signedInSessionListSchema } },
    },
    async (req) => {
      const { userId, tokenHash } = caller(req);
      const list = await listUserSessions(db, settings, {
        userId,
        currentTokenHash: tokenHash,
        now: now(),
        limit: SESSION_LIST_CAP,
      });
      return {
        total: list.total,
        sessions: list.sessions.map((s) => {
          const device = deviceOf(s.userAgent);
          return {
            id: s.publicId,
            device: device.label,
            browser: device.browser,
            os: device.os,
            signedInAt: s.createdAt.toISOString(),
            lastActiveAt: s.lastSeenAt.toISOString(),
            rememberMe: s.persistent,
            current: s.current,
          };
        }),
      };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: sessionIdParamsSchema },
    },
    async (req, reply) => {
      const { userId, tokenHash } = caller(req);
      const ended = await destroyUserSessionById(db, userId, req.params.id);
      if (!ended) throw new AppError('NOT_FOUND', sessionMessages.notFound);
      const current = ended === tokenHash;
      securityEvent('auth.session_ended', {
        userId,
        sessionId: req.params.id.toLowerCase(),
        reason: current ? 'this_device' : 'other_device',
      });
      // Ending the session this browser uses is signing out here.
      if (current) clearSessionCookie(reply, settings);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/sessions/sign-out-others',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: signOutOthersResponseSchema } },
    },
    async (req) => {
      const { userId, tokenHash } = caller(req);
      const ended = await destroyUserSessions(db, userId, tokenHash);
      securityEvent('auth.other_sessions_ended', { userId, count: ended });
      return { ended, message: sessionMessages.othersEnded(ended) };
    },
  );
};
