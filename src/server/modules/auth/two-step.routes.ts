// Two-step verification on /settings (decision 0024): status, set-up, turning it on and off, new recovery codes.
// All signed in; every change asks for the password (and, once on, a code), checked under the sign-in limits.
// The second step of sign-in is in auth.routes.ts, next to sign-in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  recoveryCodesResponseSchema,
  twoStepConfirmBodySchema,
  twoStepEnableBodySchema,
  twoStepSetupResponseSchema,
  twoStepStatusSchema,
} from '#domain/schemas/two-step.schema';
import { messageResponseSchema } from '#domain/schemas/user.schema';
import { clientKey } from '#server/modules/rate-limits';
import { createTwoStepService, twoStepMessages } from './two-step.service.ts';

export const twoStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const service = createTwoStepService(app.ctx, app.log);
  const tags = ['auth'];
  const access = {
    access: 'authenticated' as const,
    openBeforeTwoStep: true,
    rateLimit: {
      max: config.RATE_LIMIT_AUTH_PER_IP,
      timeWindow: config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      keyGenerator: (req: FastifyRequest) => clientKey(req.ip),
    },
  };
  /** Turning on or off and new recovery codes check the password and a code: the session gets a new token. */
  const reauthenticating = { ...access, reauthenticates: true };

  app.get(
    '/api/auth/two-step',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags, response: { 200: twoStepStatusSchema } },
    },
    async (req) => service.status(req.user!.id),
  );

  app.post(
    '/api/auth/two-step/setup',
    { config: access, schema: { tags, response: { 200: twoStepSetupResponseSchema } } },
    async (req) => service.startSetup(req.user!.id),
  );

  app.post(
    '/api/auth/two-step/enable',
    {
      config: reauthenticating,
      schema: { tags, body: twoStepEnableBodySchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (req) => ({
      message: twoStepMessages.enabled,
      recoveryCodes: await service.enable(req.user!.id, req.body, req, req.sessionTokenHash ?? null),
    }),
  );

  app.post(
    '/api/auth/two-step/disable',
    {
      config: reauthenticating,
      schema: { tags, body: twoStepConfirmBodySchema, response: { 200: messageResponseSchema } },
    },
    async (req) => {
      await service.disable(req.user!.id, req.body, req, req.sessionTokenHash ?? null);
      return { message: twoStepMessages.disabled };
    },
  );

  app.post(
    '/api/auth/two-step/recovery-codes',
    {
      config: reauthenticating,
      schema: { tags, body: twoStepConfirmBodySchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (req) => ({
      message: twoStepMessages.regenerated,
      recoveryCodes: await service.regenerateRecoveryCodes(req.user!.id, req.body, req),
    }),
  );
};
