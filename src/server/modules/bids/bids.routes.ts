// Bids: POST /api/tasks/{id}/bid, GET /api/tasks/bids, GET /api/bids/provider
// for providers; GET /api/estimates/{id}/bids for the owner (accepting one hires: the jobs module).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  estimateBidsResponseSchema,
  placeBidResponseSchema,
  providerBidsResponseSchema,
  taskBidsResponseSchema,
} from '#domain/schemas/bid.schema';
import { unauthenticated } from '#server/errors';
import { createBidsService } from './bids.service.ts';

const tags = ['bids'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const bidsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBidsService(app.ctx);

  app.post(
    '/api/tasks/:id/bid',
    {
      config: { access: ['provider'], requireVerifiedEmail: true },
      schema: {
        tags,
        params: idParams,
        response: { 200: placeBidResponseSchema, 201: placeBidResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.userRow) throw unauthenticated();
      const result = await service.place(req.userRow, req.params.id);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/tasks/bids',
    { config: { access: ['provider'] }, schema: { tags, response: { 200: taskBidsResponseSchema } } },
    async (req) => service.taskBids(req.user!.id),
  );

  app.get(
    '/api/bids/provider',
    {
      config: { access: ['provider'] },
      schema: { tags, querystring: pageQuery, response: { 200: providerBidsResponseSchema } },
    },
    async (req) => service.providerBids(req.user!.id, req.query.page, req.query.pageSize),
  );

  app.get(
    '/api/estimates/:id/bids',
    {
      config: { access: ['customer', 'admin'] },
      schema: { tags, params: idParams, response: { 200: estimateBidsResponseSchema } },
    },
    async (req) => service.estimateBids(req.user!, req.params.id),
  );
};
