// npm run restore -- FILE [--data-dir DIR] [--force]
// Restores an `npm run backup` file into the embedded database's data dir (decision 0020).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError } from '#server/db/client';
import { RestoreRefusedError, restoreDataDir } from '#server/db/backup';

const usage = `Usage: npm run restore -- <backup file> [--data-dir <dir>] [--force]

Unpacks a backup made by npm run backup into DATA_DIR (default ./data) or --data-dir. Stop the server first.
The data dir must hold no database; --force moves the current one aside to pgdata.before-restore-<time>
(kept, not deleted) and restores in its place. Start the server afterwards: it applies any newer migrations.
For PostgreSQL use pg_restore: see docs/backups.md.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      options: {
        'data-dir': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) fail(usage);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const dataDir = resolve(values['data-dir'] ?? config.DATA_DIR);
  const started = Date.now();
  try {
    const result = await restoreDataDir(file, dataDir, { force: values.force === true });
    if (result.keptAside) console.log(`The previous database was moved to ${result.keptAside}`);
    console.log(
      `Restored ${resolve(file)} into ${dataDir} (${result.users} users) in ${Date.now() - started} ms. Start the server.`,
    );
  } catch (err) {
    if (err instanceof RestoreRefusedError || err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }
}

void main();
