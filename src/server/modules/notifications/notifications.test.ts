// Notification email through the real app and a real SMTP server (decision 0043): the preferences per kind (GET,
// PUT of only the changed kinds, the 400s) and the old all-or-defaults switch; each choice honoured with the clock
// moved (immediately, woken on commit; daily at 8:00 in the person's zone; off); at most one immediate mail per kind
// per 15 minutes, the rest together after; new work hourly for a Starter plan; one-click unsubscribe (the headers,
// the POST without a session, the page and its undo, a tampered link refused); no mail to an unconfirmed address;
// a refused mail retried with backoff, failed after a day and listed to admins; the recurring work's item.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAILY_DIGEST_HOUR, kindsFor, type NotificationKind } from '#domain/notification-kinds';
import type { AdminMailList, NotificationPreferences } from '#domain/schemas/notification.schema';
import { nextLocalHour } from '#domain/zip-time-zone';
import { notificationMail, notifications, scheduledWork } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import {
  startSmtpCapture,
  unreachableSmtpUrl,
  type CapturedMail,
  type SmtpCapture,
} from '#server/test/smtp-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createNotificationMail } from './notification-mail.ts';
import { writeNotifications } from './notifications.store.ts';

const APP_URL = 'http://localhost:5000';
const MIN = 60_000;

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.ctx.db;
/**
 * Runs the mail work as the timer would, then waits until nothing due is left (a run this instance started on a
 * commit may hold some at that moment: on PostgreSQL the two really run at once).
 */
async function run() {
  await createNotificationMail(t.app.ctx).run();
  for (let i = 0; i < 200; i++) {
    const at = t.clock.now.getTime();
    const due = await db()
      .select({ at: notifications.emailDueAt })
      .from(notifications)
      .where(eq(notifications.emailState, 'pending'));
    const mails = await db().select().from(notificationMail).where(eq(notificationMail.status, 'pending'));
    const left =
      due.some((n) => n.at !== null && n.at.getTime() <= at) ||
      mails.some((m) => m.claimedBy !== null || m.nextAttemptAt.getTime() <= at);
    if (!left) return;
    await new Promise((r) => setTimeout(r, 25));
    await createNotificationMail(t.app.ctx).run();
  }
}
const mailTo = (u: TestUser) => smtp.messages.filter((m) => m.to.includes(u.email));
/**
 * The mail to `u` with `subject` in its subject (or `text` in its body) once it arrived and its sender recorded it
 * (a test that moves the clock past the sender's lease must not find it still in flight).
 */
