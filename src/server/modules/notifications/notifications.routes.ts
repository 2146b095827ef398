// Provider notifications (decision 0021): the list (newest first, paged, unread only on request) with the New
// Notifications count, marking read, and the email digest switch. The digest is recurring scheduled work, run once
// every NOTIFICATION_DIGEST_SECONDS across all instances (0 turns it off here; decision 0033); the database decides
// who mails whom.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
} from '#domain/schemas/notification.schema';
import {
  createNotificationsService,
  registerJobCancelledMail,
  registerNotificationWrites,
  registerPriorityPushes,
} from './notifications.service.ts';
import { registerMessageUnread } from './message-unread.ts';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotificationsService(app.ctx);
  registerNotificationWrites(app.ctx.events);
  registerJobCancelledMail(app.ctx);
  registerPriorityPushes(app.realtime, app.ctx.db);
  registerMessageUnread(app.ctx);

  app.get(
    '/api/notifications',
    {
      config: { access: ['provider'] },
      schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListSchema } },
    },
    async (req) => service.list(req.user!.id, req.query),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: ['provider'] },
      schema: {
        tags,
        body: markNotificationsReadSchema,
        response: { 200: markNotificationsReadResponseSchema },
      },
    },
    async (req) => service.markRead(req.user!.id, req.body.ids),
  );

  app.get(
    '/api/notifications/settings',
    { config: { access: ['provider'] }, schema: { tags, response: { 200: notificationSettingsSchema } } },
    async (req) => service.settings(req.user!.id),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: { access: ['provider'] },
      schema: { tags, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
    },
    async (req) => service.saveSettings(req.user!.id, req.body),
  );
};
