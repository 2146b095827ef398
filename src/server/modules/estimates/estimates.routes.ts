// The estimates calls (spec part 2 section 7): save from the wizard (priced by the server), read one, the
// owner's lists and the posted lists (paged and filtered on the server), post, status changes and delete (the
// owner only; anyone else gets 404), the plan usage, and the automotive catalogue and price.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { automotiveCatalog, priceAutomotive } from '#domain/catalog/automotive';
import { gradeMultipliers } from '#domain/pricing';
import {
  automotiveCatalogSchema,
  automotivePriceSchema,
  createEstimateSchema,
  estimateIdParamsSchema,
  estimateListQuerySchema,
  estimatePageSchema,
  estimateSchema,
  estimateUsageSchema,
} from '#domain/schemas/estimate-api.schema';
import { automotiveEstimateSchema, estimateStatusSchema } from '#domain/schemas/estimate.schema';
import { unauthenticated } from '#server/errors';
import { precomputedJson, sendPrecomputed } from '#server/lib/serializer';
import { createEstimatesService } from './estimates.service.ts';

const params = estimateIdParamsSchema;

export const estimatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createEstimatesService(app.ctx);
  const tags = ['estimates'];

  /** The signed-in caller (the access hook has already refused anonymous calls). */
  const caller = (req: { user: { id: string; role: 'customer' | 'provider' | 'admin' } | null }) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };
  const callerRow = (req: { userRow: Parameters<typeof service.create>[0] | null }) => {
    if (!req.userRow) throw unauthenticated();
    return req.userRow;
  };

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

  for (const url of ['/api/estimates', '/api/my-estimates']) {
    app.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, querystring: estimateListQuerySchema, response: { 200: estimatePageSchema } },
      },
      async (req) => service.listOwn(caller(req), req.query),
    );
  }

  for (const url of ['/api/estimates/posted', '/api/posted-estimates']) {
    app.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, querystring: estimateListQuerySchema, response: { 200: estimatePageSchema } },
      },
      async (req) => service.listPosted(caller(req), req.query),
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
    async (req) => service.get(caller(req), req.params.id),
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

  // Automotive (spec part 2 sections 2 and 7): reference data and a pure price calculation, open to anyone.
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
        gradeMultiplier: gradeMultipliers[grade],
        lines: price.lines,
      };
    },
  );
};
