// The messaging calls (spec part 1 section 7): send, the conversation list, unread count, threads (oldest first,
// paged backwards with `before`), read marks and deletion; the admin's message threads; and the /ws channel
// (messaging.ws.ts). One service and one hub per app instance.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import websocket from '@fastify/websocket';
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
import type { AppEvents } from '#server/core/app-events';
import type { Executor } from '#server/db/client';
import { unreadNotificationCount } from '#server/modules/notifications';
import { toPublicUser, type UserRow } from '#server/modules/users';
import type { FastifyRequest } from 'fastify';
import { createHub, type Client, type HubEvent, type LocalSockets } from './messaging.hub.ts';
import * as repo from './messaging.repo.ts';
import { createMessagingService, toMessage, type Actor } from './messaging.service.ts';
import { adminThreads } from './messaging.admin.ts';
import { messagesWithheld, registerWs, type WsOptions } from './messaging.ws.ts';

const idParam = z.string().min(1).max(100);

export interface MessagingOptions {
  ws?: Partial<WsOptions>;
}

export const messagingRoutes: FastifyPluginAsyncZod<MessagingOptions> = async (app, opts) => {
  const { db, now, database, events } = app.ctx;

  // Users who share a conversation see each other's first name and role (GET /api/users/{id}, chat headers).
  app.ctx.userVisibility.addRule('messages', (db, viewer, targetIds) =>
    repo.conversationPartners(db, viewer.id, targetIds),
  );

  const roleOf = (row: UserRow) => toPublicUser(row, now()).role;

  async function deliver(event: HubEvent, local: LocalSockets) {
    switch (event.kind) {
      case 'message': {
        // A socket that reconnected from a later message has this one already (it arrives late when this
        // instance is behind): it is not sent again.
        const behind = (c: Client) =>
          c.id !== event.connectionId && event.seq !== undefined && (c.caughtUpTo ?? 0) >= event.seq;
        const receiving = local.of(event.receiverId);
        const withheld =
          receiving.length > 0 &&
          (await messagesWithheld(db, app.ctx.config.ADMIN_TWO_STEP, roleOf, event.receiverId));
        const toReceiver = withheld ? [] : receiving.filter((c) => !behind(c));
        const toSender = local.of(event.senderId).filter((c) => !behind(c));
        if (withheld) {
          const unreadCount = await repo.unreadCount(db, event.receiverId);
          for (const c of receiving) local.send(c, { type: 'unreadCount', unreadCount });
        }
        if (toReceiver.length === 0 && toSender.length === 0) return;
        let message = event.message;
        if (!message) {
          const view = await repo.findMessageView(db, event.messageId);
          if (!view) return;
          message = toMessage(view);
        }
        for (const c of toReceiver) local.send(c, { type: 'messageReceived', message }, event.seq);
        for (const c of toSender) {
          local.send(
            c,
            c.id === event.connectionId
              ? { type: 'messageSent', clientId: event.clientId, message }
              : { type: 'messageReceived', message },
            c.id === event.connectionId ? undefined : event.seq,
          );
        }
        if (toReceiver.length > 0) {
          const unreadCount = await repo.unreadCount(db, event.receiverId);
          for (const c of toReceiver) local.send(c, { type: 'unreadCount', unreadCount });
        }
        return;
      }
      case 'read': {
        for (const senderId of event.senderIds) {
          for (const c of local.of(senderId)) {
            local.send(c, {
              type: 'messagesRead',
              messageIds: event.messageIds,
              readerId: event.readerId,
              readAt: event.readAt,
            });
          }
        }
        const readers = local.of(event.readerId);
        if (readers.length > 0) {
          const unreadCount = await repo.unreadCount(db, event.readerId);
          for (const c of readers) local.send(c, { type: 'unreadCount', unreadCount });
        }
        return;
      }
      case 'deleted': {
        const targets = [...local.of(event.senderId), ...local.of(event.receiverId)];
        if (targets.length === 0) return;
        const view = await repo.findMessageView(db, event.messageId);
        if (!view) return;
        const message = toMessage(view);
        for (const c of targets) local.send(c, { type: 'messageDeleted', message });
        const receivers = local.of(event.receiverId);
        if (receivers.length > 0) {
          const unreadCount = await repo.unreadCount(db, event.receiverId);
          for (const c of receivers) local.send(c, { type: 'unreadCount', unreadCount });
        }
        return;
      }
      case 'notified': {
        for (const userId of event.userIds) {
          const sockets = local.of(userId);
          if (sockets.length === 0) continue;
          const unreadCount = await unreadNotificationCount(db, userId);
          for (const c of sockets) local.send(c, { type: 'notifications', unreadCount });
        }
        return;
      }
      case 'closeSessions': {
        if (event.tokenHash && event.renewedTo) {
          for (const c of hubClients()) if (c.tokenHash === event.tokenHash) c.tokenHash = event.renewedTo;
          return;
        }
        const candidates: Client[] = event.userId ? local.of(event.userId) : [];
        const all = event.tokenHash ? [...hubClients()] : candidates;
        for (const c of all) {
          if (event.tokenHash && c.tokenHash !== event.tokenHash) continue;
          if (event.exceptTokenHash && c.tokenHash === event.exceptTokenHash) continue;
          local.close(c, 4401, 'Signed out');
        }
        return;
      }
    }
  }

  const hub = createHub({
    database,
    deliver,
    onError: (err) => app.log.error({ err }, 'messaging fan-out failed'),
  });
  const hubClients = () => hub.clients();
  const service = createMessagingService(app.ctx);

  /**
   * Carries an event to the sockets of every instance: on PostgreSQL its NOTIFY goes out in the writer's
   * transaction (heard at commit, in commit order, never for a write that rolled back); on the embedded database
   * it is delivered in process once the write committed.
   */
  function carry<K extends keyof AppEvents>(name: K, toHub: (payload: AppEvents[K]) => HubEvent | null) {
    const publish = async (payload: AppEvents[K], tx?: Executor) => {
      const event = toHub(payload);
      if (event) await hub.publish(event, tx);
    };
    if (hub.publishesAtCommit) events.inTransaction(name, (tx, payload) => publish(payload, tx));
    else events.afterCommit(name, (payload) => publish(payload));
  }
  carry('messageSent', ({ message, seq, origin }) => ({
    kind: 'message',
    messageId: message.id,
    seq,
    senderId: message.senderId,
    receiverId: message.receiverId,
    connectionId: origin?.connectionId ?? null,
    clientId: origin?.clientId ?? null,
    message,
  }));
  carry('messagesRead', (read) => ({ kind: 'read', ...read }));
  carry('messageDeleted', (deleted) => ({ kind: 'deleted', ...deleted }));
  carry('sessionsEnded', (ended) => ({ kind: 'closeSessions', ...ended }));
  carry('notificationsCreated', ({ priorityUserIds }) =>
    priorityUserIds.length > 0 ? { kind: 'notified', userIds: priorityUserIds } : null,
  );

  await hub.start();
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  function actorOf(req: FastifyRequest): Actor {
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
      const message = await service.send(actorOf(req), req.body);
      return reply.status(201).send({ message });
    },
  );

  app.get(
    '/api/messages',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: conversationListSchema } } },
    async (req) => service.conversationsOf(actorOf(req).row.id),
  );

  app.get(
    '/api/messages/unread-count',
    {
      config: { access: 'authenticated', openBeforeTwoStep: true },
      schema: { tags, response: { 200: unreadCountSchema } },
    },
    async (req) => ({ unreadCount: await service.unread(actorOf(req).row.id) }),
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
    async (req) => service.thread(actorOf(req), req.params.estimateId, null, req.query),
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
    async (req) => service.thread(actorOf(req), req.params.id, null, req.query),
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
    async (req) => service.thread(actorOf(req), req.params.estimateId, req.params.userId, req.query),
  );

  app.patch(
    '/api/messages/mark-read',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: markReadSchema, response: { 200: markReadResponseSchema } },
    },
    async (req) => {
      const userId = actorOf(req).row.id;
      const updated = await service.markRead(userId, req.body.messageIds);
      return { updated, unreadCount: await service.unread(userId) };
    },
  );

  app.delete(
    '/api/messages/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: z.object({ id: idParam }), response: { 200: deleteMessageResponseSchema } },
    },
    async (req) => ({ message: await service.remove(actorOf(req), req.params.id) }),
  );

  app.get(
    '/api/admin/messages',
    {
      config: { access: ['admin'] },
      schema: { tags, querystring: adminMessagesQuerySchema, response: { 200: adminMessagesResponseSchema } },
    },
    async (req) => adminThreads(db, req.query),
  );

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerWs(app, {
    hub,
    service,
    db,
    now,
    appUrl: app.ctx.config.APP_URL,
    adminTwoStep: app.ctx.config.ADMIN_TWO_STEP,
    heartbeatMs: opts.ws?.heartbeatMs ?? app.ctx.config.WS_HEARTBEAT_MS,
    newId: randomUUID,
    toRole: roleOf,
  });
};
