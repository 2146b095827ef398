// Moderation (decision 0044): POST /api/reviews/{id}/report for anyone signed in; the admin's Reviews tab
// (GET /api/admin/reviews) and the three actions on a review, hide, remove and restore, for admins only (an
// expired admin acts as a customer: 403).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  reviewHideSchema,
  reviewRemoveSchema,
  reviewReportResponseSchema,
  reviewReportSchema,
} from '#domain/schemas/review.schema';
import { createReviewsModerationService } from './reviews-moderation.service.ts';

const tags = ['reviews'];
const params = z.object({ id: z.string().min(1).max(100) });
const admins = { access: ['admin'] as const };

export const reviewsModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReviewsModerationService(app.ctx);

  app.post(
    '/api/reviews/:id/report',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, body: reviewReportSchema, response: { 201: reviewReportResponseSchema } },
    },
    async (req, reply) => {
      const result = await service.report(req.user!, req.params.id, req.body);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/admin/reviews',
    {
      config: admins,
      schema: { tags, querystring: adminReviewsQuerySchema, response: { 200: adminReviewsResponseSchema } },
    },
    async (req) => service.list(req.query),
  );

  app.post(
    '/api/admin/reviews/:id/hide',
    {
      config: admins,
      schema: { tags, params, body: reviewHideSchema, response: { 200: adminReviewSchema } },
    },
    async (req) => service.hide(req.user!, req.params.id, req.body.reason),
  );

  app.post(
    '/api/admin/reviews/:id/remove',
    {
      config: admins,
      schema: { tags, params, body: reviewRemoveSchema, response: { 200: adminReviewSchema } },
    },
    async (req) => service.remove(req.user!, req.params.id, req.body.reason),
  );

  app.post(
    '/api/admin/reviews/:id/restore',
    { config: admins, schema: { tags, params, response: { 200: adminReviewSchema } } },
    async (req) => service.restore(req.user!, req.params.id),
  );
};
