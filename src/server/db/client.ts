// One schema, two drivers: embedded PGlite in DATA_DIR (default) or node-postgres when DATABASE_URL is set.
// The embedded engine is loaded only when it is used (./pglite.ts): on PostgreSQL it would cost ~50 MB of RSS.
import type { PGlite } from '@electric-sql/pglite';
import type { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { migrationsFolder } from './data-dir.ts';

export { DataDirLockedError, isAlive, lockDataDir, lockHolderOf, migrationsFolder } from './data-dir.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

/**
 * How many of the committed migrations the database has not applied. Drizzle records each applied one in
 * drizzle.__drizzle_migrations with its folder time and applies those newer than the last; this counts the same
 * way, with nothing but SELECT (a server whose role may not change the schema checks with it: decision 0027).
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const committed = readMigrationFiles({ migrationsFolder });
  const [table] = (
    await db.execute<{ present: boolean }>(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    )
  ).rows;
  if (!table?.present) return committed.length;
  const [applied] = (
    await db.execute<{ last: string | null }>(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )
  ).rows;
  const last = applied?.last == null ? -Infinity : Number(applied.last);
  return committed.filter((m) => m.folderMillis > last).length;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: the data dir or the server's host. */
  location: string;
  /** The embedded database's client (backups take it: src/server/db/backup.ts); absent on PostgreSQL. */
  pglite?: PGlite;
  ping(): Promise<void>;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A request's query that gets no answer for this long fails (503 UNAVAILABLE) instead of hanging: a PostgreSQL
 * server that froze or a network that dropped silently. Migrations have no such limit (their own connection).
 */
export const QUERY_TIMEOUT_MS = 15_000;

export function openPostgres(url: string): Database {
  // A connection that cannot be made within 5 s fails (503 UNAVAILABLE) instead of waiting for ever; keep-alive
  // finds a connection to a server that went away. The pool makes new connections when the server is back.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const host = new URL(url).host;
  return {
    db,
    kind: 'postgres',
    location: `postgres://${host}`,
    ping: async () => void (await pool.query('select 1')),
    // An advisory lock on one dedicated connection keeps two starting servers from migrating at once. It is a
    // connection of its own, without the query timeout: a long migration, or waiting for another server's, is fine.
    migrate: async () => {
      const conn = new pg.Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
      await conn.connect();
      try {
        await conn.query('select pg_advisory_lock(7264001)');
        await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(7264001)').catch(() => {});
        await conn.end().catch(() => {});
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(cfg: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  if (cfg.DATABASE_URL) return Promise.resolve(openPostgres(cfg.DATABASE_URL));
  return import('./pglite.ts').then((m) => m.openPglite(cfg.DATA_DIR));
}

/** The database or an open transaction: repos take either, so a service can group writes in one transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