async function waitMail(u: TestUser, subject?: string, text?: string) {
  const mail = await smtp.waitFor(
    (m) =>
      m.to.includes(u.email) &&
      (subject === undefined || m.subject.includes(subject)) &&
      (text === undefined || m.decoded.includes(text)),
  );
  for (let i = 0; i < 200; i++) {
    if ((await outbox(u)).every((m) => m.status !== 'pending' || m.claimedBy === null)) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return mail;
}
/** A mail's text with quoted-printable undone and lines joined (to read its sentences). */
const words = (mail: CapturedMail) =>
  Buffer.from(
    mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  )
    .toString('utf8')
    .replace(/\r?\n/g, ' ');

/** One notification of `kind` for `user`, written the one way every writer writes (at the test clock's now). */
async function notify(user: TestUser, kind: NotificationKind, title: string) {
  const { events } = t.app.ctx;
  await events.transaction((tx) =>
    writeNotifications(tx, events, [
      {
        userId: user.id,
        kind,
        title,
        body: `${title}, in one line.`,
        link: '/estimates',
        actorName: 'Sam S.',
        priority: true,
        createdAt: t.clock.now,
      },
    ]),
  );
}

/** The outbox rows of a person (what the composer made), oldest first. */
const outbox = async (u: TestUser) =>
  (await db().select().from(notificationMail).where(eq(notificationMail.userId, u.id))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
const emailStates = async (u: TestUser) =>
  (
    await db()
      .select({ title: notifications.title, state: notifications.emailState, due: notifications.emailDueAt })
      .from(notifications)
      .where(eq(notifications.userId, u.id))
  ).sort((a, b) => a.title.localeCompare(b.title));

const prefs = async (cookie: string) =>
  (
    await call(t.app, { method: 'GET', url: '/api/notifications/preferences' }, cookie)
  ).json<NotificationPreferences>();
const putPrefs = (cookie: string, email: Record<string, string>) =>
  call(t.app, { method: 'PUT', url: '/api/notifications/preferences', payload: { email } }, cookie);

/** The List-Unsubscribe link of a captured mail (header lines unfolded). */
function unsubscribeHeader(mail: CapturedMail): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const found = /^List-Unsubscribe: <([^>]+)>$/im.exec(head);
  if (!found) throw new Error(`No List-Unsubscribe in "${mail.subject}"`);
  return found[1]!;
}
const pathOf = (url: string) => url.slice(APP_URL.length);

describe('preferences', () => {
  it("lists the kinds of the person's role with their choice and what each may be", async () => {
    const customer = await makeCustomer(db());
    const starter = await makeProvider(db(), { plan: 'starter' });
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const admin = await makeAdmin(db());

    const c = await prefs(await loginAs(t.app, customer));
    expect(Object.keys(c.email).sort()).toEqual([...kindsFor('customer')].sort());
    expect(c.email.bid_received).toBe('immediately');
    expect(c.email.job_completed).toBe('daily');
    expect(c.email.estimate_posted).toBeUndefined();
    expect(c.choices.bid_received).toEqual(['immediately', 'daily', 'off']);

    const s = await prefs(await loginAs(t.app, starter));
    expect(Object.keys(s.email).sort()).toEqual([...kindsFor('provider')].sort());
    expect(s.email.estimate_posted).toBe('hourly');
    expect(s.choices.estimate_posted).toEqual(['immediately', 'hourly', 'daily', 'off']);
    expect(s.email.bid_accepted).toBe('immediately');
    expect((await prefs(await loginAs(t.app, deluxe))).email.estimate_posted).toBe('immediately');

    const adminCookie = await loginAs(t.app, admin);
    const a = await call(t.app, { method: 'GET', url: '/api/notifications/preferences' }, adminCookie);
    expect(a.statusCode).toBe(200);
    expect(a.json<NotificationPreferences>().email).toEqual(
      Object.fromEntries(kindsFor('admin').map((k) => [k, expect.any(String)])),
    );
    // Everyone signed in has the centre.
    expect((await call(t.app, { method: 'GET', url: '/api/notifications' }, adminCookie)).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, { method: 'POST', url: '/api/notifications/read', payload: {} }, adminCookie))
        .statusCode,
    ).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(
      401,
    );
  });

  it('a PUT changes only the kinds it names (none: nothing); a kind of another role or a choice it cannot have is a 400', async () => {
    const customer = await makeCustomer(db());
    const cookie = await loginAs(t.app, customer);
    const before = await prefs(cookie);

    const res = await putPrefs(cookie, { job_completed: 'off', bid_received: 'daily' });
    expect(res.statusCode).toBe(200);
    const after = res.json<NotificationPreferences>();
    expect(after.email).toEqual({ ...before.email, job_completed: 'off', bid_received: 'daily' });
    expect(await prefs(cookie)).toEqual(after);

    const notMine = await putPrefs(cookie, { estimate_posted: 'off' });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json<{ error: string }>().error).toMatch(/not a notification you receive/);
    const noHourly = await putPrefs(cookie, { bid_received: 'hourly' });
    expect(noHourly.statusCode).toBe(400);
    expect(noHourly.json<{ error: string }>().error).toMatch(/can be set to Immediately, Daily digest, Off/);
    expect((await putPrefs(cookie, { made_up: 'off' })).statusCode).toBe(400);
    expect((await putPrefs(cookie, { bid_received: 'weekly' })).statusCode).toBe(400);
    // None of the refused ones changed anything; an empty change is a 200 that changes nothing either.
    const none = await putPrefs(cookie, {});
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual(after);
    expect(await prefs(cookie)).toEqual(after);
  });

  it('the old switch: false turns every kind off, true brings the defaults back; it reads true unless all are off', async () => {
    const provider = await makeProvider(db(), { plan: 'starter' });
    const cookie = await loginAs(t.app, provider);
    const defaults = await prefs(cookie);
    const settings = async () =>
      (await call(t.app, { method: 'GET', url: '/api/notifications/settings' }, cookie)).json<{
        emailNotifications: boolean;
      }>();
    const put = (on: boolean) =>
      call(
        t.app,
        { method: 'PUT', url: '/api/notifications/settings', payload: { emailNotifications: on } },
        cookie,
      );

    expect(await settings()).toEqual({ emailNotifications: true });
    expect((await put(false)).statusCode).toBe(200);
    expect(await settings()).toEqual({ emailNotifications: false });
    expect(Object.values((await prefs(cookie)).email).every((c) => c === 'off')).toBe(true);
    // One kind back on: the switch reads on again.
    await putPrefs(cookie, { bid_accepted: 'immediately' });
    expect(await settings()).toEqual({ emailNotifications: true });
    expect((await put(true)).statusCode).toBe(200);
    expect(await prefs(cookie)).toEqual(defaults);
  });
});

