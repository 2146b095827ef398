// Serves the built app for the browser journeys: a fresh data dir, and a real SMTP server on 127.0.0.1 that
// captures every mail into .e2e-data/mail.jsonl, where the journeys read verification and reset links.
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = resolve('.e2e-data');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });
const mailFile = join(root, 'mail.jsonl');
const port = process.env.E2E_PORT ?? '5055';
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5056);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      appendFileSync(mailFile, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }) + '\n');
      callback();
    });
  },
});
await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));

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
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
});
delete process.env.DATABASE_URL;
await import('../src/server/main.ts');
