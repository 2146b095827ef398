// npm run seed:demo [-- --reset-passwords]
// Adds three demo accounts (customer, provider on the starter plan, admin) with verified emails, for trying the
// app by hand. Each password is random and printed once; running again keeps existing accounts as they are
// (--reset-passwords issues and prints new passwords). Refuses to run with NODE_ENV=production.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { regions } from '#domain/regions/index';
import { ConfigError, loadConfig } from '#server/config';
import { DataDirLockedError, openDatabase, type Database } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { ensureDemoUser, type DemoUserInput } from '#server/modules/auth';

export const DEMO_EMAILS = {
  customer: 'demo.customer@example.com',
  provider: 'demo.provider@example.com',
  admin: 'demo.admin@example.com',
} as const;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** 16 random characters plus one of each kind the password rules ask for. */
const strongPassword = () => `${randomBytes(12).toString('base64url')}-Aa1`;

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { 'reset-passwords': { type: 'boolean' } }, strict: true }));
  } catch (err) {
    fail(`${(err as Error).message}\nUsage: npm run seed:demo [-- --reset-passwords]`);
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (config.isProduction) fail('seed:demo adds demo accounts and does not run with NODE_ENV=production.');

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`Cannot seed: ${err.message}`);
    throw err;
  }

  const now = new Date();
  const region = regions[0];
  if (!region) fail('No regions are defined.');
  const accounts: DemoUserInput[] = [
    {
      email: DEMO_EMAILS.customer,
      password: strongPassword(),
      role: 'customer',
      firstName: 'Dana',
      lastName: 'Demo',
      emailVerifiedAt: now,
      subscriptionPlan: 'free',
    },
    {
      email: DEMO_EMAILS.provider,
      password: strongPassword(),
      role: 'provider',
      firstName: 'Parker',
      lastName: 'Demo',
      emailVerifiedAt: now,
      subscriptionPlan: 'starter',
      selectedCategory: 'home-repair',
      selectedTasks: ['painting'],
      regionId: region.id,
    },
    {
      email: DEMO_EMAILS.admin,
      password: strongPassword(),
      role: 'admin',
      firstName: 'Alex',
      lastName: 'Demo',
      emailVerifiedAt: now,
    },
  ];

  try {
    await database.migrate();
    await loadReferenceData(database.db);
    console.log(`Demo accounts in ${database.kind} ${database.location}:`);
    let shown = 0;
    for (const account of accounts) {
      const result = await ensureDemoUser(database.db, account, now, values['reset-passwords'] === true);
      const label = `${account.role.padEnd(8)} ${account.email}`;
      if (result === 'kept') console.log(`  ${label}  already present, password unchanged`);
      else {
        shown++;
        console.log(
          `  ${label}  password: ${account.password}${result === 'password-reset' ? '  (new)' : ''}`,
        );
      }
    }
    if (shown > 0) console.log('These passwords are shown only now: note them.');
    console.log('Run `npm run seed:demo -- --reset-passwords` to issue new passwords for the demo accounts.');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
