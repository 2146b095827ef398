// The embedded database: PGlite in a data dir (one process at a time, see lockDataDir) or in memory (tests).
// Loaded on demand by openDatabase, so a server on PostgreSQL never loads the engine.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';
import { lockDataDir, migrationsFolder } from './data-dir.ts';
import * as schema from './schema/index.ts';

/** Extensions the migrations create (PGlite loads them when it opens; PostgreSQL ships them). */
export const pgliteExtensions = { pg_trgm };

/**
 * The engine's own page cache. PGlite runs PostgreSQL inside the server process, and PostgreSQL's default 128 MB of
 * shared buffers, touched at start, was most of the server's idle memory (about 435 MiB seeded); with 16 MB it
 * is about 270 MiB. Pages it does not hold come from the data dir's files through the OS page cache, so a larger
 * database reads a little slower, not from disk (decision 0026; docs/benchmarks.md, "the server as a build").
 */
const SHARED_BUFFERS = '16MB';

export async function openPglite(dataDir: string): Promise<Database> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    const client = await PGlite.create({
      dataDir: join(dir, 'pgdata'),
      extensions: pgliteExtensions,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
    return fromPglite(client, dir, async () => {
      await client.close();
      unlock();
    });
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Wraps an open PGlite instance (tests use in-memory ones cloned from a migrated template). */
export function fromPglite(client: PGlite, location: string, close = () => client.close()): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    location,
    pglite: client,
    ping: async () => void (await client.query('select 1')),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close,
  };
}
