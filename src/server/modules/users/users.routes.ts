// GET /api/users/{id} and GET /api/users?ids=a,b: a user's first name and role, for
// chat headers. Only users the caller may see (users.visibility.ts); any other id answers 404, or is left out
// of the list, so the answer never tells whether an account exists.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  userIdsQuerySchema,
  userSummaryListSchema,
  userSummarySchema,
  type UserSummary,
} from '#domain/schemas/account.schema';
import { effectiveRole } from '#domain/permissions';
import type { Executor } from '#server/db/client';
import { notFound } from '#server/errors';
import { findActiveUsersByIds } from './users.repo.ts';
import type { UserVisibility, Viewer } from './users.visibility.ts';
import { isUuid } from '#domain/ids';

/** The summaries of the users among `ids` that the viewer may see (ids that are not uuids match nobody). */
async function summaries(
  db: Executor,
  visibility: UserVisibility,
  viewer: Viewer,
  ids: readonly string[],
  now: Date,
) {
  const wellFormed = ids.map((id) => id.toLowerCase()).filter((id) => isUuid(id));
  const visible = await visibility.visibleUserIds(db, viewer, wellFormed);
  const rows = await findActiveUsersByIds(db, [...visible]);
  const byId = new Map(rows.map((u) => [u.id, u]));
  return wellFormed.flatMap((id): UserSummary[] => {
    const u = byId.get(id);
    return u ? [{ id: u.id, firstName: u.firstName, role: effectiveRole(u, now) }] : [];
  });
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, userVisibility } = app.ctx;

  app.get(
    '/api/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: userSummarySchema },
      },
    },
    async (req) => {
      const [found] = await summaries(db, userVisibility, req.user!, [req.params.id], now());
      if (!found) throw notFound('User not found');
      return found;
    },
  );

  app.get(
    '/api/users',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], querystring: userIdsQuerySchema, response: { 200: userSummaryListSchema } },
    },
    async (req) => summaries(db, userVisibility, req.user!, req.query.ids, now()),
  );
};
