// Site visit mail on two app instances sharing one PostgreSQL database, one moved clock and one SMTP server
// (decision 0049): both instances claim the due items at once (their workers' polls and the test's own runs), and
// each party of each booked visit gets the invite mail exactly once at the booking and the reminder exactly once
// 24 hours before; a visit cancelled in between gets no reminder. The invite goes over SMTP as a text/calendar
// attachment, parsed back with ical.js.
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, estimates, siteVisits } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '#server/test/smtp-capture';
import { hasPostgresServer, runDueOnAll, twoInstancesOnPostgres } from '#server/test/two-instances';
import { createSiteVisitsService } from './index.ts';

const VISITS = 4;
const HOUR = 3_600_000;
let smtp: SmtpCapture | undefined;
const clock = { now: new Date() };

beforeAll(async () => {
  if (hasPostgresServer) smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
});

/** The text/calendar attachment of a captured mail, decoded. */
function calendarOf(mail: CapturedMail): string {
  const part =
    /Content-Type: text\/calendar[^]*?Content-Transfer-Encoding: base64[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(
      mail.raw,
    );
  if (!part) throw new Error(`no calendar in "${mail.subject}"`);
  return Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

describe('site visit mail on two instances', () => {
  const { apps } = twoInstancesOnPostgres({
    now: () => clock.now,
    env: () => ({ SMTP_URL: smtp?.url ?? '' }),
  });

  it.skipIf(!hasPostgresServer)(
    'each party gets the invite once at the booking and the reminder once; none after a cancellation',
    { timeout: 60_000 },
    async () => {
      const [a, b] = apps as [NonNullable<(typeof apps)[0]>, NonNullable<(typeof apps)[0]>];
      const db = a.ctx.db;
      const service = createSiteVisitsService(a.ctx);
      const start = new Date(Math.ceil((clock.now.getTime() + 72 * HOUR) / HOUR) * HOUR);
      const parties: { customer: TestUser; provider: TestUser; visitId: string }[] = [];
      for (let i = 0; i < VISITS; i++) {
        const customer = await makeCustomer(db);
        const provider = await makeProvider(db, { plan: 'deluxe' });
        const estimate = await makeEstimate(db, customer, { status: 'posted', now: clock.now });
        await db
          .update(estimates)
          .set({ zipCode: '10001', city: 'New York', state: 'NY', address: `${i + 1} Main Street` })
          .where(eq(estimates.id, estimate.id));
        await db.insert(bids).values({ estimateId: estimate.id, providerId: provider.id });
        const visit = await service.propose(provider, estimate.id, {
          slots: [{ start: start.toISOString(), minutes: 60 }],
        });
        await service.choose(customer, visit.id, 0);
        parties.push({ customer, provider, visitId: visit.id });
      }

      const runBoth = async () => {
        await runDueOnAll([a, b], ['siteVisitMail', 'siteVisitEnded'], () => clock.now);
        await Promise.all([a.ctx.mailer.idle(), b.ctx.mailer.idle()]);
      };
      const mailsTo = (u: TestUser, subjectStart: string) =>
        smtp!.messages.filter((m) => m.to.includes(u.email) && m.subject.startsWith(subjectStart));

      await runBoth();
      await runBoth();
      for (const { customer, provider } of parties) {
        for (const u of [customer, provider]) {
          const booked = mailsTo(u, 'Site visit booked');
          expect(booked).toHaveLength(1);
          const event = new ICAL.Event(
            new ICAL.Component(ICAL.parse(calendarOf(booked[0]!))).getFirstSubcomponent('vevent')!,
          );
          expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
          expect(event.location).toBe('New York, NY');
          expect(event.description).toContain('America/New_York');
        }
      }

      // The last visit is cancelled before the reminder.
      const cancelled = parties.at(-1)!;
      await service.cancel(cancelled.provider, cancelled.visitId, 'Sick');

      clock.now = new Date(start.getTime() - 24 * HOUR + 60_000);
      await runBoth();
      await runBoth();
      for (const p of parties) {
        for (const u of [p.customer, p.provider]) {
          const reminders = mailsTo(u, 'Site visit tomorrow');
          if (p === cancelled) {
            expect(reminders).toEqual([]);
            continue;
          }
          expect(reminders).toHaveLength(1);
          expect(calendarOf(reminders[0]!)).toMatch(/LOCATION:\d Main Street\\, New York\\, NY/);
        }
      }

      // At the end the booked visits are done; the cancelled one stays cancelled.
      clock.now = new Date(start.getTime() + 61 * 60_000);
      await runBoth();
      const statuses = await db
        .select({ id: siteVisits.id, status: siteVisits.status })
        .from(siteVisits)
        .where(sql`${siteVisits.id} in ${parties.map((p) => p.visitId)}`);
      expect(new Map(statuses.map((s) => [s.id, s.status]))).toEqual(
        new Map(parties.map((p) => [p.visitId, p === cancelled ? 'cancelled' : 'done'])),
      );
    },
  );
});
