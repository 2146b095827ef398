// npm run backup -- [--out FILE] [--data-dir DIR]
// A consistent copy of the embedded database (decision 0020): asked of the running server when one holds the
// data dir, else taken directly. For PostgreSQL (DATABASE_URL) it points to pg_dump (docs/backups.md).
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config';
import { backupStoppedDataDir, lockHolder, requestBackup } from '#server/db/backup';

const usage = `Usage: npm run backup -- [--out <file>] [--data-dir <dir>]

Writes a backup of the embedded database in DATA_DIR (default ./data) to <file> (default
backups/homefix-<date-time>.tar.gz). While the server runs it asks the server for the copy (a consistent
snapshot; requests wait a moment); otherwise it opens the data dir itself.
With DATABASE_URL set, use pg_dump instead: see docs/backups.md.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (config.DATABASE_URL && !values['data-dir']) {
    fail(
      'DATABASE_URL is set: this database is PostgreSQL. Back it up with pg_dump, for example\n' +
        '  pg_dump --format=custom --file=homefix.dump "$DATABASE_URL"\n(see docs/backups.md).',
    );
  }
  const dataDir = resolve(values['data-dir'] ?? config.DATA_DIR);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = resolve(values.out ?? `backups/homefix-${stamp}.tar.gz`);
  const started = Date.now();
  const pid = lockHolder(dataDir);
  try {
    if (pid) {
      console.log(`The server (pid ${pid}) holds ${dataDir}: asking it for a backup...`);
      await requestBackup(dataDir, pid, out);
    } else {
      console.log(`No server holds ${dataDir}: reading it directly...`);
      await backupStoppedDataDir(dataDir, out);
    }
  } catch (err) {
    fail((err as Error).message);
  }
  const bytes = statSync(out).size;
  console.log(
    `Backup written: ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB in ${Date.now() - started} ms)`,
  );
  console.log(`Restore it with: npm run restore -- ${out} --data-dir <empty dir>`);
}

void main();
