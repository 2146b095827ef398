// Page views and navigation clicks recorded for the admin's visit analytics.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitEventSchema } from '#domain/schemas/visit.schema';
import * as repo from './visits.repo.ts';

const visitView = z.object({
  id: z.string(),
  type: z.string(),
  page: z.string(),
  label: z.string().nullable(),
  referer: z.string().nullable(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userId: z.string().nullable(),
  visitedAt: z.string(),
});

export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.post(
    '/api/visits',
    { config: { access: 'public' }, schema: { tags: ['analytics'], body: visitEventSchema } },
    async (req, reply) => {
      const b = req.body;
      await repo.insertVisit(db, {
        type: b.type,
        page: b.page,
        label: b.label ?? null,
        referer: b.referrer || req.headers.referer?.slice(0, 1000) || null,
        userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
        ipAddress: req.ip,
        userId: req.user?.id ?? null,
        visitedAt: now(),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/visits/count',
    {
      config: { access: ['admin'] },
      schema: { tags: ['analytics'], response: { 200: z.object({ totalVisits: z.number() }) } },
    },
    async () => {
      return { totalVisits: await repo.countVisits(db) };
    },
  );

  app.get(
    '/api/visits/recent',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['analytics'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(visitView) },
      },
    },
    async (req) => {
      const rows = await repo.listRecentVisits(db, req.query.limit);
      return rows.map((v) => ({ ...v, visitedAt: v.visitedAt.toISOString() }));
    },
  );
};
