// The signed-in user's own account: profile, business profile, settings and
// account cancel. GET /api/profile/categories is public: the sign-up form reads the catalogue from here too.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupCategories } from '#domain/catalog/signup';
import {
  profileCategoriesSchema,
  profileSchema,
  userSettingsResponseSchema,
} from '#domain/schemas/account.schema';
import { businessProfileSchema, customerProfileSchema } from '#domain/schemas/profile.schema';
import { userSettingsSchema } from '#domain/schemas/subscription.schema';
import { messageResponseSchema } from '#domain/schemas/user.schema';
import { clearSessionCookie, sessionSettings } from '#server/modules/sessions';
import { createAccountsService, accountMessages } from './accounts.service.ts';
import { planInForce } from '#server/modules/users';
import { toProfile } from './accounts.view.ts';

/**
 * The forms' schemas with the email optional: the forms show it disabled, so a body may carry it, but only the
 * account's own address is accepted (the service refuses another with "You cannot change your email
 * address."). Keys the schemas do not name (role, subscriptionPlan, emailVerified, trialEndDate...) are dropped.
 */
const lockedEmail = { email: z.string().max(320).optional() };
const customerProfileBody = customerProfileSchema.extend(lockedEmail);
const businessProfileBody = businessProfileSchema.extend(lockedEmail);
/** PATCH /api/provider/profile: any of the business profile's fields, each under its rule (provider settings
 *  sends only the names). */
const businessProfilePatchBody = businessProfileSchema.partial().extend(lockedEmail);

const categoriesBody = signupCategories.map((c) => ({
  id: c.id,
  name: c.name,
  tasks: c.tasks.map((t) => ({ id: t.id, name: t.name })),
}));

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { now, config } = app.ctx;
  const service = createAccountsService(app.ctx, app.log);
  const settings = sessionSettings(config);

  const profileOf = async (userId: string) => toProfile(await service.current(userId), now());

  app.get(
    '/api/profile',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags: ['accounts'], response: { 200: profileSchema } },
    },
    async (req) => profileOf(req.user!.id),
  );

  app.get(
    '/api/profile/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], response: { 200: profileCategoriesSchema } },
    },
    async () => categoriesBody,
  );

  app.put(
    '/api/profile/customer',
    {
      config: { access: ['customer', 'admin'] },
      schema: { tags: ['accounts'], body: customerProfileBody, response: { 200: profileSchema } },
    },
    async (req) => toProfile(await service.updateProfile(req.user!.id, req.body), now()),
  );

  app.put(
    '/api/profile/provider',
    {
      config: { access: ['provider'] },
      schema: { tags: ['accounts'], body: businessProfileBody, response: { 200: profileSchema } },
    },
    async (req) => toProfile(await service.updateProfile(req.user!.id, req.body), now()),
  );

  app.get(
    '/api/provider/profile',
    {
      config: { access: ['provider'] },
      schema: { tags: ['accounts'], response: { 200: profileSchema } },
    },
    async (req) => profileOf(req.user!.id),
  );

  app.patch(
    '/api/provider/profile',
    {
      config: { access: ['provider'] },
      schema: { tags: ['accounts'], body: businessProfilePatchBody, response: { 200: profileSchema } },
    },
    async (req) => toProfile(await service.updateProfile(req.user!.id, req.body), now()),
  );

  app.get(
    '/api/user/settings',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags: ['accounts'], response: { 200: userSettingsResponseSchema } },
    },
    async (req) => {
      const row = await service.current(req.user!.id);
      return { messageLimit: row.messageLimit, subscriptionPlan: planInForce(row, now()) };
    },
  );

  app.post(
    '/api/user/settings',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags: ['accounts'], body: userSettingsSchema, response: { 200: userSettingsResponseSchema } },
    },
    async (req) => {
      const row = await service.updateMessageLimit(req.user!.id, req.body.messageLimit);
      return { messageLimit: row.messageLimit, subscriptionPlan: planInForce(row, now()) };
    },
  );

  app.post(
    '/api/account/cancel',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags: ['accounts'], response: { 200: messageResponseSchema } },
    },
    async (req, reply) => {
      await service.cancel(req.user!.id, req);
      clearSessionCookie(reply, settings);
      return { message: accountMessages.canceled };
    },
  );
};
