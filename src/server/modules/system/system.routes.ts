// Health, readiness, public configuration and the region list. The last three are reference data: fixed while the
// server runs, so each body is serialized once at start and sent with a strong ETag (If-None-Match gets 304).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regions } from '#domain/regions/index';
import { publicConfigSchema, regionListSchema } from '#domain/schemas/system.schema';
import { precomputedJson, sendPrecomputed } from '#server/lib/serializer';

const FIVE_MINUTES = 'public, max-age=300';

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

const locationsResponse = z.array(z.object({ location: z.string(), multiplier: z.number() }));

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.ctx;

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: readiness, 503: readiness } } },
    async (req, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const, database: database.kind };
      } catch (err) {
        req.log.error({ err }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );

  const configBody = precomputedJson(publicConfigSchema, {
    BETA_MODE: config.BETA_MODE,
    BETA_BANNER_TEXT: config.BETA_BANNER_TEXT,
    BETA_FEEDBACK_URL: config.BETA_FEEDBACK_URL,
  });
  const regionsBody = precomputedJson(regionListSchema, regions);
  const locationsBody = precomputedJson(locationsResponse, regions);

  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['platform'], response: { 200: publicConfigSchema } } },
    async (req, reply) => sendPrecomputed(req, reply, configBody, FIVE_MINUTES),
  );

  app.get(
    '/api/regions',
    { config: { access: 'public' }, schema: { tags: ['platform'], response: { 200: regionListSchema } } },
    async (req, reply) => sendPrecomputed(req, reply, regionsBody, FIVE_MINUTES),
  );

  app.get(
    '/api/geo/locations',
    { config: { access: 'public' }, schema: { tags: ['platform'], response: { 200: locationsResponse } } },
    async (req, reply) => sendPrecomputed(req, reply, locationsBody, FIVE_MINUTES),
  );
};
