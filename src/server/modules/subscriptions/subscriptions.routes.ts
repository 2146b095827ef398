// POST /api/subscription/change { plan } (spec part 1 sections 4 and 7): the plan picked on /account and the
// plan pages, for customers and providers alike; the rules are the service's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionChangeResponseSchema } from '#domain/schemas/account.schema';
import { subscriptionChangeSchema } from '#domain/schemas/subscription.schema';
import { planInForce } from '#server/modules/users';
import { createSubscriptionService, subscriptionMessages } from './subscriptions.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { now } = app.ctx;
  const service = createSubscriptionService(app.ctx);

  app.post(
    '/api/subscription/change',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['subscriptions'],
        body: subscriptionChangeSchema,
        response: { 200: subscriptionChangeResponseSchema },
      },
    },
    async (req) => {
      const { user, trialStarted } = await service.changePlan(req.user!.id, req.body.plan);
      return {
        message: subscriptionMessages.updated,
        subscriptionPlan: planInForce(user, now()),
        trialStarted,
        trialEndDate: iso(user.trialEndDate),
        hasUsedTrial: user.hasUsedTrial,
        subscriptionExpiryDate: iso(user.subscriptionExpiryDate),
      };
    },
  );
};
