// The messaging calls: send, the conversation list, unread count, threads (oldest first, paged backwards with
// `before`), read marks and deletion; the admin's message threads; and what messaging sends over the /ws channel
// (messaging.realtime.ts, on the app's realtime plugin).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { markReadSchema, sendMessageSchema } from '#domain/schemas/message.schema';
import {
  adminMessagesQuerySchema,
  adminMessagesResponseSchema,
  conversationListSchema,
  deleteMessageResponseSchema,
  markReadResponseSchema,
  sendMessageResponseSchema,
  threadQuerySchema,
  threadSchema,
  unreadCountSchema,
} from '#domain/schemas/message-api.schema';
import { unauthenticated } from '#server/errors';
import * as repo from './messaging.repo.ts';
import * as messaging from './messaging.service.ts';
import { adminThreads } from './messaging.admin.ts';
import { registerMessagingRealtime } from './messaging.realtime.ts';

const idParam = z.string().min(1).max(100);

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Users who share a conversation see each other's first name and role (GET /api/users/{id}, chat headers).
  ctx.userVisibility.addRule('messages', (db, viewer, targetIds) =>
    repo.conversationPartners(db, viewer.id, targetIds),
  );
  registerMessagingRealtime(app);

  function actorOf(req: FastifyRequest): messaging.Actor {
    if (!req.userRow || !req.user) throw unauthenticated();
    return { row: req.userRow, role: req.user.role };
  }

  const tags = ['messages'];

  app.post(
    '/api/messages',
    {
      config: { access: 'authenticated', requireVerifiedEmail: true },
      schema: { tags, body: sendMessageSchema, response: { 201: sendMessageResponseSchema } },
    },
    async (req, reply) => {
      const message = await messaging.send(ctx, actorOf(req), req.body);
      return reply.status(201).send({ message });
    },
  );

  app.get(
    '/api/messages',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: conversationListSchema } } },
    async (req) => messaging.conversationsOf(ctx, actorOf(req).row.id),
  );

  app.get(
    '/api/messages/unread-count',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags, response: { 200: unreadCountSchema } },
    },
    async (req) => ({ unreadCount: await messaging.unread(ctx, actorOf(req).row.id) }),
  );

  app.get(
    '/api/messages/conversation/:estimateId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: z.object({ estimateId: idParam }),
        querystring: threadQuerySchema,
        response: { 200: threadSchema },
      },
    },
    async (req) => messaging.thread(ctx, actorOf(req), req.params.estimateId, null, req.query),
  );

  app.get(
    '/api/messages/estimate/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: z.object({ id: idParam }),
        querystring: threadQuerySchema,
        response: { 200: threadSchema },
      },
    },
    async (req) => messaging.thread(ctx, actorOf(req), req.params.id, null, req.query),
  );

  app.get(
    '/api/messages/:estimateId/:userId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: z.object({ estimateId: idParam, userId: idParam }),
        querystring: threadQuerySchema,
        response: { 200: threadSchema },
      },
    },
    async (req) => messaging.thread(ctx, actorOf(req), req.params.estimateId, req.params.userId, req.query),
  );

  app.patch(
    '/api/messages/mark-read',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: markReadSchema, response: { 200: markReadResponseSchema } },
    },
    async (req) => {
      const userId = actorOf(req).row.id;
      const updated = await messaging.markRead(ctx, userId, req.body.messageIds);
      return { updated, unreadCount: await messaging.unread(ctx, userId) };
    },
  );

  app.delete(
    '/api/messages/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: z.object({ id: idParam }), response: { 200: deleteMessageResponseSchema } },
    },
    async (req) => ({ message: await messaging.remove(ctx, actorOf(req), req.params.id) }),
  );

  app.get(
    '/api/admin/messages',
    {
      config: { access: ['admin'] },
      schema: { tags, querystring: adminMessagesQuerySchema, response: { 200: adminMessagesResponseSchema } },
    },
    async (req) => adminThreads(ctx.db, req.query),
  );
};
