// Health, readiness, public configuration and the region list.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regions } from '#domain/regions/index';

const FIVE_MINUTES = 'public, max-age=300';

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

const configResponse = z.object({
  BETA_MODE: z.boolean(),
  BETA_BANNER_TEXT: z.string(),
  BETA_FEEDBACK_URL: z.string(),
});

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

  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['platform'], response: { 200: configResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', FIVE_MINUTES);
      return {
        BETA_MODE: config.BETA_MODE,
        BETA_BANNER_TEXT: config.BETA_BANNER_TEXT,
        BETA_FEEDBACK_URL: config.BETA_FEEDBACK_URL,
      };
    },
  );

  const regionList = regions.map((r) => ({ id: r.id, name: r.name, state: r.state }));
  const locationList = regions.map((r) => ({ location: r.location, multiplier: r.multiplier }));

  app.get(
    '/api/regions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        response: { 200: z.array(z.object({ id: z.number(), name: z.string(), state: z.string() })) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', FIVE_MINUTES);
      return regionList;
    },
  );

  app.get(
    '/api/geo/locations',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        response: { 200: z.array(z.object({ location: z.string(), multiplier: z.number() })) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', FIVE_MINUTES);
      return locationList;
    },
  );
};
