// Bids: POST /api/tasks/{id}/bid (with an optional quote), GET /api/tasks/bids, GET /api/bids/provider,
// PUT /api/bids/{bidId}/quote and DELETE /api/bids/{bidId} for providers; GET /api/estimates/{id}/bids for the
// owner (accepting one hires: the jobs module); GET /api/bids/{bidId}/quote.pdf for the provider, the owner and
// admins. The quotes' expiry runs here as scheduled work (quoteExpiry).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  estimateBidsResponseSchema,
  placeBidResponseSchema,
  providerBidsResponseSchema,
  taskBidsResponseSchema,
  withdrawBidResponseSchema,
} from '#domain/schemas/bid.schema';
import { quoteBodySchema, saveQuoteResponseSchema } from '#domain/schemas/quote.schema';
import { unauthenticated } from '#server/errors';
import { createBidsService } from './bids.service.ts';

const tags = ['bids'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const bidParams = z.object({ bidId: z.string().min(1).max(100) });
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
        // Optional: Send Bid is one click with an empty body; with a quote, the bid and its quote at once.
        body: quoteBodySchema.nullish(),
        response: { 200: placeBidResponseSchema, 201: placeBidResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.userRow) throw unauthenticated();
      const result = await service.place(req.userRow, req.params.id, req.body);
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

  app.put(
    '/api/bids/:bidId/quote',
    {
      config: { access: ['provider'], requireVerifiedEmail: true },
      schema: {
        tags,
        params: bidParams,
        body: quoteBodySchema,
        response: { 200: saveQuoteResponseSchema, 201: saveQuoteResponseSchema },
      },
    },
    async (req, reply) => {
      const { created, ...result } = await service.saveQuote(req.user!, req.params.bidId, req.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/api/bids/:bidId',
    {
      config: { access: ['provider'] },
      schema: { tags, params: bidParams, response: { 200: withdrawBidResponseSchema } },
    },
    async (req) => service.withdraw(req.user!, req.params.bidId),
  );

  app.get(
    '/api/bids/:bidId/quote.pdf',
    { config: { access: 'authenticated' }, schema: { tags, params: bidParams } },
    async (req, reply) => {
      const { pdf, fileName } = await service.quotePdf(req.user!, req.params.bidId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // A quote's expiry: due at the end of its validUntil day, once across instances.
  app.ctx.work.handle('quoteExpiry', async (item) => service.expireQuote(item.payload));
};
