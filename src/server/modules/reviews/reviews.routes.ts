// Reviews of a completed job (decision 0044): the job's reviews for its two parties and admins (blind until
// published), writing and editing one, the reviewed party's answer, and the published reviews of a provider
// (anyone) and of a customer (the providers who bid on their work, admins, the customer). The window's close and
// the reminders run on scheduled work (reviews.publication).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  jobReviewsResponseSchema,
  publicReviewSchema,
  reviewBodySchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewResponseSchema,
} from '#domain/schemas/review.schema';
import { unauthenticated } from '#server/errors';
import { registerReviewPublication } from './reviews.publication.ts';
import { createReviewsService } from './reviews.service.ts';

const tags = ['reviews'];
const params = z.object({ id: z.string().min(1).max(100) });
/** The parties of a job, the author or subject of a review, or admins: checked on the resource (others 404). */
const signedIn = 'authenticated' as const;

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReviewsService(app.ctx);
  registerReviewPublication(app.ctx, service);

  const viewer = (req: { user: { id: string; role: string } | null }) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };

  app.get(
    '/api/jobs/:id/reviews',
    { config: { access: signedIn }, schema: { tags, params, response: { 200: jobReviewsResponseSchema } } },
    async (req) => service.jobReviews(viewer(req), req.params.id),
  );

  app.post(
    '/api/jobs/:id/reviews',
    {
      config: { access: signedIn },
      schema: { tags, params, body: reviewBodySchema, response: { 201: jobReviewsResponseSchema } },
    },
    async (req, reply) => reply.status(201).send(await service.write(viewer(req), req.params.id, req.body)),
  );

  app.put(
    '/api/reviews/:id',
    {
      config: { access: signedIn },
      schema: { tags, params, body: reviewBodySchema, response: { 200: jobReviewsResponseSchema } },
    },
    async (req) => service.edit(viewer(req), req.params.id, req.body),
  );

  app.post(
    '/api/reviews/:id/response',
    {
      config: { access: signedIn },
      schema: { tags, params, body: reviewResponseSchema, response: { 201: publicReviewSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.respond(viewer(req), req.params.id, req.body.text)),
  );

  app.put(
    '/api/reviews/:id/response',
    {
      config: { access: signedIn },
      schema: { tags, params, body: reviewResponseSchema, response: { 200: publicReviewSchema } },
    },
    async (req) => service.editResponse(viewer(req), req.params.id, req.body.text),
  );

  app.get(
    '/api/providers/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema },
      },
    },
    async (req) => service.providerReviews(req.params.id, req.query),
  );

  app.get(
    '/api/customers/:id/reviews',
    {
      config: { access: signedIn },
      schema: {
        tags,
        params,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema },
      },
    },
    async (req) => service.customerReviews(viewer(req), req.params.id, req.query),
  );
};