describe('the choices, honoured', () => {
  it('immediately: the mail leaves on the commit, with an HTML and a text part, why it came and one-click unsubscribe', async () => {
    const customer = await makeCustomer(db(), { firstName: 'Casey' });
    await notify(customer, 'bid_received', 'A new bid on Deck repair');
    // Nobody ran the sender: the commit woke it.
    const mail = await waitMail(customer, 'A new bid on Deck repair');
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.decoded).toContain('Hi Casey');
    expect(words(mail)).toContain(
      'You get this because “A bid or quote received” is set to Immediately in your notification settings.',
    );
    expect(mail.decoded).toContain(`${APP_URL}/settings#notifications`);
    expect(unsubscribeHeader(mail)).toMatch(new RegExp(`^${APP_URL}/unsubscribe\\?token=[A-Za-z0-9_.-]+$`));
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(await emailStates(customer)).toEqual([expect.objectContaining({ state: 'queued' })]);
  });

  it('at most one immediate mail per kind per 15 minutes: the next wait and go out together', async () => {
    const customer = await makeCustomer(db());
    await notify(customer, 'bid_received', 'Bid one');
    await waitMail(customer, 'Bid one');
    const first = t.clock.now.getTime();

    t.clock.advance(5 * MIN);
    await notify(customer, 'bid_received', 'Bid two');
    t.clock.advance(5 * MIN);
    await notify(customer, 'bid_received', 'Bid three');
    // Another kind is not held by this one's window.
    await notify(customer, 'quote_revised', 'Quote revised');
    await waitMail(customer, 'Quote revised');
    await run();
    expect((await outbox(customer)).map((m) => m.subject)).toEqual(['Bid one', 'Quote revised']);
    const waiting = (await emailStates(customer)).filter((n) => n.state === 'pending');
    expect(waiting.map((n) => [n.title, n.due?.getTime()])).toEqual([
      ['Bid three', first + 15 * MIN],
      ['Bid two', first + 15 * MIN],
    ]);

    t.clock.advance(5 * MIN);
    await run();
    const together = await waitMail(customer, 'A bid or quote received: 2 updates');
    expect(together.decoded).toContain('Bid two');
    expect(together.decoded).toContain('Bid three');
    expect(mailTo(customer)).toHaveLength(3);
  });

  it('daily: nothing until 8:00 in the person’s time zone (from their ZIP code), then one digest', async () => {
    // Denver (80202): the digest is due at the next 8:00 Mountain time.
    const customer = await makeCustomer(db(), { zipCode: '80202' });
    await notify(customer, 'job_completed', 'Work confirmed on Fence');
    await notify(customer, 'job_cancelled', 'Job cancelled: Gutter');
    await run();
    const due = nextLocalHour(t.clock.now, 'America/Denver', DAILY_DIGEST_HOUR);
    expect((await emailStates(customer)).map((n) => [n.state, n.due?.getTime()])).toEqual([
      ['pending', due.getTime()],
      ['pending', due.getTime()],
    ]);
    expect(await outbox(customer)).toHaveLength(0);

    const saved = t.clock.now;
    t.clock.now = new Date(due.getTime() - 1000);
    await run();
    expect(await outbox(customer)).toHaveLength(0);
    t.clock.now = due;
    await run();
    const digest = await waitMail(customer, 'Your HomeFix daily digest: 2 updates');
    expect(digest.decoded).toContain('Work confirmed on Fence');
    expect(digest.decoded).toContain('Job cancelled: Gutter');
    expect(digest.decoded.replace(/\r?\n/g, ' ')).toMatch(
      /are set to Daily digest in your notification settings/,
    );
    expect((await outbox(customer)).map((m) => m.kind)).toEqual(['daily']);
    t.clock.now = saved;
  });

  it('a changed choice moves what already waits: daily to immediately mails it now', async () => {
    const customer = await makeCustomer(db());
    await notify(customer, 'job_completed', 'Waiting for the digest');
    await run();
    expect(await outbox(customer)).toHaveLength(0);
    expect(
      (await putPrefs(await loginAs(t.app, customer), { job_completed: 'immediately' })).statusCode,
    ).toBe(200);
    await run();
    await waitMail(customer, 'Waiting for the digest');
    expect((await outbox(customer)).map((m) => m.kind)).toEqual(['job_completed']);
  });

  it('off: no mail, ever', async () => {
    const customer = await makeCustomer(db());
    expect((await putPrefs(await loginAs(t.app, customer), { bid_received: 'off' })).statusCode).toBe(200);
    await notify(customer, 'bid_received', 'A bid nobody mails');
    t.clock.advance(2 * 86_400_000);
    await run();
    expect(await emailStates(customer)).toEqual([expect.objectContaining({ state: 'none', due: null })]);
    expect(await outbox(customer)).toHaveLength(0);
  });

  it('no mail to an address that is not confirmed', async () => {
    const customer = await makeCustomer(db(), { verified: false });
    await notify(customer, 'bid_received', 'A bid for an unconfirmed address');
    await run();
    expect(await emailStates(customer)).toEqual([expect.objectContaining({ state: 'skipped' })]);
    expect(await outbox(customer)).toHaveLength(0);
  });

  it('new work: a Starter plan at most hourly, a Deluxe plan at once', async () => {
    const starter = await makeProvider(db(), { plan: 'starter', selectedTasks: ['cabinets'] });
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const post = async (title: string) => {
      const customer = await makeCustomer(db());
      const estimate = await makeEstimate(db(), customer, { category: 'kitchen', title });
      const cookie = await loginAs(t.app, customer);
      const res = await call(t.app, { method: 'PATCH', url: `/api/estimates/${estimate.id}/post` }, cookie);
      expect(res.statusCode).toBe(200);
    };
    await post('Kitchen one');
    const hourly = await waitMail(starter, 'New work in your categories: 1 new');
    expect(hourly.decoded).toContain('Kitchen one');
    expect(words(hourly)).toContain('“New work in your categories” is set to At most hourly');
    await waitMail(deluxe, 'New Kitchen', 'Kitchen one');

    t.clock.advance(20 * MIN);
    await post('Kitchen two');
    t.clock.advance(20 * MIN);
    await post('Kitchen three');
    await run();
    expect((await outbox(starter)).map((m) => m.kind)).toEqual(['hourly']);
    t.clock.advance(20 * MIN);
    await run();
    const next = await waitMail(starter, 'New work in your categories: 2 new');
    expect(next.decoded).toContain('Kitchen two');
    expect(next.decoded).toContain('Kitchen three');
  });
});

