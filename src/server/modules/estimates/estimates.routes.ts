// The estimates calls: save from the wizard (priced by the server), read one, the
// owner's lists and the posted lists (paged and filtered on the server), post, status changes, the title and
// description, and delete (the owner only; anyone else gets 404), the plan usage, and the automotive catalogue
// and price.
import { sendStoredImage } from '#server/lib/stored-image';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { automotiveCatalog, priceAutomotive } from '#domain/catalog/automotive';
import {
  automotiveCatalogSchema,
  automotivePriceSchema,
  createEstimateSchema,
  estimateIdParamsSchema,
  estimateListQuerySchema,
  postedListQuerySchema,
  taskListQuerySchema,
  estimatePageSchema,
  estimateSchema,
  estimatePictureParamsSchema,
  estimatePictureSchema,
  estimateUsageSchema,
  MAX_PICTURE_BYTES,
  PICTURE_MESSAGES,
} from '#domain/schemas/estimate-api.schema';
import {
  automotiveEstimateSchema,
  estimateStatusSchema,
  updateEstimateSchema,
} from '#domain/schemas/estimate.schema';
import { feedPageSchema, feedRecommendationsSchema } from '#domain/schemas/task-feed.schema';
import { AppError, unauthenticated } from '#server/errors';
import { precomputedJson, sendPrecomputed } from '#server/lib/serializer';
import { createEstimatesService } from './estimates.service.ts';
import { createPicturesService } from './pictures.service.ts';
import { createTaskFeedService } from './task-feed.service.ts';

const params = estimateIdParamsSchema;

