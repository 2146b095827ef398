// The account endpoints: sign-up, sign-in, sign-out, the current user, email
// verification and password reset. Sign-in related routes carry a per-IP rate limit; the service adds the
// per-account one.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { forgotPasswordSchema, loginSchema, resendVerificationSchema } from '#domain/schemas/auth.schema';
import {
  changePasswordBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '#domain/schemas/auth-body.schema';
import { messageResponseSchema, publicUserSchema, sessionResponseSchema } from '#domain/schemas/user.schema';
import { unauthenticated } from '#server/errors';
import {
  clearSessionCookie,
  createSession,
  destroySession,
  sessionSettings,
  setSessionCookie,
} from '#server/modules/sessions';
import { clientKey } from '#server/modules/rate-limits';
import { toPublicUser } from '#server/modules/users';
import { adminMustSetUpTwoStep } from '#domain/two-step';
import { securityEvent } from '#server/lib/security-log';
import { createAuthService } from './auth.service.ts';
import { loginTwoStepBodySchema, twoStepRequiredSchema } from '#domain/schemas/two-step.schema';
import { createTwoStepService } from './two-step.service.ts';
import { twoStepRoutes } from './two-step.routes.ts';

/** The verification link's token, in the query of the link's GET or the body of the page's POST. */
const verifyTokenSchema = z.object({ token: z.string().max(200).optional() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, now } = app.ctx;
  const service = createAuthService(app.ctx, app.log);
  const twoStep = createTwoStepService(app.ctx, app.log);
  const settings = sessionSettings(config);
  /** Per-IP limit of the sign-in related routes; each route counts on its own. */
  const perIp = {
    max: config.RATE_LIMIT_AUTH_PER_IP,
    timeWindow: config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    keyGenerator: (req: FastifyRequest) => clientKey(req.ip),
  };

  /** The signed-in user and session of the request, if any. */
  const currentSession = (req: FastifyRequest) =>
    req.user && req.sessionTokenHash ? { userId: req.user.id, sessionTokenHash: req.sessionTokenHash } : null;

  /** Starts a fresh session (new token), ending the one the browser came with, if any. */
  async function signIn(
    req: FastifyRequest,
    reply: Parameters<typeof setSessionCookie>[0],
    userId: string,
    persistent: boolean,
  ) {
    if (req.sessionTokenHash) await destroySession(db, app.ctx.events, req.sessionTokenHash);
    const { token, expiresAt } = await createSession(db, settings, userId, {
      persistent,
      userAgent: req.headers['user-agent'],
      now: now(),
    });
    setSessionCookie(reply, settings, token, persistent, expiresAt);
  }

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { tags: ['auth'], body: registerBodySchema, response: { 201: publicUserSchema } },
    },
    async (req, reply) => {
      const user = await service.register(req.body);
      await signIn(req, reply, user.id, false);
      return reply.status(201).send(toPublicUser({ ...user, lastActiveAt: now() }, now()));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: publicUserSchema, 202: twoStepRequiredSchema },
      },
    },
    async (req, reply) => {
      const { user, twoStep: codeDue } = await service.login(req.body, req);
      // Two-step verification on (decision 0024): no session yet, a challenge for the second step.
      if (codeDue) {
        return reply
          .status(202)
          .send(await twoStep.createChallenge(user.id, req.body.rememberMe === true, req));
      }
      await signIn(req, reply, user.id, req.body.rememberMe === true);
      // Two-step off: with ADMIN_TWO_STEP=required an admin is told to set it up, as the session lookup tells it.
      const signedIn = toPublicUser({ ...user, lastActiveAt: now() }, now());
      return adminMustSetUpTwoStep(config.ADMIN_TWO_STEP, signedIn.role, false)
        ? { ...signedIn, twoStepSetupRequired: true as const }
        : signedIn;
    },
  );

  // ---- Two-step verification: the second step of sign-in (decision 0024) -------------------------------------
  // The challenge from the 202 above and a code from the app (or a recovery code): the session starts exactly as
  // a sign-in without two-step does, with the first step's "remember me".
  app.post(
    '/api/auth/login/two-step',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { tags: ['auth'], body: loginTwoStepBodySchema, response: { 200: publicUserSchema } },
    },
    async (req, reply) => {
      const { user, persistent } = await twoStep.completeSignIn(req.body, req);
      await signIn(req, reply, user.id, persistent);
      return toPublicUser({ ...user, lastActiveAt: now() }, now());
    },
  );
  // ---- end of two-step verification ---------------------------------------------------------------------------

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'] } },
    async (req, reply) => {
      if (req.sessionTokenHash) await destroySession(db, app.ctx.events, req.sessionTokenHash);
      if (req.user) securityEvent('auth.logout', { userId: req.user.id }, req);
      clearSessionCookie(reply, settings);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: publicUserSchema } } },
    async (req) => {
      if (!req.user) throw unauthenticated();
      return req.user;
    },
  );

  app.get(
    '/api/auth/session',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: sessionResponseSchema } } },
    async (req) => ({ isAuthenticated: req.user !== null, user: req.user }),
  );

  app.get(
    '/api/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        querystring: verifyTokenSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => ({ message: await service.verifyEmail(req.query.token, req, currentSession(req)) }),
  );

  // The same for the web page: the token in a body stays out of URLs and request logs, and a POST is a
  // state change under the Origin check. (The GET of the mailed link keeps working for other clients.)
  app.post(
    '/api/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: verifyTokenSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => ({ message: await service.verifyEmail(req.body.token, req, currentSession(req)) }),
  );

  app.post(
    '/api/resend-verification',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { tags: ['auth'], body: resendVerificationSchema, response: { 200: messageResponseSchema } },
    },
    async (req) => ({ message: await service.resendVerification(req.body.email) }),
  );

  app.post(
    '/api/auth/request-password-reset',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: messageResponseSchema } },
    },
    async (req) => ({ message: await service.requestPasswordReset(req.body.email, req) }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (req) => ({ message: await service.resetPassword(req.body.token, req.body.password, req) }),
  );

  // Changing the password while signed in (docs/security.md): the current one, then a new one; the browser that
  // changes it stays signed in, every other session of the account ends.
  app.post(
    '/api/auth/change-password',
    {
      config: { access: 'authenticated', rateLimit: perIp, reauthenticates: true, openBeforeTwoStep: true },
      schema: { tags: ['auth'], body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (req) => ({
      message: await service.changePassword(req.user!.id, req.body, req, req.sessionTokenHash ?? null),
    }),
  );

  // Two-step verification on /settings (two-step.routes.ts).
  await app.register(twoStepRoutes);
};
