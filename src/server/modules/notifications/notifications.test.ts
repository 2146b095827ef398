// Provider notifications through HTTP (decision 0021): a first posting tells exactly the providers whose plan
// opens its category (never the poster, a free or lapsed plan, or a repost), priority for deluxe, pushed live over
// /ws; the list, the unread count and read marks stay the provider's own; accepting a bid tells its provider; the
// email digest goes over real SMTP at most once an hour, and not when turned off, run as recurring scheduled work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '#domain/schemas/notification.schema';
import { eq } from 'drizzle-orm';
import { scheduledWork } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { openSocket, type TestSocket } from '#server/test/ws-client';
import { createNotificationsService, DIGEST_EVERY_MS } from './index.ts';

let t: TestApp;
let smtp: SmtpCapture;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.ctx.db;
const get = (cookie: string, url: string) => call(t.app, { method: 'GET', url }, cookie);
const list = async (cookie: string, query = '') =>
  (await get(cookie, `/api/notifications${query}`)).json<NotificationList>();
const digests = () => createNotificationsService(t.app.ctx).sendDigests();
const mailTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

/** Posts a fresh estimate of `category` through the owner's PATCH /api/estimates/{id}/post. */
async function post(category: string, title = `${category} job ${Math.random().toString(36).slice(2, 8)}`) {
  const customer = await makeCustomer(db());
  const estimate = await makeEstimate(db(), customer, { category, title });
  const cookie = await loginAs(t.app, customer);
  const res = await call(t.app, { method: 'PATCH', url: `/api/estimates/${estimate.id}/post` }, cookie);
  expect(res.statusCode).toBe(200);
  return { customer, cookie, estimate };
}

describe('a first posting notifies the providers who may act on it', () => {
  it('deluxe (priority), a starter of that category, a running trial; not free, lapsed, other categories or the poster', async () => {
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const starterIn = await makeProvider(db(), { plan: 'starter', selectedTasks: ['cabinets'] });
    const starterOut = await makeProvider(db(), { plan: 'starter', selectedTasks: ['hvac'] });
    const trial = await makeProvider(db(), {
      plan: 'starter',
      billing: 'trial',
      selectedTasks: ['cabinets'],
    });
    const lapsed = await makeProvider(db(), { plan: 'deluxe', billing: 'expired-trial' });
    const free = await makeProvider(db(), { plan: 'free' });
    const { estimate } = await post('kitchen', 'Kitchen refresh');

    const cookies = await Promise.all(
      [deluxe, starterIn, starterOut, trial, lapsed, free].map((p) => loginAs(t.app, p)),
    );
    const lists = await Promise.all(cookies.map((c) => list(c)));
    const about = (l: NotificationList) => l.items.filter((n) => n.estimateId === estimate.id);
    expect(lists.map((l) => about(l).length)).toEqual([1, 1, 0, 1, 0, 0]);
    const [forDeluxe] = about(lists[0]!);
    expect(forDeluxe).toMatchObject({
      kind: 'estimate_posted',
      priority: true,
      read: false,
      title: expect.stringMatching(/^New .+ job in .+/),
      body: expect.stringContaining('Kitchen refresh'),
    });
    // The range in whole dollars, as every range the app shows.
    expect(forDeluxe!.body).toMatch(/^Kitchen refresh: \$[\d,]+ – \$[\d,]+$/);
    expect(about(lists[1]!)[0]!.priority).toBe(false);
    expect(lists[0]!.unreadCount).toBeGreaterThanOrEqual(1);
  });

  it('a repost (draft, then posted again) does not notify twice', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const { estimate, cookie } = await post('bathroom');
    const back = await call(
      t.app,
      { method: 'PUT', url: `/api/estimates/${estimate.id}/status`, payload: { status: 'draft' } },
      cookie,
    );
    expect(back.statusCode).toBe(200);
    const again = await call(t.app, { method: 'PATCH', url: `/api/estimates/${estimate.id}/post` }, cookie);
    expect(again.statusCode).toBe(200);
    const mine = await list(await loginAs(t.app, p));
    expect(mine.items.filter((n) => n.estimateId === estimate.id)).toHaveLength(1);
  });

  it('a deluxe provider with the dashboard open hears the new count at once over /ws', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const cookie = await loginAs(t.app, p);
    const socket = await openSocket(base, { cookie });
    sockets.push(socket);
    await socket.next('ready');
    await post('flooring');
    const pushed = await socket.next('notifications');
    expect(pushed.unreadCount).toBe((await list(cookie)).unreadCount);
    expect(pushed.unreadCount).toBeGreaterThanOrEqual(1);
  });
});