describe('one-click unsubscribe', () => {
  async function mailWithLink() {
    const customer = await makeCustomer(db());
    const title = `A bid ${Math.random().toString(36).slice(2, 8)}`;
    await notify(customer, 'bid_received', title);
    const mail = await waitMail(customer, title);
    return { customer, cookie: await loginAs(t.app, customer), url: unsubscribeHeader(mail) };
  }

  it('the POST without a session, from anywhere, turns that kind off (200) and only that kind', async () => {
    const { cookie, url } = await mailWithLink();
    const before = await prefs(cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await prefs(cookie)).toEqual({ ...before, email: { ...before.email, bid_received: 'off' } });
    // Again: still 200, nothing more to do.
    const again = await t.app.inject({ method: 'POST', url: pathOf(url) });
    expect(again.statusCode).toBe(200);
  });

  it('opened in a browser: the page says what was turned off and offers Undo, which brings the choice back', async () => {
    const { cookie, url } = await mailWithLink();
    const done = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/text\/html/);
    expect(done.body).toContain('name="viewport"');
    expect(done.body).toContain('prefers-color-scheme: dark');
    expect(done.body).toContain('<h1>Emails turned off</h1>');
    expect(done.body).toMatch(/A bid or quote received <small>\(was Immediately\)<\/small>/);
    expect((await prefs(cookie)).email.bid_received).toBe('off');
    // Opened again: nothing more to turn off, said as such.
    const again = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(again.body).toContain('already off');

    const undo =
      /<form method="post" action="([^"]+)"><input type="hidden" name="restore" value="([^"]+)"/.exec(
        done.body,
      )!;
    const back = await t.app.inject({
      method: 'POST',
      url: undo[1]!.replace(/&amp;/g, '&'),
      headers: { origin: APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `restore=${encodeURIComponent(undo[2]!)}`,
    });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Back on');
    expect((await prefs(cookie)).email.bid_received).toBe('immediately');
  });

  it('a tampered or unknown token is a 400 page and changes nothing', async () => {
    const { cookie, url, customer } = await mailWithLink();
    const before = await prefs(cookie);
    const token = new URL(url).searchParams.get('token')!;
    const [payload, sig] = token.split('.') as [string, string];
    const otherKind = Buffer.from(JSON.stringify({ u: customer.id, s: 'job_completed' })).toString(
      'base64url',
    );
    const bad = [`${payload}.${sig.slice(0, -2)}xx`, `${otherKind}.${sig}`, `${payload}`, 'nonsense', ''];
    for (const b of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const url = `/unsubscribe?token=${encodeURIComponent(b)}`;
        // A browser gets the page; any other client the API's error shape.
        const page = await t.app.inject({ method, url, headers: { accept: 'text/html,*/*;q=0.8' } });
        expect(page.statusCode, `${method} ${b}`).toBe(400);
        expect(page.body).toContain('This link is not valid');
        const api = await t.app.inject({ method, url });
        expect(api.statusCode).toBe(400);
        expect(api.json()).toMatchObject({
          code: 'BAD_REQUEST',
          error: 'This unsubscribe link is not valid',
        });
      }
    }
    const undo = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/undo?token=${encodeURIComponent(`${otherKind}.${sig}`)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'restore=job_completed:immediately',
    });
    expect(undo.statusCode).toBe(400);
    // A real link cannot restore a kind it does not name.
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/undo?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'restore=job_completed:immediately',
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(await prefs(cookie)).toEqual(before);
  });

  it("a digest's link turns off every kind on that digest; the per-kind links in its body one kind", async () => {
    const customer = await makeCustomer(db());
    const cookie = await loginAs(t.app, customer);
    await notify(customer, 'job_completed', 'Digest item one');
    await notify(customer, 'job_started', 'Digest item two');
    const saved = t.clock.now;
    t.clock.advance(86_400_000);
    await run();
    const digest = await waitMail(customer, 'daily digest');
    t.clock.now = saved;
    const kindLink = /http:\/\/localhost:5000\/unsubscribe\?token=[A-Za-z0-9_.-]+/g;
    const links = [...new Set(digest.decoded.match(kindLink))];
    const own = unsubscribeHeader(digest);
    const perKind = links.filter((l) => l !== own);
    expect(perKind).toHaveLength(2);
    expect((await t.app.inject({ method: 'POST', url: pathOf(perKind[0]!) })).statusCode).toBe(200);
    const one = await prefs(cookie);
    expect(Object.entries(one.email).filter(([, c]) => c === 'off')).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: pathOf(own) })).statusCode).toBe(200);
    const all = await prefs(cookie);
    expect(Object.values(all.email).filter((c) => c === 'daily')).toEqual([]);
    expect(all.email.bid_received).toBe('immediately');
  });
});

