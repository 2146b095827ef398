// message_unread on the real app (decision 0043): a message unread ten minutes later, with no page of the app open,
// is told to its receiver once (never to its sender); nothing when it was read in time or while the receiver has a
// /ws socket open; several messages make one notification, and only a message after it makes another. Presence
// is the heartbeat's mark on the session (a fast heartbeat here, so the tests wait for a beat rather than 30 s).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_UNREAD_AFTER_MS } from '#domain/notification-kinds';
import { notifications, sessions } from '#server/db/schema/index';
import { hashToken } from '#server/lib/tokens';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { openSocket, type TestSocket } from '#server/test/ws-client';

const HEARTBEAT_MS = 100;

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ WS_HEARTBEAT_MS: String(HEARTBEAT_MS), RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

async function world() {
  const db = t.app.ctx.db;
  const customer = await makeCustomer(db, { firstName: 'Dana', lastName: 'Whitfield' });
  const provider = await makeProvider(db, { plan: 'deluxe', companyName: 'Acme Decks' });
  const estimate = await makeEstimate(db, customer, { status: 'posted', title: 'Deck repair' });
  return {
    customer,
    provider,
    estimate,
    customerCookie: await loginAs(t.app, customer),
    providerCookie: await loginAs(t.app, provider),
  };
}
type World = Awaited<ReturnType<typeof world>>;

async function send(w: World, from: 'customer' | 'provider', content: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie: from === 'customer' ? w.customerCookie : w.providerCookie },
    payload: {
      estimateId: w.estimate.id,
      receiverId: from === 'customer' ? w.provider.id : w.customer.id,
      content,
    },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { message: { id: string } }).message.id;
}

/** The provider writes first (a customer may not), and the customer reads it: the customer may answer. */
async function opened(w: World) {
  await send(w, 'provider', 'Hello, I saw your estimate.');
  const thread = await t.app.inject({
    method: 'GET',
    url: `/api/messages/${w.estimate.id}/${w.provider.id}`,
    headers: { cookie: w.customerCookie },
  });
  expect(thread.statusCode).toBe(200);
}

/** Ten minutes (and a second) pass and the due work runs. */
async function tenMinutesLater() {
  t.clock.advance(MESSAGE_UNREAD_AFTER_MS + 1000);
  await t.app.ctx.work.runDue();
}

/** The message_unread notifications a user has, oldest first. */
async function told(userId: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'message_unread')))
    .orderBy(notifications.createdAt);
  return rows;
}

async function socketSeenAt(cookie: string) {
  const token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
  const [row] = await t.app.ctx.db
    .select({ at: sessions.socketSeenAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row?.at ?? null;
}

/** Waits until a heartbeat has marked the session's socket seen at the app's current time. */
async function beatMarked(cookie: string) {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    if ((await socketSeenAt(cookie))?.getTime() === t.clock.now.getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no heartbeat marked the socket seen');
}

async function connect(cookie: string) {
  const s = await openSocket(base, { cookie });
  sockets.push(s);
  await s.next('ready');
  return s;
}

describe('message_unread', () => {
  it('tells the receiver with no page open, once, ten minutes after: never the sender', async () => {
    const w = await world();
    await opened(w);
    await send(w, 'customer', 'Could you come by on Thursday to look at the loose boards on the back deck?');
    t.clock.advance(MESSAGE_UNREAD_AFTER_MS - 60_000);
    await t.app.ctx.work.runDue();
    expect(await told(w.provider.id)).toEqual([]); // not yet ten minutes
    await tenMinutesLater();
    const [n, ...more] = await told(w.provider.id);
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      title: 'New message from Dana W.',
      body: 'Could you come by on Thursday to look at the loose boards on the back deck?',
      link: `/provider/messages/${w.estimate.id}/${w.customer.id}`,
      actorName: 'Dana W.',
      estimateId: w.estimate.id,
      readAt: null,
    });
    expect(await told(w.customer.id)).toEqual([]);
    // A later check (a message since, deleted by its sender) tells nothing again for the same unread message.
    const since = await send(w, 'customer', 'Sorry, wrong thread.');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${since}`,
      headers: { cookie: w.customerCookie },
    });
    expect(deleted.statusCode).toBe(200);
    await tenMinutesLater();
    expect(await told(w.provider.id)).toHaveLength(1);
  });

  it('tells nothing when the message was read within ten minutes', async () => {
    const w = await world();
    await send(w, 'provider', 'I can come on Thursday.');
    t.clock.advance(5 * 60_000);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${w.estimate.id}/${w.provider.id}`,
      headers: { cookie: w.customerCookie },
    });
    expect(thread.statusCode).toBe(200);
    await tenMinutesLater();
    expect(await told(w.customer.id)).toEqual([]);
  });

  it('two messages make one notification with the latest; a message after it makes another', async () => {
    const w = await world();
    await send(w, 'provider', 'I can come on Thursday.');
    t.clock.advance(60_000);
    await send(
      w,
      'provider',
      `Or Friday morning. ${'Bring the photos of the railing too, please. '.repeat(3)}`,
    );
    await tenMinutesLater();
    await tenMinutesLater();
    const first = await told(w.customer.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: 'New message from Acme Decks',
      actorName: 'Acme Decks',
      link: `/messages/${w.estimate.id}/${w.provider.id}`,
    });
    expect(first[0]!.body).toHaveLength(80);
    expect(first[0]!.body).toMatch(/^Or Friday morning\. Bring the photos of the railing too, please\. .*…$/);
    expect(await told(w.provider.id)).toEqual([]);

    await send(w, 'provider', 'Thursday is booked now, Friday then?');
    await tenMinutesLater();
    const after = await told(w.customer.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.body).toBe('Thursday is booked now, Friday then?');
  });

  it('tells nothing while the receiver has a page open (a /ws socket): they see it live', async () => {
    const w = await world();
    await opened(w);
    const page = await connect(w.providerCookie);
    await send(w, 'customer', 'Are you still interested?');
    expect((await page.next('messageReceived')).message.content).toBe('Are you still interested?');
    t.clock.advance(MESSAGE_UNREAD_AFTER_MS + 1000);
    await beatMarked(w.providerCookie); // the open page is seen at the current time
    await t.app.ctx.work.runDue();
    expect(await told(w.provider.id)).toEqual([]);
    expect(await told(w.customer.id)).toEqual([]);
  });

  it('the heartbeat marks a socket seen at the opening and at every beat; a closed page is no longer one', async () => {
    const w = await world();
    expect(await socketSeenAt(w.customerCookie)).toBeNull();
    const page = await connect(w.customerCookie);
    expect((await socketSeenAt(w.customerCookie))?.getTime()).toBe(t.clock.now.getTime());
    t.clock.advance(3_600_000);
    await beatMarked(w.customerCookie);
    page.close();
    await page.closed;

    // The page closed before the message: ten minutes later the customer is told.
    await send(w, 'provider', 'Friday at nine works for me.');
    await tenMinutesLater();
    expect(await told(w.customer.id)).toHaveLength(1);
  });
});