describe('the list, the count and read marks', () => {
  it('pages newest first, filters unread, marks the own ones read (one or all); others stay untouched', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const other = await makeProvider(db(), { plan: 'deluxe' });
    const cookie = await loginAs(t.app, p);
    const otherCookie = await loginAs(t.app, other);
    const before = (await list(cookie)).unreadCount;
    for (const title of ['First', 'Second', 'Third']) {
      await post('hvac', title);
      t.clock.advance(1000);
    }
    const page = await list(cookie, '?pageSize=2');
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.body).toContain('Third');
    expect(page.items[1]!.body).toContain('Second');
    expect(page.unreadCount).toBe(before + 3);

    // Another provider's id is not theirs to mark.
    const theirs = (await list(otherCookie)).items[0]!;
    const mark = (c: string, payload: object) =>
      call(t.app, { method: 'POST', url: '/api/notifications/read', payload }, c);
    const foreign = await mark(cookie, { ids: [theirs.id] });
    expect(foreign.json()).toMatchObject({ marked: 0 });
    expect((await list(otherCookie)).items[0]!.read).toBe(false);

    const one = await mark(cookie, { ids: [page.items[0]!.id] });
    expect(one.json()).toEqual({ marked: 1, unreadCount: before + 2 });
    const unread = await list(cookie, '?unread=true&pageSize=50');
    expect(unread.items.every((n) => !n.read)).toBe(true);
    expect(unread.items.map((n) => n.id)).not.toContain(page.items[0]!.id);

    const all = await mark(cookie, {});
    expect(all.json()).toEqual({ marked: before + 2, unreadCount: 0 });
    expect((await list(cookie)).unreadCount).toBe(0);
  });

  it('refuses bad ids with 400 and customers with 403, anonymous with 401', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const cookie = await loginAs(t.app, p);
    const bad = await call(
      t.app,
      { method: 'POST', url: '/api/notifications/read', payload: { ids: ['not-a-uuid'] } },
      cookie,
    );
    expect(bad.statusCode).toBe(400);
    const customer = await loginAs(t.app, await makeCustomer(db()));
    expect((await get(customer, '/api/notifications')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('accepting a bid tells its provider', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const providerCookie = await loginAs(t.app, p);
    const { estimate, cookie } = await post('electrical', 'Panel upgrade');
    const bid = await call(t.app, { method: 'POST', url: `/api/tasks/${estimate.id}/bid` }, providerCookie);
    expect(bid.statusCode).toBe(201);
    t.clock.advance(1000);
    const accepted = await call(
      t.app,
      { method: 'POST', url: `/api/estimates/${estimate.id}/bids/${bid.json().bid.id}/accept` },
      cookie,
    );
    expect(accepted.statusCode).toBe(200);
    const [latest] = (await list(providerCookie)).items;
    expect(latest).toMatchObject({ kind: 'bid_accepted', estimateId: estimate.id, read: false });
    expect(latest!.body).toContain('Panel upgrade');
  });
});

