// The mailer keeps mail only in the development outbox, for a day at most, and never logs a link outside
// development; with SMTP nothing of a sent mail (which carries a live link) stays on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { mailOutbox } from '#server/db/schema/index';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#server/test/test-database';
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';
import { OUTBOX_KEEP_MS, createMailer, type Mail } from '#server/modules/mail';

const LINK = 'http://localhost:5000/reset-password?token=live-secret-token';
const mail = (to: string): Mail => ({
  to,
  subject: 'Reset your password',
  text: `Choose a new one here:\n\n${LINK}\n`,
  html: `<a href="${LINK}">${LINK}</a>`,
});

function capturingLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
  return { log, lines };
}

let database: Database;
let smtp: SmtpCapture;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

const outbox = () => database.db.select().from(mailOutbox);
const oldRow = (now: Date) => ({
  to: 'old@example.com',
  subject: 'Old',
  text: LINK,
  transport: 'outbox',
  createdAt: new Date(now.getTime() - OUTBOX_KEEP_MS - 60_000),
});

describe('mail with SMTP_URL', () => {
  it('is delivered and nothing of it is kept; outbox rows of an earlier run are deleted at start', async () => {
    await database.db.delete(mailOutbox);
    const now = new Date();
    await database.db.insert(mailOutbox).values([oldRow(now), { ...oldRow(now), createdAt: now }]);
    const { log, lines } = capturingLog();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'x@homefix.local',
      db: database.db,
      log,
      now: () => now,
    });
    await mailer.send(mail('smtp-user@example.com'));
    await mailer.close();

    const delivered = await smtp.waitFor((m) => m.to.includes('smtp-user@example.com'));
    expect(delivered.decoded).toContain(LINK);
    expect(await outbox()).toEqual([]);
    expect(lines.join('\n')).not.toContain('live-secret-token');
  });
});

describe('the development outbox (no SMTP_URL)', () => {
  it('keeps a mail for a day: older rows go at start and at every new mail', async () => {
    await database.db.delete(mailOutbox);
    let now = new Date();
    await database.db.insert(mailOutbox).values(oldRow(now));
    const { log } = capturingLog();
    const mailer = createMailer({ from: 'x@homefix.local', db: database.db, log, now: () => now });
    await mailer.idle();
    expect(await outbox()).toEqual([]); // purged at start

    await mailer.send(mail('first@example.com'));
    expect((await outbox()).map((m) => m.to)).toEqual(['first@example.com']);
    now = new Date(now.getTime() + OUTBOX_KEEP_MS + 1000);
    await mailer.send(mail('second@example.com'));
    expect((await outbox()).map((m) => m.to)).toEqual(['second@example.com']);
    await mailer.close();
  });

  it('prints the link in the log only in development', async () => {
    const dev = capturingLog();
    const devMailer = createMailer({
      from: 'x@homefix.local',
      db: database.db,
      log: dev.log,
      now: () => new Date(),
      logLinks: true,
    });
    await devMailer.send(mail('dev@example.com'));
    await devMailer.close();
    expect(dev.lines.join('\n')).toContain(LINK);

    const other = capturingLog();
    const otherMailer = createMailer({
      from: 'x@homefix.local',
      db: database.db,
      log: other.log,
      now: () => new Date(),
    });
    await otherMailer.send(mail('test@example.com'));
    await otherMailer.close();
    expect(other.lines.join('\n')).toContain('test@example.com');
    expect(other.lines.join('\n')).not.toContain('live-secret-token');
  });
});
