// "Where you're signed in" (ASVS 7.5.2; decision 0025): the signed-in user lists their live sessions, ends one of
// them by its public id, or ends every one but the current. Ending another session needs the password again
// (checked under the sign-in limits); ending this browser's is a sign-out and needs nothing. Another user's session
// answers 404 like an unknown one. Ended sessions' sockets close (the sessionsEnded event, as for a password change).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceOf } from '#domain/devices';
import {
  SESSION_LIST_CAP,
  sessionIdParamsSchema,
  sessionMessages,
  signOutOthersBodySchema,
  signOutOthersResponseSchema,
  signOutSessionBodySchema,
  signOutSessionResponseSchema,
  signedInSessionListSchema,
} from '#domain/schemas/session.schema';
import { AppError, unauthenticated } from '#server/errors';
import { securityEvent } from '#server/lib/security-log';
import { createPasswordCheck } from '#server/modules/auth';
import { clientKey } from '#server/modules/rate-limits';
import {
  clearSessionCookie,
  destroyUserSessionById,
  destroyUserSessions,
  findUserSessionByPublicId,
  listUserSessions,
  sessionSettings,
} from '#server/modules/sessions';

const tags = ['sessions'];

export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, config } = app.ctx;
  const settings = sessionSettings(config);
  const { confirmPassword } = createPasswordCheck(app.ctx);
  /** The routes that check a password count per client address, like the sign-in routes. */
  const perIp = {
    max: config.RATE_LIMIT_AUTH_PER_IP,
    timeWindow: config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    keyGenerator: (req: FastifyRequest) => clientKey(req.ip),
  };

  /** The caller and the session they came with (access 'authenticated' guarantees both). */
  const caller = (req: FastifyRequest) => {
    if (!req.user || !req.sessionTokenHash) throw unauthenticated();
    return { userId: req.user.id, tokenHash: req.sessionTokenHash };
  };

  app.get(
    '/api/auth/sessions',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
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

  app.post(
    '/api/auth/sessions/:id/sign-out',
    {
      config: { access: 'authenticated', rateLimit: perIp, reauthenticates: true, openBeforeTwoStep: true },
      schema: {
        tags,
        params: sessionIdParamsSchema,
        body: signOutSessionBodySchema,
        response: { 200: signOutSessionResponseSchema },
      },
    },
    async (req, reply) => {
      const { userId, tokenHash } = caller(req);
      const session = await findUserSessionByPublicId(db, userId, req.params.id);
      if (!session) throw new AppError('NOT_FOUND', sessionMessages.notFound);
      const current = session.tokenHash === tokenHash;
      if (!current) await confirmPassword(userId, req.body.password, req, 'end_session');
      if (!(await destroyUserSessionById(db, app.ctx.events, userId, session.publicId))) {
        throw new AppError('NOT_FOUND', sessionMessages.notFound);
      }
      securityEvent(
        'auth.session_ended',
        {
          userId,
          sessionPublicId: session.publicId,
          reason: current ? 'this_device' : 'other_device',
        },
        req,
      );
      if (!current) {
        const { label } = deviceOf(session.userAgent);
        return { signedOut: false, message: sessionMessages.signedOutThere(label) };
      }
      // Ending the session this browser uses is signing out here.
      clearSessionCookie(reply, settings);
      return { signedOut: true, message: sessionMessages.signedOutHere };
    },
  );

  app.post(
    '/api/auth/sessions/sign-out-others',
    {
      config: { access: 'authenticated', rateLimit: perIp, reauthenticates: true, openBeforeTwoStep: true },
      schema: { tags, body: signOutOthersBodySchema, response: { 200: signOutOthersResponseSchema } },
    },
    async (req) => {
      const { userId, tokenHash } = caller(req);
      await confirmPassword(userId, req.body.password, req, 'end_other_sessions');
      const ended = await destroyUserSessions(db, app.ctx.events, userId, tokenHash);
      securityEvent('auth.other_sessions_ended', { userId, count: ended }, req);
      return { ended, message: sessionMessages.othersEnded(ended) };
    },
  );
};
