// The public projects calls: post a project, the live lists, the owner's own projects, a project with the messages
// its viewer may read, a provider's message or offer, and the owner's connect and close actions. Browsing never
// needs an account; nothing a reader without a connection gets carries the owner's id, email or phone.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myProjectsQuerySchema,
  myProjectsSchema,
  postProjectResponseSchema,
  projectCloseResponseSchema,
  postProjectSchema,
  projectCitiesSchema,
  projectConnectResponseSchema,
  projectConnectSchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectListSchema,
  projectMessageResponseSchema,
  projectMessageSchema,
} from '#domain/schemas/project.schema';
import { unauthenticated } from '#server/errors';
import { createProjectsService } from './projects.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProjectsService(app.ctx);
  const tags = ['projects'];

  app.post(
    '/api/tasks/post',
    {
      config: { access: ['customer', 'admin'], requireVerifiedEmail: true },
      schema: { tags, body: postProjectSchema, response: { 201: postProjectResponseSchema } },
    },
    async (req, reply) => {
      if (!req.userRow) throw unauthenticated();
      const project = await service.post(req.userRow, req.body);
      return reply.status(201).send({ ok: true as const, project });
    },
  );

  for (const url of ['/api/public/projects', '/api/projects']) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: { tags, querystring: projectListQuerySchema, response: { 200: projectListSchema } },
      },
      async (req) => service.list(req.query),
    );
  }

  // The signed-in owner's projects (the customer dashboard's My projects).
  app.get(
    '/api/projects/mine',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: myProjectsQuerySchema, response: { 200: myProjectsSchema } },
    },
    async (req) => {
      if (!req.user) throw unauthenticated();
      return service.mine(req.user, req.query);
    },
  );

  app.get(
    '/api/projects/cities',
    { config: { access: 'public' }, schema: { tags, response: { 200: projectCitiesSchema } } },
    async () => service.cities(),
  );

  app.get(
    '/api/projects/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: idParams, response: { 200: projectDetailSchema } },
    },
    async (req) => service.detail(req.user, req.userRow, req.params.id),
  );

  app.post(
    '/api/projects/:id/messages',
    {
      config: { access: ['provider'], requireVerifiedEmail: true },
      schema: {
        tags,
        params: idParams,
        body: projectMessageSchema,
        response: { 201: projectMessageResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.userRow) throw unauthenticated();
      const message = await service.sendMessage(req.userRow, req.params.id, req.body);
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/api/projects/:id/connect',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: idParams,
        body: projectConnectSchema,
        response: { 200: projectConnectResponseSchema },
      },
    },
    async (req) => {
      if (!req.user) throw unauthenticated();
      return service.connect(req.user, req.params.id, req.body.providerUserId);
    },
  );

  app.post(
    '/api/projects/:id/close',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParams, response: { 200: projectCloseResponseSchema } },
    },
    async (req) => {
      if (!req.userRow) throw unauthenticated();
      return service.close(req.userRow, req.params.id);
    },
  );
};
