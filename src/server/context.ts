import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';

/** What every module may use: configuration, the database and the clock (tests pass their own). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