describe('the unsubscribe link where the server serves the web build too', () => {
  it('reaches the unsubscribe page, not the web app', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'homefix-web-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head></head><body>THE WEB APP</body></html>',
    );
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await web.app.inject({
          method,
          url: '/unsubscribe?token=abc.def',
          headers: { accept: 'text/html' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('This link is not valid');
        expect(res.body).not.toContain('THE WEB APP');
      }
      // The rest of the paths are still the web app's.
      expect((await web.app.inject({ method: 'GET', url: '/settings' })).body).toContain('THE WEB APP');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a mail the SMTP server refuses', () => {
  it('is tried again with a growing pause, failed after a day, and listed to admins without its body', async () => {
    const down = await createTestApp({ SMTP_URL: await unreachableSmtpUrl() });
    try {
      const ddb = down.app.ctx.db;
      const customer = await makeCustomer(ddb);
      const admin = await makeAdmin(ddb);
      const { events } = down.app.ctx;
      await events.transaction((tx) =>
        writeNotifications(tx, events, [
          {
            userId: customer.id,
            kind: 'bid_received',
            title: 'A bid that will not go',
            body: 'x',
            link: '/estimates',
            priority: true,
            createdAt: down.clock.now,
          },
        ]),
      );
      const mail = createNotificationMail(down.app.ctx);
      const row = async () => {
        const [r] = await ddb.select().from(notificationMail).where(eq(notificationMail.userId, customer.id));
        return r ?? { status: 'none', attempts: 0, nextAttemptAt: new Date(0), lastError: null };
      };
      // The commit's own run may be sending it: wait until its first refusal is recorded.
      await mail.run();
      for (let i = 0; i < 100 && (await row()).attempts === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      const start = down.clock.now.getTime();
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row()).nextAttemptAt.getTime()).toBe(start + MIN);

      down.clock.advance(MIN);
      await mail.run();
      expect(await row()).toMatchObject({ status: 'pending', attempts: 2 });
      expect((await row()).nextAttemptAt.getTime()).toBe(start + MIN + 2 * MIN);
      // Not yet due: nothing tried.
      await mail.run();
      expect((await row()).attempts).toBe(2);

      down.clock.advance(86_400_000);
      await mail.run();
      const failed = await row();
      expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
      expect(failed.lastError).toBeTruthy();

      const adminCookie = await loginAs(down.app, admin);
      const res = await call(down.app, { method: 'GET', url: '/api/admin/mail?status=failed' }, adminCookie);
      expect(res.statusCode).toBe(200);
      const listed = res.json<AdminMailList>();
      expect(listed.items).toEqual([
        expect.objectContaining({
          to: customer.email,
          subject: 'A bid that will not go',
          kind: 'bid_received',
          status: 'failed',
          attempts: 3,
          nextAttemptAt: null,
        }),
      ]);
      expect(JSON.stringify(listed)).not.toContain('unsubscribe');
      expect(listed.total).toBe(1);
      const pending = await call(
        down.app,
        { method: 'GET', url: '/api/admin/mail?status=pending' },
        adminCookie,
      );
      expect(pending.json<AdminMailList>().items).toEqual([]);
      const asCustomer = await call(
        down.app,
        { method: 'GET', url: '/api/admin/mail' },
        await loginAs(down.app, customer),
      );
      expect(asCustomer.statusCode).toBe(403);
    } finally {
      await down.close();
    }
  });
});

describe('the recurring work', () => {
  it('runs every NOTIFICATION_DIGEST_SECONDS as one recurring item; none with 0', async () => {
    const on = await createTestApp({ NOTIFICATION_DIGEST_SECONDS: '60' });
    try {
      const items = await on.app.ctx.db
        .select()
        .from(scheduledWork)
        .where(and(eq(scheduledWork.kind, 'notificationMail')));
      expect(items).toEqual([expect.objectContaining({ key: 'notificationMail', doneAt: null })]);
    } finally {
      await on.close();
    }
    const off = await db().select().from(scheduledWork).where(eq(scheduledWork.kind, 'notificationMail'));
    expect(off).toEqual([]);
  });
});
