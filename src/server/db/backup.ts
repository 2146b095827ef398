// Backups of the embedded database (decision 0020). A backup is PGlite's own data-dir tarball (gzip), taken by the
// process that holds the data dir's lock: the running server when there is one (asked by a signal, so only the
// machine's own user can ask), else the backup script itself. Restore unpacks it into a data dir that must be
// empty (or --force: the old one is kept aside, never deleted) and that no running process holds.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { isAlive, lockDataDir } from './client.ts';

/** The embedded engine, loaded when a backup or restore opens a data dir (the server on PostgreSQL never does). */
async function engine() {
  const [{ PGlite: PGliteClass }, { pgliteExtensions }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite.ts'),
  ]);
  return { PGliteClass, pgliteExtensions };
}

/** The file a backup request is written to, inside the data dir; the server reads it on SIGUSR2. */
export const BACKUP_REQUEST_FILE = 'backup-request.json';

/**
 * A consistent tarball of an open PGlite database. It runs as one (empty) transaction: PGlite lets no other
 * transaction or statement run meanwhile, a checkpoint writes every committed change into the data files, and the
 * dump reads them at that moment. Requests wait for it (a second or two on a small database).
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  const blob = await client.transaction(async (tx) => {
    await tx.query('checkpoint');
    return client.dumpDataDir('gzip');
  });
  return Buffer.from(await blob.arrayBuffer());
}

/** Writes a file so that it is either complete or absent (a crash leaves only a .tmp file). */
export function writeFileAtomic(file: string, data: Buffer | string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** The pid in the data dir's lock when that process still runs (the server, or another script). */
export function lockHolder(dataDir: string): number | null {
  const lockFile = join(resolve(dataDir), 'server.lock');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').trim());
  return pid && isAlive(pid) ? pid : null;
}

export interface BackupRequest {
  /** Absolute path the backup is written to. */
  out: string;
}

/**
 * In the server: on SIGUSR2, reads the request in the data dir and writes the backup it asks for (or `<out>.error`
 * with the reason). Returns the function that removes the handler.
 */
export function serveBackupRequests(
  client: PGlite,
  dataDir: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): () => void {
  const requestFile = join(resolve(dataDir), BACKUP_REQUEST_FILE);
  let running = Promise.resolve();
  const handle = () => {
    running = running.then(async () => {
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
        rmSync(requestFile, { force: true });
      } catch {
        return; // no request (a stray signal): nothing to do
      }
      const started = Date.now();
      try {
        const data = await dumpPglite(client);
        writeFileAtomic(request.out, data);
        log.info(
          { event: 'backup.written', bytes: data.length, ms: Date.now() - started },
          `backup written to ${request.out}`,
        );
      } catch (err) {
        log.error({ event: 'backup.failed', err }, 'backup failed');
        writeFileAtomic(`${request.out}.error`, err instanceof Error ? err.message : String(err));
      }
    });
  };
  process.on('SIGUSR2', handle);
  return () => void process.off('SIGUSR2', handle);
}

/** From the backup script: asks the server `pid` for a backup into `out` and waits for it (or its error). */
export async function requestBackup(
  dataDir: string,
  pid: number,
  out: string,
  timeoutMs = 120_000,
): Promise<void> {
  const target = resolve(out);
  rmSync(`${target}.error`, { force: true });
  if (existsSync(target)) rmSync(target);
  writeFileAtomic(
    join(resolve(dataDir), BACKUP_REQUEST_FILE),
    JSON.stringify({ out: target } satisfies BackupRequest),
  );
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(target)) return;
    if (existsSync(`${target}.error`)) {
      const reason = readFileSync(`${target}.error`, 'utf8');
      rmSync(`${target}.error`, { force: true });
      throw new Error(`The server could not write the backup: ${reason}`);
    }
    if (!isAlive(pid)) throw new Error(`The server (pid ${pid}) stopped before writing the backup`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No backup from the server (pid ${pid}) after ${timeoutMs / 1000} s`);
}

/** From the backup script when no server runs: opens the data dir itself (holding its lock) and dumps it. */
export async function backupStoppedDataDir(dataDir: string, out: string): Promise<void> {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'pgdata', 'PG_VERSION'))) {
    throw new Error(`There is no database in ${dir} (no pgdata/PG_VERSION)`);
  }
  const unlock = lockDataDir(dir);
  try {
    const { PGliteClass, pgliteExtensions } = await engine();
    const client = await PGliteClass.create({ dataDir: join(dir, 'pgdata'), extensions: pgliteExtensions });
    try {
      writeFileAtomic(resolve(out), await dumpPglite(client));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

export class RestoreRefusedError extends Error {}

export interface RestoreResult {
  /** Where the data dir's previous database was moved (with --force), if there was one. */
  keptAside: string | null;
  /** Rows in the restored users table, as a check that the database opens and has data. */
  users: number;
}

/**
 * Unpacks the backup `file` into `dataDir`. Refuses when a running process holds the data dir (always), and when
 * it already has a database unless `force`: then the old database is moved to pgdata.before-restore-<time>.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const dir = resolve(dataDir);
  if (!existsSync(file)) throw new RestoreRefusedError(`No backup file at ${resolve(file)}`);
  mkdirSync(dir, { recursive: true });
  const pgdata = join(dir, 'pgdata');
  const hasDatabase = existsSync(pgdata) && readdirSync(pgdata).length > 0;
  if (hasDatabase && !force) {
    throw new RestoreRefusedError(
      `${dir} already holds a database. Restore into an empty data dir, or pass --force to move the current ` +
        'database aside (it is kept, not deleted) and restore in its place.',
    );
  }
  const unlock = lockDataDir(dir); // throws when the server (or another script) has it open
  try {
    // Unpack next to the target and check it opens; only then swap it in, so a bad file changes nothing.
    const staging = join(dir, `pgdata.restoring-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    let client: PGlite;
    const { PGliteClass, pgliteExtensions } = await engine();
    try {
      client = await PGliteClass.create({
        dataDir: staging,
        loadDataDir: new Blob([readFileSync(file)]),
        extensions: pgliteExtensions,
      });
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      throw new RestoreRefusedError(
        `${resolve(file)} is not a backup this version can read: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    let users = 0;
    try {
      const hasUsers = await client.query<{ t: string | null }>(
        `select to_regclass('public.users')::text as t`,
      );
      if (hasUsers.rows[0]?.t) {
        users = Number(
          (await client.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n,
        );
      }
    } finally {
      await client.close();
    }
    let keptAside: string | null = null;
    if (existsSync(pgdata)) {
      if (hasDatabase) {
        keptAside = `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
        renameSync(pgdata, keptAside);
      } else {
        rmSync(pgdata, { recursive: true, force: true }); // an empty directory
      }
    }
    renameSync(staging, pgdata);
    return { keptAside, users };
  } finally {
    unlock();
  }
}
