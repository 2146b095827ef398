// Serves the built app (client and server) for the browser journeys: a fresh data dir, and a real SMTP server on
// 127.0.0.1 that captures every mail into .e2e-data/mail.jsonl, where the journeys read verification and reset
// links.
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSmtpCapture } from '../src/server/test/smtp-capture.ts';

// E2E_DATA_DIR lets two journeys run side by side (each with its own ports and build via WEB_DIST).
const root = resolve(process.env.E2E_DATA_DIR ?? '.e2e-data');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });
const mailFile = join(root, 'mail.jsonl');
const port = process.env.E2E_PORT ?? '5055';
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5056);

await startSmtpCapture({
  port: smtpPort,
  onMail: (m) =>
    appendFileSync(
      mailFile,
      JSON.stringify({ to: m.to.map((t) => t.toLowerCase()), text: m.decoded }) + '\n',
    ),
});

Object.assign(process.env, {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: port,
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: join(root, 'data'),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOG_LEVEL: 'warn',
  // The journeys sign in and out many times from one address.
  RATE_LIMIT_AUTH_PER_IP: '1000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
  // Two-step secrets sealed as in production (decision 0031); the data dir is new each run, so is the key.
  TWO_STEP_KEY: randomBytes(32).toString('base64'),
});
delete process.env.DATABASE_URL;

// A known admin for the journeys that review or approve something, created the way scripts/create-admin.ts does,
// before the server locks the data dir.
{
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { createOrPromoteAdmin } = await import('../src/server/modules/auth/index.ts');
  const { E2E_ADMIN } = await import('./support/admin.ts');
  const database = await openDatabase(loadConfig());
  await database.migrate();
  await createOrPromoteAdmin(database.db, { ...E2E_ADMIN }, new Date());
  await database.close();
}

// The server as `npm start` runs it: the build of scripts/lib/server-build.ts (rebuilt here, about a second), so the
// journeys also prove the bundle (its lazily loaded embedded database, its migrations beside it).
// E2E_SERVER_BUILT=1: a second server of the same run, started once the first has built it.
const { buildServer, SERVER_DIST } = await import('../scripts/lib/server-build.ts');
if (process.env.E2E_SERVER_BUILT !== '1') await buildServer();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(SERVER_DIST, 'main.js')).href);
