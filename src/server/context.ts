import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Mailer } from '#server/modules/mail';
import type { RateLimitStore } from '#server/modules/rate-limits';

/** What every module may use: configuration, the database, the clock (tests pass their own) and the mailer. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  mailer: Mailer;
  /** Rate-limit counters: memory, or PostgreSQL when DATABASE_URL is set (shared by every instance). */
  rateLimits: RateLimitStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
