// Plans and the provider's trial:
// - POST /api/subscription and /api/subscription/change { plan }: the plan picked on /account, /subscription and
//   the plan pages, for customers and providers alike; the rules are the service's;
// - GET /api/trial/status and POST /api/trial/update-tasks: the trial banner and the trial's task choice;
// - GET /api/provider/categories: the nine access categories, locked or open for this provider now;
// - POST /api/provider/upgrade-subscription: the Upgrade Membership dialog (plan, category and tasks at once).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryGrid,
  effectiveProviderPlan,
  mustChooseTask,
  providerPlans,
  tasksForPlan,
  trialStatus,
} from '#domain/plans';
import { iso, monthStart } from '#domain/dates';
import { subscriptionChangeResponseSchema } from '#domain/schemas/account.schema';
import {
  providerCategoriesResponseSchema,
  subscriptionChangeSchema,
  trialStatusResponseSchema,
  trialTasksSchema,
  upgradeSelectionSchema,
} from '#domain/schemas/subscription.schema';
import { unauthenticated } from '#server/errors';
import { customersContactedSince } from '#server/modules/read-model';
import { findActiveUserById, planInForce, providerAccessSubject, type UserRow } from '#server/modules/users';
import { createSubscriptionService, subscriptionMessages, type PlanChange } from './subscriptions.service.ts';

const tags = ['subscriptions'];

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;
  const service = createSubscriptionService(app.ctx);

  const changed = ({ user, trialStarted }: PlanChange) => ({
    message: subscriptionMessages.updated,
    subscriptionPlan: planInForce(user, now()),
    trialStarted,
    trialEndDate: iso(user.trialEndDate),
    hasUsedTrial: user.hasUsedTrial,
    subscriptionExpiryDate: iso(user.subscriptionExpiryDate),
  });

  const me = async (id: string): Promise<UserRow> => {
    const user = await findActiveUserById(db, id);
    if (!user) throw unauthenticated();
    return user;
  };

  const trialView = async (u: UserRow) => {
    const t = now();
    const status = trialStatus(u, t);
    const plan = effectiveProviderPlan(u, t);
    const customers = await customersContactedSince(db, u.id, monthStart(t));
    return {
      customersThisMonth: customers.length,
      customersPerMonth: providerPlans[plan].customersPerMonth,
      isTrial: status.isTrial,
      expired: status.expired,
      daysRemaining: status.isTrial ? status.daysRemaining : 0,
      trialEndDate: iso(status.trialEndDate),
      plan,
      hasUsedTrial: u.hasUsedTrial,
      subscriptionExpiryDate: iso(u.subscriptionExpiryDate),
      categoryId: u.selectedCategory,
      taskIds: u.selectedTasks,
      mustChooseTask: mustChooseTask(providerAccessSubject(u), t),
    };
  };

  for (const url of ['/api/subscription', '/api/subscription/change']) {
    app.post(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, body: subscriptionChangeSchema, response: { 200: subscriptionChangeResponseSchema } },
      },
      async (req) => changed(await service.changePlan(req.user!.id, req.body.plan, req)),
    );
  }

  app.get(
    '/api/trial/status',
    { config: { access: ['provider'] }, schema: { tags, response: { 200: trialStatusResponseSchema } } },
    async (req) => trialView(await me(req.user!.id)),
  );

  app.post(
    '/api/trial/update-tasks',
    {
      config: { access: ['provider'] },
      schema: { tags, body: trialTasksSchema, response: { 200: trialStatusResponseSchema } },
    },
    async (req) => trialView(await service.updateTrialTasks(req.user!.id, req.body.taskIds)),
  );

  app.get(
    '/api/provider/categories',
    {
      config: { access: ['provider'] },
      schema: { tags, response: { 200: providerCategoriesResponseSchema } },
    },
    async (req) => {
      const u = await me(req.user!.id);
      const t = now();
      return {
        plan: effectiveProviderPlan(u, t),
        selectedCategory: u.selectedCategory,
        selectedTasks: u.selectedTasks,
        categories: categoryGrid(providerAccessSubject(u), t),
      };
    },
  );

  app.post(
    '/api/provider/upgrade-subscription',
    {
      config: { access: ['provider'] },
      schema: { tags, body: upgradeSelectionSchema, response: { 200: subscriptionChangeResponseSchema } },
    },
    async (req) => {
      const { newPlan, selectedCategory, additionalTasks } = req.body;
      const selection = { selectedCategory, selectedTasks: tasksForPlan(newPlan, additionalTasks) };
      return changed(await service.changePlan(req.user!.id, newPlan, req, selection));
    },
  );
};
