// A fresh, migrated database per test file: an in-memory PGlite cloned from a migrated template (fast), or,
// when TEST_DB=postgres, a new database on the TEST_DATABASE_URL server, dropped afterwards.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openPostgres, type Database } from '#server/db/client';
import { fromPglite, pgliteExtensions } from '#server/db/pglite';
import { loadReferenceData } from '#server/db/reference-data';
import { loadZipCodes, zipCodesFile } from '#server/db/zip-codes';

function migrationsHash() {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsFolder).sort()) {
    if (f.endsWith('.sql')) h.update(readFileSync(join(migrationsFolder, f)));
  }
  h.update(readFileSync(zipCodesFile()));
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty database as a PGlite tarball, built once per set of migrations and kept in the temp dir. The ZIP
 * code centroids are in it already (forty thousand rows), so a test database loads them only if the file changed.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `homefix-pglite-template-${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = fromPglite(client, 'memory');
  await database.migrate();
  await loadZipCodes(database.db);
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return dump;
}

/** A new, empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const database = openPostgres(url);
    await database.migrate();
    await loadReferenceData(database.db);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await drop();
      },
    };
  }
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions });
  const database = fromPglite(client, 'memory');
  await loadReferenceData(database.db);
  return database;
}
