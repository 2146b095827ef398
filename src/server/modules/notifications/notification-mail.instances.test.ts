// Notification mail on two app instances sharing one PostgreSQL database (decision 0043): both woken by commits and
// both running the mail work at once, every notification is mailed once and every mail sent once; a person's daily
// digest is one mail with all of their notifications, whichever instance composes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { BuiltApp } from '#server/app';
import { DAY_MS } from '#domain/dates';
import { notificationMail } from '#server/db/schema/index';
import { makeCustomer, type TestUser } from '#server/test/factories';
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';
import type { NotificationKind } from '#domain/notification-kinds';
import { createNotificationMail } from './notification-mail.ts';
import { writeNotifications } from './notifications.store.ts';

const PEOPLE = 30;
let smtp: SmtpCapture | undefined;
const clock = { now: new Date() };

beforeAll(async () => {
  if (hasPostgresServer) smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
});

describe('notification mail on two instances', () => {
  const { apps } = twoInstancesOnPostgres({
    now: () => clock.now,
    env: () => ({ SMTP_URL: smtp?.url ?? '' }),
  });

  /** Writes one notification of `kind` for each person on `app`, each in its own transaction (its own wake). */
  async function notifyAll(app: BuiltApp, people: TestUser[], kind: NotificationKind, title: string) {
    const { events } = app.ctx;
    await Promise.all(
      people.map((p) =>
        events.transaction((tx) =>
          writeNotifications(tx, events, [
            {
              userId: p.id,
              kind,
              title,
              body: 'x',
              link: '/estimates',
              priority: true,
              createdAt: clock.now,
            },
          ]),
        ),
      ),
    );
  }

  /** Both instances run the mail work at once, a few times over. */
  const runBoth = () =>
    Promise.all(
      (apps as BuiltApp[]).flatMap((app) => [1, 2, 3].map(() => createNotificationMail(app.ctx).run())),
    );

  const mailsOf = async (people: TestUser[]) =>
    apps[0]!.ctx.db
      .select()
      .from(notificationMail)
      .where(
        inArray(
          notificationMail.userId,
          people.map((p) => p.id),
        ),
      );

  async function until(done: () => Promise<boolean>) {
    for (let i = 0; i < 400 && !(await done()); i++) await new Promise((r) => setTimeout(r, 25));
  }

  it.skipIf(!hasPostgresServer)('an immediate mail per person, sent once', { timeout: 60_000 }, async () => {
    const db = apps[0]!.ctx.db;
    const people = await Promise.all(Array.from({ length: PEOPLE }, () => makeCustomer(db)));
    // Half written on each instance, while both also run the mail work.
    await Promise.all([
      notifyAll(apps[0]!, people.slice(0, PEOPLE / 2), 'bid_received', 'Instances bid'),
      notifyAll(apps[1]!, people.slice(PEOPLE / 2), 'bid_received', 'Instances bid'),
      runBoth(),
    ]);
    await runBoth();
    await until(async () => (await mailsOf(people)).every((m) => m.status === 'sent'));
    const mails = await mailsOf(people);
    expect(mails).toHaveLength(PEOPLE);
    expect(mails.every((m) => m.status === 'sent')).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    for (const p of people) {
      expect(smtp!.messages.filter((m) => m.to.includes(p.email)).map((m) => m.subject)).toEqual([
        'Instances bid',
      ]);
    }
  });

  it.skipIf(!hasPostgresServer)(
    'a daily digest per person, whole, sent once',
    { timeout: 60_000 },
    async () => {
      const db = apps[0]!.ctx.db;
      const people = await Promise.all(Array.from({ length: PEOPLE }, () => makeCustomer(db)));
      for (const title of ['Digest one', 'Digest two', 'Digest three']) {
        await notifyAll(apps[title === 'Digest two' ? 1 : 0]!, people, 'job_completed', title);
      }
      const saved = clock.now;
      clock.now = new Date(saved.getTime() + DAY_MS);
      try {
        await runBoth();
        await until(async () => {
          const mails = await mailsOf(people);
          return mails.length === PEOPLE && mails.every((m) => m.status === 'sent');
        });
        const mails = await mailsOf(people);
        expect(mails.map((m) => m.kind)).toEqual(people.map(() => 'daily'));
        expect(mails.every((m) => m.status === 'sent')).toBe(true);
        await new Promise((r) => setTimeout(r, 200));
        for (const p of people) {
          const got = smtp!.messages.filter((m) => m.to.includes(p.email));
          expect(got.map((m) => m.subject)).toEqual(['Your HomeFix daily digest: 3 updates']);
          for (const title of ['Digest one', 'Digest two', 'Digest three'])
            expect(got[0]!.decoded).toContain(title);
        }
        const [row] = await db
          .select()
          .from(notificationMail)
          .where(eq(notificationMail.userId, people[0]!.id));
        expect(row?.attempts).toBe(1); // sent at the first attempt
      } finally {
        clock.now = saved;
      }
    },
  );
});
