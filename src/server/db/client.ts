// One schema, two drivers: embedded PGlite in DATA_DIR (default) or node-postgres when DATABASE_URL is set.
import { openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The embedded engine is loaded only when it is used (./pglite.ts): on PostgreSQL it would cost ~50 MB of RSS.
import type { PGlite } from '@electric-sql/pglite';
import type { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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

export class DataDirLockedError extends Error {}

/** The lock files this process holds (a second opener in the same process is refused like any other). */
const heldLocks = new Set<string>();

/**
 * Only one process may open an embedded data dir: a second one would corrupt it. The lock is a file with the
 * holder's pid; a lock whose holder is gone (killed with kill -9, the machine or container restarted) is stale
 * and taken over, so a crashed server starts again by itself.
 */
export function lockDataDir(dir: string): () => void {
  const lockFile = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldLocks.add(lockFile);
      return () => {
        heldLocks.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolderOf(lockFile);
      if (holder !== null) {
        throw new DataDirLockedError(
          `The data directory ${dir} is already in use by another process (pid ${holder}). ` +
            'Stop that process first (for example the running server), or point DATA_DIR at another directory, ' +
            'or use a PostgreSQL server with DATABASE_URL so several processes can share one database.',
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that no longer runs
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

/**
 * The pid of the live process holding `lockFile`, or null when the lock is stale: its pid is not running (or is a
 * zombie), is this process's own pid from an earlier life (a restarted container gives the server the same pid),
 * or now belongs to a process that started after the lock was written (the pid was reused).
 */
export function lockHolderOf(lockFile: string): number | null {
  let text: string;
  let writtenMs: number;
  try {
    text = readFileSync(lockFile, 'utf8').trim();
    writtenMs = statSync(lockFile).mtimeMs;
  } catch {
    return null; // gone meanwhile
  }
  const pid = Number(text);
  if (text === '' && Date.now() - writtenMs < 5000) return -1; // being written by a process starting right now
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return heldLocks.has(lockFile) ? pid : null;
  if (!isAlive(pid)) return null;
  const started = processStartMs(pid);
  // /proc's boot time is in whole seconds: a margin keeps the holder itself from looking like a newcomer.
  if (started !== null && started > writtenMs + 2000) return null;
  return pid;
}

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procStat(pid)?.state !== 'Z';
}

/** State and start time (clock ticks after boot) of a process from /proc; null without /proc. */
function procStat(pid: number): { state: string; startTicks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses; the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTicks: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** When a process started (epoch ms), from /proc; null where there is no /proc. */
function processStartMs(pid: number): number | null {
  const stat = procStat(pid);
  if (!stat || !Number.isFinite(stat.startTicks)) return null;
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!btime) return null;
    // USER_HZ is 100 on every Linux architecture Node runs on.
    return Number(btime[1]) * 1000 + stat.startTicks * 10;
  } catch {
    return null;
  }
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
