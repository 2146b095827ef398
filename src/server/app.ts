// buildApp(config) assembles the server without listening, so tests drive it with inject().
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppContext } from './context.ts';
import errorsPlugin from './plugins/errors.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import securityPlugin from './plugins/security.ts';
import sessionPlugin from './plugins/session.ts';
import sessionRenewalPlugin from './plugins/session-renewal.ts';
import accessPlugin from './plugins/access.ts';
import staticPlugin from './plugins/static.ts';
import realtimePlugin from './plugins/realtime.ts';
import hardeningPlugin from './plugins/hardening.ts';
import { logRequest, loggerOptions } from './logger.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { createMailer, type Mailer } from '#server/modules/mail';
import { sessionCookieName, sessionSettings, socketsSeen } from '#server/modules/sessions';
import { createMemoryStore, createPostgresStore } from '#server/modules/rate-limits';
import { createUserVisibility } from '#server/modules/users';
import { createEventBus } from './core/events.ts';
import { createScheduledWork, type ScheduledWorkOptions } from './core/scheduled-work.ts';
import type { AppEvents } from './core/app-events.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { visitsRoutes } from './modules/visits/visits.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { roleRequestsRoutes } from './modules/role-requests/role-requests.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { estimatesRoutes } from './modules/estimates/estimates.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { reputationRoutes } from './modules/reviews/reputation.routes.ts';
import { reviewsModerationRoutes } from './modules/reviews/reviews-moderation.routes.ts';
import { credentialsRoutes } from './modules/credentials/credentials.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { portfolioRoutes } from './modules/profiles/portfolio.routes.ts';
import { invitationsRoutes } from './modules/profiles/invitations.routes.ts';
import { sitemapRoutes } from './modules/profiles/sitemap.routes.ts';
import { costGuidesRoutes } from './modules/cost-guides/cost-guides.routes.ts';
import { siteVisitsRoutes } from './modules/site-visits/site-visits.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';

export type App = FastifyInstance & { withTypeProvider(): FastifyInstance };

/**
 * Every feature module's routes, registered in this order, each straight from its routes file: app.ts is the one
 * file that imports routes; modules use each other only through their front doors (index.ts).
 */
const modules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  visitsRoutes,
  authRoutes,
  devicesRoutes,
  devMailboxRoutes,
  projectsRoutes,
  usersRoutes,
  accountsRoutes,
  roleRequestsRoutes,
  subscriptionsRoutes,
  estimatesRoutes,
  adminRoutes,
  messagingRoutes,
  bidsRoutes,
  jobsRoutes,
  notificationsRoutes,
  reviewsRoutes,
  reputationRoutes,
  reviewsModerationRoutes,
  credentialsRoutes,
  profilesRoutes,
  portfolioRoutes,
  invitationsRoutes,
  sitemapRoutes,
  costGuidesRoutes,
  siteVisitsRoutes,
  geoRoutes,
];

export interface BuildOptions {
  database: Database;
  now?: () => Date;
  /** Log to nowhere (tests) unless set. */
  logger?: boolean;
  /** Replaces the mailer built from SMTP_URL (tests). */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** The scheduled-work worker's pace (tests shorten it). */
  work?: Pick<ScheduledWorkOptions, 'pollMs' | 'leaseMs' | 'stopWaitMs'>;
}

export async function buildApp(config: AppConfig, options: BuildOptions) {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // One line per request from logRequest instead of Fastify's two (incoming, completed).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts the nearest N hops whatever their address (Fastify itself now treats a number as
    // "trust nothing", which would put every client behind the proxy on the proxy's address).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A path Fastify cannot route (an invalid percent-encoding such as %C0%AE, an over-long parameter) is answered
    // before routing, outside the error handler: give it the one error shape too.
    frameworkErrors: (_err, req, reply: FastifyReply) => {
      void reply.header('x-request-id', req.id).status(400).send({
        error: 'The address of this request is not valid',
        code: 'BAD_REQUEST',
        requestId: req.id,
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses: fast-json-stringify compiled from each route's zod schema, once (lib/serializer.ts).
  app.setSerializerCompiler(serializerCompiler);

  const now = options.now ?? (() => new Date());
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      db: options.database.db,
      log: app.log,
      now,
      logLinks: config.NODE_ENV === 'development',
    });
  const ctx: AppContext = {
    config,
    database: options.database,
    db: options.database.db,
    now,
    mailer,
    // On a PostgreSQL server (DATABASE_URL) the counters live there, so every instance counts together.
    rateLimits:
      options.database.kind === 'postgres'
        ? createPostgresStore(options.database.db, now)
        : createMemoryStore(now),
    events: createEventBus<AppEvents>({
      db: options.database.db,
      onError: (err, name) => app.log.error({ err, event: name }, 'an after-commit handler failed'),
    }),
    userVisibility: createUserVisibility(),
    work: createScheduledWork({ db: options.database.db, now, log: app.log, ...options.work }),
  };
  app.decorate('ctx', ctx);
  // The worker claims due items once the app is ready, and stops claiming before anything else closes.
  app.addHook('onReady', async () => ctx.work.start());
  app.addHook('preClose', async () => ctx.work.stop());
  app.addHook('onClose', async () => mailer.close());
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', logRequest);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { config });
  const sessions = sessionSettings(config);
  await app.register(sessionPlugin, {
    db: ctx.db,
    now: ctx.now,
    settings: sessions,
    adminTwoStep: config.ADMIN_TWO_STEP,
  });
  await app.register(sessionRenewalPlugin, { db: ctx.db, events: ctx.events, settings: sessions });
  await app.register(accessPlugin);
  await app.register(hardeningPlugin, { serveSourceMaps: config.SOURCE_MAPS ?? !config.isProduction });

  await app.register(swagger, {
    openapi: {
      info: { title: 'HomeFix Marketplace API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(sessions) },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API description tells an attacker every route: not in production unless API_DOCS=true.
  if (config.API_DOCS ?? !config.isProduction) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // The /ws channel before the features: they tell it what reaches whom as their routes are registered.
  await app.register(realtimePlugin, {
    heartbeatMs: config.WS_HEARTBEAT_MS,
    appUrl: config.APP_URL,
    socketsSeen,
  });
  for (const mod of modules) await app.register(mod);

  await app.register(staticPlugin, { webDist: config.WEB_DIST });
  return app;
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
