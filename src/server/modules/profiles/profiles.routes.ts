// The public directory of pros and a pro's public profile (decision 0046), both open to anyone signed in or not.
// A closed or deleted account, a customer or admin, or a malformed id answers 404, as an unknown id does.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  directoryQuerySchema,
  directoryResponseSchema,
  publicProfileSchema,
} from '#domain/schemas/pro-profile.schema';
import { notFound } from '#server/errors';
import { PROFILE_MESSAGES, readDirectory, readPublicProfile } from './profiles.service.ts';

const tags = ['profiles'];
const params = z.object({ id: z.string().min(1).max(100) });

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/providers',
    {
      config: { access: 'public' },
      schema: { tags, querystring: directoryQuerySchema, response: { 200: directoryResponseSchema } },
    },
    async (req) => readDirectory(app.ctx, req.query),
  );

  app.get(
    '/api/providers/:id',
    { config: { access: 'public' }, schema: { tags, params, response: { 200: publicProfileSchema } } },
    async (req) => {
      const profile = await readPublicProfile(app.ctx, req.params.id);
      if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
      return profile;
    },
  );
};
