// Site visits (decision 0049). The routes say "site visits": /api/visits counts page views for the admin's
// analytics. Proposing is a bidder's (a provider with a pending bid on the posted estimate; anyone else 404);
// every other route is for the visit's two parties, and anyone else, admins included, gets 404 as for an unknown
// visit. Choosing and declining are the customer's (the provider 403).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  siteVisitCancelSchema,
  siteVisitChooseSchema,
  siteVisitDeclineSchema,
  siteVisitDisputeSchema,
  siteVisitListQuerySchema,
  siteVisitListSchema,
  siteVisitProposalSchema,
  siteVisitSchema,
} from '#domain/schemas/site-visit.schema';
import { unauthenticated } from '#server/errors';
import { createSiteVisitsService, registerSiteVisitWork } from './site-visits.service.ts';

const tags = ['site-visits'];
const params = z.object({ id: z.string().min(1).max(100) });
const signedIn = 'authenticated' as const;

export const siteVisitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSiteVisitsService(app.ctx);
  registerSiteVisitWork(app.ctx, service);

  const viewer = (req: { user: { id: string; role: string } | null }) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };

  app.post(
    '/api/estimates/:id/site-visits',
    {
      config: { access: ['provider'] },
      schema: { tags, params, body: siteVisitProposalSchema, response: { 201: siteVisitSchema } },
    },
    async (req, reply) => reply.status(201).send(await service.propose(viewer(req), req.params.id, req.body)),
  );

  app.get(
    '/api/site-visits',
    {
      config: { access: signedIn },
      schema: { tags, querystring: siteVisitListQuerySchema, response: { 200: siteVisitListSchema } },
    },
    async (req) => service.list(viewer(req), req.query),
  );

  app.post(
    '/api/site-visits/:id/choose',
    {
      config: { access: signedIn },
      schema: { tags, params, body: siteVisitChooseSchema, response: { 200: siteVisitSchema } },
    },
    async (req) => service.choose(viewer(req), req.params.id, req.body.slot),
  );

  app.post(
    '/api/site-visits/:id/decline',
    {
      config: { access: signedIn },
      schema: { tags, params, body: siteVisitDeclineSchema, response: { 200: siteVisitSchema } },
    },
    async (req) => service.decline(viewer(req), req.params.id, req.body.note),
  );

  app.post(
    '/api/site-visits/:id/cancel',
    {
      config: { access: signedIn },
      schema: { tags, params, body: siteVisitCancelSchema, response: { 200: siteVisitSchema } },
    },
    async (req) => service.cancel(viewer(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/site-visits/:id/no-show',
    { config: { access: signedIn }, schema: { tags, params, response: { 200: siteVisitSchema } } },
    async (req) => service.noShow(viewer(req), req.params.id),
  );

  app.post(
    '/api/site-visits/:id/dispute',
    {
      config: { access: signedIn },
      schema: { tags, params, body: siteVisitDisputeSchema, response: { 200: siteVisitSchema } },
    },
    async (req) => service.dispute(viewer(req), req.params.id, req.body.note),
  );
};