export const estimatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEstimatesService(app.ctx);
  const pictures = createPicturesService(app.ctx, service);
  const feed = createTaskFeedService(app.ctx);
  const tags = ['estimates'];
  // Multipart bodies only in this plugin (the picture upload): one file of at most 10 MB, nothing else.
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50 },
  });

  /** The signed-in caller (the access hook has already refused anonymous calls). */
  const caller = (req: { user: { id: string; role: 'customer' | 'provider' | 'admin' } | null }) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };
  const callerRow = (req: { userRow: Parameters<typeof service.create>[0] | null }) => {
    if (!req.userRow) throw unauthenticated();
    return req.userRow;
  };
  /** The caller with their session row, for the reads that annotate a provider's access. */
  const viewer = (req: Parameters<typeof caller>[0] & Parameters<typeof callerRow>[0]) => ({
    ...caller(req),
    user: callerRow(req),
  });

  app.post(
    '/api/estimates',
    {
      config: { access: ['customer', 'admin'] },
      schema: { tags, body: createEstimateSchema, response: { 201: estimateSchema } },
    },
    async (req, reply) => {
      const estimate = await service.create(callerRow(req), caller(req).role, req.body);
      return reply.status(201).send(estimate);
    },
  );

  // The owner's new draft from one of their estimates (any status), priced again and counted as a save.
  app.post(
    '/api/estimates/:id/copy',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, response: { 201: estimateSchema } },
    },
    async (req, reply) => {
      const estimate = await service.copy(callerRow(req), caller(req).role, req.params.id);
      return reply.status(201).send(estimate);
    },
  );

  for (const url of ['/api/estimates', '/api/my-estimates']) {
    app.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, querystring: estimateListQuerySchema, response: { 200: estimatePageSchema } },
      },
      async (req) => service.listOwn(viewer(req), req.query),
    );
  }

  for (const url of ['/api/estimates/posted', '/api/posted-estimates']) {
    app.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, querystring: postedListQuerySchema, response: { 200: estimatePageSchema } },
      },
      async (req) => service.listPosted(viewer(req), req.query),
    );
  }

  // The providers' task lists: posted work and the live projects their plan opens, for providers and admins.
  for (const url of ['/api/tasks', '/api/tasks/posted']) {
    app.get(
      url,
      {
        config: { access: ['provider', 'admin'] },
        schema: { tags, querystring: taskListQuerySchema, response: { 200: feedPageSchema } },
      },
      async (req) => feed.list(viewer(req), req.query),
    );
  }

  for (const url of ['/api/recommendations', '/api/tasks/recommendations']) {
    app.get(
      url,
      { config: { access: ['provider'] }, schema: { tags, response: { 200: feedRecommendationsSchema } } },
      async (req) => feed.recommendations(viewer(req)),
    );
  }

  app.get(
    '/api/estimates/usage',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: estimateUsageSchema } } },
    async (req) => service.usage(callerRow(req), caller(req).role),
  );

  app.get(
    '/api/estimates/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, response: { 200: estimateSchema } },
    },
    async (req) => service.get(viewer(req), req.params.id),
  );

  app.patch(
    '/api/estimates/:id/post',
    {
      config: { access: 'authenticated', requireVerifiedEmail: true },
      schema: { tags, params, response: { 200: estimateSchema } },
    },
    async (req) => service.changeStatus(callerRow(req), caller(req).role, req.params.id, 'posted'),
  );

  app.put(
    '/api/estimates/:id/status',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, body: estimateStatusSchema, response: { 200: estimateSchema } },
    },
    async (req) => service.changeStatus(callerRow(req), caller(req).role, req.params.id, req.body.status),
  );

  // The owner's title and description, before and after posting (the bidders are told of an edit once posted).
  app.patch(
    '/api/estimates/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, body: updateEstimateSchema, response: { 200: estimateSchema } },
    },
    async (req) => service.updateText(callerRow(req), req.params.id, req.body),
  );

  for (const base of ['/api/estimates', '/api/posted-estimates', '/api/my-estimates']) {
    app.delete(
      `${base}/:id`,
      { config: { access: 'authenticated' }, schema: { tags, params } },
      async (req, reply) => {
        await service.remove(callerRow(req), req.params.id);
        return reply.status(204).send();
      },
    );
  }

  // Pictures (premium): upload one at a time as multipart/form-data; read with the estimate's visibility.
  app.post(
    '/api/estimates/:id/pictures',
    {
      config: { access: ['customer', 'admin'] },
      schema: { tags, params, response: { 201: estimatePictureSchema } },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.missing);
      const picture = await pictures.add(callerRow(req), caller(req).role, req.params.id, async () => {
        try {
          const file = await req.file();
          if (!file) throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.missing);
          return await file.toBuffer();
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', PICTURE_MESSAGES.tooLarge);
          }
          throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.missing);
        }
      });
      return reply.status(201).send(picture);
    },
  );

  app.get(
    '/api/estimates/:id/pictures',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, response: { 200: z.array(estimatePictureSchema) } },
    },
    async (req) => pictures.list(viewer(req), req.params.id),
  );

  app.get(
    '/api/estimates/:id/pictures/:pictureId',
    { config: { access: 'authenticated' }, schema: { tags, params: estimatePictureParamsSchema } },
    async (req, reply) => {
      return sendStoredImage(
        req,
        reply,
        await pictures.bytes(viewer(req), req.params.id, req.params.pictureId),
      );
    },
  );

  app.delete(
    '/api/estimates/:id/pictures/:pictureId',
    { config: { access: 'authenticated' }, schema: { tags, params: estimatePictureParamsSchema } },
    async (req, reply) => {
      await pictures.remove(callerRow(req), req.params.id, req.params.pictureId);
      return reply.status(204).send();
    },
  );

  // Automotive: reference data and a pure price calculation, open to anyone.
  const automotiveBody = precomputedJson(automotiveCatalogSchema, automotiveCatalog());
  app.get(
    '/api/catalog/automotive',
    { config: { access: 'public' }, schema: { tags, response: { 200: automotiveCatalogSchema } } },
    async (req, reply) => sendPrecomputed(req, reply, automotiveBody, 'public, max-age=300'),
  );

  app.post(
    '/api/estimate/automotive',
    {
      config: { access: 'public' },
      schema: { tags, body: automotiveEstimateSchema, response: { 200: automotivePriceSchema } },
    },
    async (req) => {
      const { grade, items } = req.body;
      const price = priceAutomotive(grade, items);
      return {
        totalCost: price.totalCost,
        totalCents: price.totalCents,
        subtotalCents: price.subtotalCents,
        grade,
        gradeMultiplier: price.gradeMultiplier,
        lines: price.lines,
      };
    },
  );
};
