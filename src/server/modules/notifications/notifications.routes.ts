// The notification centre (decisions 0021, 0043): every signed-in person's notifications (the list, paged, unread
// only on request, with the unread count), marking read, the email choice per kind and the old all-or-defaults
// switch; the one-click unsubscribe of a mail's kind (no session: the signed link is the proof); the admins' view of
// notification mail. The mail itself is composed and sent as recurring scheduled work, every
// NOTIFICATION_DIGEST_SECONDS across all instances (0 turns the timer off; decision 0033), and at once on the
// instance whose commit wrote notifications.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMailListSchema,
  adminMailQuerySchema,
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSettingsSchema,
} from '#domain/schemas/notification.schema';
import {
  createNotificationsService,
  registerNotificationWrites,
  registerPriorityPushes,
} from './notifications.service.ts';
import { AppError } from '#server/errors';
import { registerMessageUnread } from './message-unread.ts';
import { registerNotificationMail } from './notification-mail.ts';
import * as mailRepo from './notification-mail.repo.ts';
import { createNotificationPreferences, InvalidUnsubscribeLink } from './notification-preferences.ts';
import { donePage, invalidPage, undonePage } from './unsubscribe-page.ts';

const tags = ['notifications'];
/**
 * Every signed-in person, an admin who must still turn two-step verification on included: the bell is the shell's
 * own count and the email choices are on their own /settings (decision 0028).
 */
const everyone = { access: 'authenticated', openBeforeTwoStep: true } as const;

/** The token of an unsubscribe link; checked by its signature, so any text is accepted here. */
const unsubscribeQuerySchema = z.object({ token: z.string().max(2000).optional() });
/** The undo's form field: kind:choice pairs, comma separated. */
const parseRestore = (body: unknown): Record<string, string> => {
  const raw = typeof body === 'string' ? new URLSearchParams(body).get('restore') : null;
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const [kind, choice] = pair.split(':');
    if (kind && choice) out[kind] = choice;
  }
  return out;
};

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotificationsService(app.ctx);
  const preferences = createNotificationPreferences(app.ctx);
  registerNotificationWrites(app.ctx.events);
  registerPriorityPushes(app.realtime, app.ctx.db);
  registerMessageUnread(app.ctx);
  const mail = registerNotificationMail(app.ctx, app.log);
  // Closing waits for a mail run this instance started on a commit.
  app.addHook('onClose', async () => mail.close());

  app.get(
    '/api/notifications',
    {
      config: everyone,
      schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListSchema } },
    },
    async (req) => service.list(req.user!.id, req.query),
  );

  app.post(
    '/api/notifications/read',
    {
      config: everyone,
      schema: {
        tags,
        body: markNotificationsReadSchema,
        response: { 200: markNotificationsReadResponseSchema },
      },
    },
    async (req) => service.markRead(req.user!.id, req.body.ids),
  );

  app.get(
    '/api/notifications/preferences',
    { config: everyone, schema: { tags, response: { 200: notificationPreferencesSchema } } },
    async (req) => preferences.get(req.user!.id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: everyone,
      schema: {
        tags,
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => preferences.update(req.user!.id, req.body),
  );

  app.get(
    '/api/notifications/settings',
    { config: everyone, schema: { tags, response: { 200: notificationSettingsSchema } } },
    async (req) => preferences.settings(req.user!.id),
  );

  app.put(
    '/api/notifications/settings',
    {
      config: everyone,
      schema: { tags, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
    },
    async (req) => preferences.saveSettings(req.user!.id, req.body),
  );

  app.get(
    '/api/admin/mail',
    {
      config: { access: ['admin'] },
      schema: { tags: ['admin'], querystring: adminMailQuerySchema, response: { 200: adminMailListSchema } },
    },
    async (req) => {
      const { rows, total } = await mailRepo.listMail(app.ctx.db, req.query);
      return {
        items: rows.map((r) => ({
          ...r,
          status: r.status as 'pending' | 'sent' | 'failed',
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
        })),
        total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      };
    },
  );

  // The unsubscribe link's pages: public (no session), and the one-click POST also from anywhere (a mail provider
  // posts it, RFC 8058), whatever its body; form bodies are read only here.
  await app.register(unsubscribeRoutes(preferences));
};

/** The unsubscribe pages, in a scope of their own (its form-body parsers reach no other route). */
const unsubscribeRoutes =
  (preferences: ReturnType<typeof createNotificationPreferences>): FastifyPluginAsyncZod =>
  async (pub) => {
    pub.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    // A link that is not valid: the 400 page for a browser (it asks for HTML), the API's error shape for the rest.
    const answer = async (req: FastifyRequest, reply: FastifyReply, run: () => Promise<string>) => {
      try {
        return html(reply, 200, await run());
      } catch (err) {
        if (!(err instanceof InvalidUnsubscribeLink)) throw err;
        if (String(req.headers.accept ?? '').includes('text/html')) return html(reply, 400, invalidPage());
        throw new AppError('BAD_REQUEST', err.message);
      }
    };

    pub.get(
      '/unsubscribe',
      { config: { access: 'public' }, schema: { hide: true, querystring: unsubscribeQuerySchema } },
      async (req, reply) =>
        answer(req, reply, async () =>
          donePage(await preferences.unsubscribe(req.query.token), req.query.token!),
        ),
    );

    pub.post(
      '/unsubscribe',
      {
        config: { access: 'public', crossSite: true },
        schema: { hide: true, querystring: unsubscribeQuerySchema },
      },
      async (req, reply) =>
        answer(req, reply, async () =>
          donePage(await preferences.unsubscribe(req.query.token), req.query.token!),
        ),
    );

    pub.post(
      '/unsubscribe/undo',
      { config: { access: 'public' }, schema: { hide: true, querystring: unsubscribeQuerySchema } },
      async (req, reply) =>
        answer(req, reply, async () =>
          undonePage(await preferences.undo(req.query.token, parseRestore(req.body))),
        ),
    );
  };
