import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AppEventBus } from './core/app-events.ts';
import type { ScheduledWork } from './core/scheduled-work.ts';
import type { Mailer } from '#server/modules/mail';
import type { RateLimitStore } from '#server/modules/rate-limits';
import type { UserVisibility } from '#server/modules/users';

/**
 * What every module may use: configuration, the database, the clock (tests pass their own), the mailer, the app's
 * event bus, who may see whom and scheduled work.
 */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  mailer: Mailer;
  /** Rate-limit counters: memory, or PostgreSQL when DATABASE_URL is set (shared by every instance). */
  rateLimits: RateLimitStore;
  /** This app's event bus: writes publish, features react in the transaction or after commit (core/events.ts). */
  events: AppEventBus;
  /** Who may see whom: the features that relate users add their rules as the app is built. */
  userVisibility: UserVisibility;
  /** Work that happens later: items in the database, run once across instances (core/scheduled-work.ts). */
  work: ScheduledWork;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
