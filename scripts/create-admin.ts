// npm run create-admin -- --email E --password P --first-name F --last-name L
// Creates an admin (email already verified) or promotes an existing account, on the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR, which must not be in use by a running server).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { adminPasswordSchema } from '#domain/schemas/auth-body.schema';
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError, openDatabase, type Database } from '#server/db/client';
import { AccountError, createOrPromoteAdmin } from '#server/modules/auth';

const usage = `Usage: npm run create-admin -- --email <email> --password <password> --first-name <name> --last-name <name>

Creates an admin account with a verified email. If an account with that email exists, it is promoted to a
permanent admin (--password, --first-name and --last-name are then optional and update the account).
The password needs 8 to 128 characters with an uppercase letter, a lowercase letter and a number, and
must not be a common password.
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data): stop the server first.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
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

  const email = z
    .string()
    .trim()
    .toLowerCase()
    .email()
    .safeParse(values.email ?? '');
  if (!email.success) fail(`--email must be a valid email address.\n\n${usage}`);
  if (values.password !== undefined) {
    const pw = adminPasswordSchema.safeParse(values.password);
    if (!pw.success) fail(`--password: ${pw.error.issues.map((i) => i.message).join('; ')}`);
  }
  const firstName = values['first-name']?.trim();
  const lastName = values['last-name']?.trim();

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`Cannot create the admin: ${err.message}`);
    throw err;
  }
  try {
    await database.migrate();
    const { user, created } = await createOrPromoteAdmin(
      database.db,
      { email: email.data, password: values.password, firstName, lastName },
      new Date(),
    );
    console.log(
      created
        ? `Created the admin ${user.email} (${user.firstName} ${user.lastName}) in ${database.kind} ${database.location}.`
        : `Promoted ${user.email} to admin in ${database.kind} ${database.location}.`,
    );
  } catch (err) {
    if (err instanceof AccountError) {
      await database.close();
      fail(err.message);
    }
    throw err;
  }
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