describe('the email digest', () => {
  it('one mail with everything new, then nothing more within the hour, then the rest; never twice at once', async () => {
    const p = await makeProvider(db(), { plan: 'starter', selectedTasks: ['cabinets'] });
    // Earlier tests left digests waiting for other providers: send those first.
    await digests();
    await post('kitchen', 'Island install');
    await post('kitchen', 'Backsplash tile');
    const [a, b] = await Promise.all([digests(), digests()]);
    expect(mailTo(p.email)).toHaveLength(1);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    const first = mailTo(p.email)[0]!;
    expect(first.subject).toBe('HomeFix: 2 new notifications');
    expect(first.decoded).toContain('Island install');
    expect(first.decoded).toContain('Backsplash tile');

    await post('kitchen', 'Pantry shelves');
    t.clock.advance(DIGEST_EVERY_MS - 60_000);
    await digests();
    expect(mailTo(p.email)).toHaveLength(1);
    t.clock.advance(60_000);
    await digests();
    const mails = mailTo(p.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('HomeFix: 1 new notification');
    expect(mails[1]!.decoded).toContain('Pantry shelves');
    // The in-app notifications are all there, mailed or not.
    const inApp = await list(await loginAs(t.app, p));
    expect(inApp.items.filter((n) => n.kind === 'estimate_posted')).toHaveLength(3);
  });

  it('a provider who turns email off gets no digest, and what was waiting is dropped', async () => {
    const p = await makeProvider(db(), { plan: 'starter', selectedTasks: ['cabinets'] });
    const cookie = await loginAs(t.app, p);
    expect((await get(cookie, '/api/notifications/settings')).json()).toEqual({ emailNotifications: true });
    await post('kitchen', 'Cabinet doors');
    const off = await call(
      t.app,
      { method: 'PUT', url: '/api/notifications/settings', payload: { emailNotifications: false } },
      cookie,
    );
    expect(off.json()).toEqual({ emailNotifications: false });
    await post('kitchen', 'Drawer fronts');
    t.clock.advance(DIGEST_EVERY_MS);
    await digests();
    expect(mailTo(p.email)).toHaveLength(0);
    expect((await get(cookie, '/api/notifications/settings')).json()).toEqual({ emailNotifications: false });
    const bad = await call(
      t.app,
      { method: 'PUT', url: '/api/notifications/settings', payload: { emailNotifications: 'no' } },
      cookie,
    );
    expect(bad.statusCode).toBe(400);
    // Turning it back on mails what comes next.
    await call(
      t.app,
      { method: 'PUT', url: '/api/notifications/settings', payload: { emailNotifications: true } },
      cookie,
    );
    await post('kitchen', 'Crown molding');
    await digests();
    expect(mailTo(p.email).map((m) => m.decoded.includes('Crown molding'))).toEqual([true]);
  });
});

describe('the digest as scheduled work', () => {
  it('runs every NOTIFICATION_DIGEST_SECONDS on its own: one recurring item, moved forward after each run; none with 0', async () => {
    // The worker's own poll is left out (an hour): the test runs what is due itself.
    const on = await createTestApp(
      { SMTP_URL: smtp.url, NOTIFICATION_DIGEST_SECONDS: '60', RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' },
      { work: { pollMs: 3_600_000 } },
    );
    try {
      const items = () =>
        on.app.ctx.db.select().from(scheduledWork).where(eq(scheduledWork.kind, 'notificationDigests'));
      const [item] = await items();
      expect(item).toMatchObject({ key: 'notificationDigests', doneAt: null, attempts: 0 });
      expect(item!.dueAt.getTime()).toBe(on.clock.now.getTime() + 60_000);

      const p = await makeProvider(on.app.ctx.db, { plan: 'starter', selectedTasks: ['cabinets'] });
      const customer = await makeCustomer(on.app.ctx.db);
      const estimate = await makeEstimate(on.app.ctx.db, customer, {
        category: 'kitchen',
        title: 'Scheduled',
      });
      const posted = await call(
        on.app,
        { method: 'PATCH', url: `/api/estimates/${estimate.id}/post` },
        await loginAs(on.app, customer),
      );
      expect(posted.statusCode).toBe(200);

      // Not due yet: nothing runs.
      expect(await on.app.ctx.work.runDue()).toBe(0);
      expect(mailTo(p.email)).toHaveLength(0);
      on.clock.advance(60_000);
      expect(await on.app.ctx.work.runDue()).toBe(1);
      expect(mailTo(p.email).map((m) => m.decoded.includes('Scheduled'))).toEqual([true]);
      const after = await items();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: item!.id, doneAt: null, attempts: 0, claimedBy: null });
      expect(after[0]!.dueAt.getTime()).toBe(on.clock.now.getTime() + 60_000);
    } finally {
      await on.close();
    }
    const off = await createTestApp({ NOTIFICATION_DIGEST_SECONDS: '0' });
    try {
      expect(
        await off.app.ctx.db
          .select()
          .from(scheduledWork)
          .where(eq(scheduledWork.kind, 'notificationDigests')),
      ).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
