// ZIP codes and service areas (decision 0048): the place of a ZIP code, open to anyone (the wizard and the forms
// ask it before sign-in), and a provider's own service area.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  serviceAreaBodySchema,
  serviceAreaSchema,
  zipParamsSchema,
  zipPlaceSchema,
} from '#domain/schemas/geo.schema';
import { unauthenticated } from '#server/errors';
import { createGeoService } from './geo.service.ts';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createGeoService(app.ctx);
  const tags = ['geo'];
  const me = (req: { user: { id: string } | null }) => {
    if (!req.user) throw unauthenticated();
    return req.user.id;
  };

  app.get(
    '/api/geo/zip/:zip',
    {
      config: { access: 'public' },
      schema: { tags, params: zipParamsSchema, response: { 200: zipPlaceSchema } },
    },
    async (req) => service.zipPlace(req.params.zip),
  );

  app.get(
    '/api/provider/service-area',
    { config: { access: ['provider'] }, schema: { tags, response: { 200: serviceAreaSchema } } },
    async (req) => service.serviceArea(me(req)),
  );

  app.put(
    '/api/provider/service-area',
    {
      config: { access: ['provider'] },
      schema: { tags, body: serviceAreaBodySchema, response: { 200: serviceAreaSchema } },
    },
    async (req) => service.setServiceArea(me(req), req.body),
  );
};
