// Starts the server: config, database, migrations (or, with MIGRATE_ON_START=false, the check that none is
// pending), reference data, two-step secrets sealed with TWO_STEP_KEY, listen; graceful shutdown on SIGTERM/SIGINT.
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase, DataDirLockedError, pendingMigrations } from './db/client.ts';
import { loadReferenceData } from './db/reference-data.ts';
import { buildApp } from './app.ts';
import { serveBackupRequests } from './db/backup.ts';
import { resealTwoStepSecrets, SecretBoxError } from '#server/modules/auth';
import { devMailboxStatus } from '#server/modules/dev-mailbox';

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { serving: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.MIGRATE_ON_START) await database.migrate();
  else {
    const pending = await pendingMigrations(database.db);
    if (pending > 0) {
      console.error(
        `The database lacks ${pending} of the app's migrations, and MIGRATE_ON_START=false keeps this server from ` +
          'applying them. Run `npm run migrate` with a database role that may change the schema, then start again.',
      );
      await database.close();
      process.exit(1);
    }
  }
  await loadReferenceData(database.db);
  let secrets;
  try {
    secrets = await resealTwoStepSecrets(database.db, config.TWO_STEP_KEY ?? []);
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    console.error(`${err.message} See "Two-step secrets" in docs/deploy.md.`);
    await database.close();
    process.exit(1);
  }

  const app = await buildApp(config, { database });
  if (secrets.sealed > 0) {
    app.log.info({ count: secrets.sealed }, 'two-step secrets sealed with TWO_STEP_KEY');
  }
  if (secrets.unopened.length > 0) {
    app.log.error(
      { userIds: secrets.unopened },
      'two-step secrets that do not open with their key (changed in the database?); see docs/deploy.md',
    );
  }
  // `npm run backup` asks the running server for a consistent copy of the embedded database (decision 0020).
  if (database.pglite) serveBackupRequests(database.pglite, config.DATA_DIR, app.log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `HomeFix Marketplace on ${config.APP_URL} (database: ${database.kind} ${database.location}, env: ${config.NODE_ENV})`,
  );
  const mailbox = devMailboxStatus(config);
  app.log.info(
    mailbox.enabled
      ? `development mailbox (mail is not sent, only kept here): ${mailbox.url}`
      : `development mailbox off: ${mailbox.reason}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
