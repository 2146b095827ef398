// npm run migrate: applies the app's pending migrations to the configured database (DATABASE_URL, or the embedded
// one in DATA_DIR, which must not be in use by a running server) and exits. For deployments whose servers run with
// MIGRATE_ON_START=false under a role that may read and write rows but not change the schema (decision 0027):
// run this with the role that owns the schema, then start or restart the servers.
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError, openDatabase, pendingMigrations } from '#server/db/client';

try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const pending = await pendingMigrations(database.db);
    await database.migrate();
    console.log(
      pending === 0
        ? `${database.location}: up to date, no migration to apply.`
        : `${database.location}: applied ${pending} migration${pending === 1 ? '' : 's'}.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
