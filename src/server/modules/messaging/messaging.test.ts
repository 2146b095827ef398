// Messaging over REST on the real app and database (PGlite, or PostgreSQL with TEST_DB=postgres): who may
// write to whom, caps, threads and their read marks, deletion, the conversation list and the admin's threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, type Conversation } from '#domain/schemas/message-api.schema';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { loginAs } from '#server/test/login';
import { messages } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#server/test/test-app';
import type { Estimate } from '#domain/schemas/estimate-api.schema';

let t: TestApp;
beforeAll(async () => {
  // Many calls from one address: the global per-minute limit is not what these tests are about.
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;

async function as(user: TestUser) {
  return loginAs(t.app, user);
}

function call(cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function send(cookie: string, estimateId: string, receiverId: string, content: string) {
  return call(cookie, 'POST', '/api/messages', { estimateId, receiverId, content });
}

interface World {
  customer: TestUser;
  customerCookie: string;
  provider: TestUser;
  providerCookie: string;
  estimate: Estimate;
}

async function world(): Promise<World> {
  const customer = await makeCustomer(db());
  const provider = await makeProvider(db(), { plan: 'deluxe' });
  const estimate = await makeEstimate(db(), customer, { status: 'posted', title: 'Kitchen refresh' });
  return {
    customer,
    provider,
    estimate,
    customerCookie: await as(customer),
    providerCookie: await as(provider),
  };
}

describe('sending', () => {
  it('a provider with access writes to the owner; the customer replies; content is trimmed', async () => {
    const w = await world();
    const res = await send(
      w.providerCookie,
      w.estimate.id,
      w.customer.id,
      '  Hello, I can help you with this.  ',
    );
    expect(res.statusCode).toBe(201);
    const { message } = res.json();
    expect(message).toMatchObject({
      estimateId: w.estimate.id,
      estimateTitle: 'Kitchen refresh',
      senderId: w.provider.id,
      receiverId: w.customer.id,
      content: 'Hello, I can help you with this.',
      read: false,
      isDeleted: false,
      senderFirstName: 'Pat',
      senderName: 'Pat P.',
      senderRole: 'provider',
    });
    const reply = await send(w.customerCookie, w.estimate.id, w.provider.id, 'Great, when?');
    expect(reply.statusCode).toBe(201);
  });

  it("a provider's first message to a customer is an introduction of 20 characters or more; replies may be short", async () => {
    const w = await world();
    const short = await send(w.providerCookie, w.estimate.id, w.customer.id, '  Hi, free Monday?  ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Message should be at least 20 characters');
    const ok = await send(w.providerCookie, w.estimate.id, w.customer.id, 'Hi Casey, free on Monday?');
    expect(ok.statusCode).toBe(201);
    expect((await send(w.customerCookie, w.estimate.id, w.provider.id, 'Yes')).statusCode).toBe(201);
    expect((await send(w.providerCookie, w.estimate.id, w.customer.id, 'Great')).statusCode).toBe(201);
  });

  it('refuses empty, blank and over-long content; accepts exactly 5000 characters', async () => {
    const w = await world();
    for (const content of ['', '   \n ', 'x'.repeat(5001)]) {
      expect((await send(w.providerCookie, w.estimate.id, w.customer.id, content)).statusCode).toBe(400);
    }
    expect((await send(w.providerCookie, w.estimate.id, w.customer.id, 'x'.repeat(5000))).statusCode).toBe(
      201,
    );
  });

  it('a customer cannot write first, nor to a provider who never wrote', async () => {
    const w = await world();
    const res = await send(w.customerCookie, w.estimate.id, w.provider.id, 'Hi, I can help with this job.');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGE_ERRORS.customerReply);
  });

  it('a provider may write only to the estimate owner, about a posted estimate, with category access', async () => {
    const w = await world();
    const other = await makeCustomer(db());
    const toOther = await send(w.providerCookie, w.estimate.id, other.id, 'Hi, I can help with this job.');
    expect(toOther.statusCode).toBe(403);
    expect(toOther.json().error).toBe(MESSAGE_ERRORS.noReason);

    const draft = await makeEstimate(db(), w.customer, { title: 'Draft' });
    expect(
      (await send(w.providerCookie, draft.id, w.customer.id, 'Hi, I can help with this job.')).statusCode,
    ).toBe(404);

    const free = await makeProvider(db(), { plan: 'free' });
    const res = await send(await as(free), w.estimate.id, w.customer.id, 'Hi, I can help with this job.');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('No permission to message');

    const anotherProvider = await makeProvider(db(), { plan: 'deluxe' });
    expect(
      (await send(await as(anotherProvider), w.estimate.id, w.provider.id, 'Hi, I can help with this job.'))
        .statusCode,
    ).toBe(403);
  });

  it('unknown estimate or receiver: 404; to oneself: 400; an unverified sender: 403', async () => {
    const w = await world();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await send(w.providerCookie, unknown, w.customer.id, 'Hi, I can help with this job.')).statusCode,
    ).toBe(404);
    expect(
      (await send(w.providerCookie, w.estimate.id, unknown, 'Hi, I can help with this job.')).statusCode,
    ).toBe(404);
    expect(
      (await send(w.providerCookie, w.estimate.id, 'not-a-uuid', 'Hi, I can help with this job.')).statusCode,
    ).toBe(404);
    expect(
      (await send(w.providerCookie, w.estimate.id, w.provider.id, 'Hi, I can help with this job.'))
        .statusCode,
    ).toBe(400);
    const unverified = await makeProvider(db(), { plan: 'deluxe', verified: false });
    const res = await send(
      await as(unverified),
      w.estimate.id,
      w.customer.id,
      'Hi, I can help with this job.',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(VERIFY_EMAIL_REQUIRED_MESSAGE);
  });

  it('an admin may write to anyone about an estimate; they may reply', async () => {
    const w = await world();
    const admin = await makeAdmin(db());
    const adminCookie = await as(admin);
    expect((await send(adminCookie, w.estimate.id, w.provider.id, 'Admin here')).statusCode).toBe(201);
    expect(
      (await send(w.providerCookie, w.estimate.id, admin.id, 'Thanks, I can help with this.')).statusCode,
    ).toBe(201);
  });

  it("the customer's messageLimit caps the providers who may start a conversation, even at once", async () => {
    const customer = await makeCustomer(db(), { messageLimit: 5 });
    const estimate = await makeEstimate(db(), customer, { status: 'posted' });
    const providers = await Promise.all(
      Array.from({ length: 8 }, () => makeProvider(db(), { plan: 'deluxe' })),
    );
    const cookies = await Promise.all(providers.map((p) => as(p)));
    const results = await Promise.all(
      cookies.map((c) => send(c, estimate.id, customer.id, 'Can I help with this job?')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().error).toBe(MESSAGE_ERRORS.messageLimit(5));
    // The five who started keep talking.
    const started = results.findIndex((r) => r.statusCode === 201);
    expect((await send(cookies[started]!, estimate.id, customer.id, 'Again')).statusCode).toBe(201);
  });

  it("a starter provider's 25 customers a month: the 26th new customer is refused, old ones are not", async () => {
    const provider = await makeProvider(db(), { plan: 'starter', selectedTasks: ['kitchen-remodel'] });
    const cookie = await as(provider);
    const customers = await Promise.all(Array.from({ length: 26 }, () => makeCustomer(db())));
    const estimates = await Promise.all(customers.map((c) => makeEstimate(db(), c, { status: 'posted' })));
    const results = await Promise.all(
      customers.map((c, i) => send(cookie, estimates[i]!.id, c.id, 'Hello there, I can help you.')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(25);
    const refused = results.find((r) => r.statusCode === 403);
    expect(refused?.json().error).toBe(MESSAGE_ERRORS.providerCap(25));
    const ok = results.findIndex((r) => r.statusCode === 201);
    expect((await send(cookie, estimates[ok]!.id, customers[ok]!.id, 'Follow-up')).statusCode).toBe(201);
    // The dashboard shows the month's customers against the cap.
    const usage = await call(cookie, 'GET', '/api/trial/status');
    expect(usage.json()).toMatchObject({ customersThisMonth: 25, customersPerMonth: 25 });
  });
});

describe('a bid lets the owner write first', () => {
  const bid = (w: World) => call(w.providerCookie, 'POST', `/api/tasks/${w.estimate.id}/bid`);

  it('the owner opens the empty thread with a provider who bid and writes first; the provider answers', async () => {
    const w = await world();
    expect((await bid(w)).statusCode).toBe(201);
    const thread = await call(w.customerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.provider.id}`);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json()).toMatchObject({
      estimateId: w.estimate.id,
      other: { id: w.provider.id, role: 'provider' },
      messages: [],
    });
    const first = await send(w.customerCookie, w.estimate.id, w.provider.id, 'Hi, when could you start?');
    expect(first.statusCode, first.body).toBe(201);
    expect((await send(w.providerCookie, w.estimate.id, w.customer.id, 'Monday.')).statusCode).toBe(201);
    // The conversation is one of the provider's customers this month.
    const usage = await call(w.providerCookie, 'GET', '/api/trial/status');
    expect(usage.json()).toMatchObject({ customersThisMonth: 1 });
  });

  it('a provider who neither messaged nor bid: the owner still cannot open the thread or write first', async () => {
    const w = await world();
    const thread = await call(w.customerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.provider.id}`);
    expect(thread.statusCode).toBe(404);
    const res = await send(w.customerCookie, w.estimate.id, w.provider.id, 'Hi, when could you start?');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGE_ERRORS.customerReply);
    // A bid on another estimate of the same owner gives no reason here.
    const other = await makeEstimate(db(), w.customer, { status: 'posted' });
    expect((await call(w.providerCookie, 'POST', `/api/tasks/${other.id}/bid`)).statusCode).toBe(201);
    expect((await send(w.customerCookie, w.estimate.id, w.provider.id, 'Hi there')).statusCode).toBe(403);
    // Someone else than the owner gets nothing from the bid.
    const stranger = await makeCustomer(db());
    const byStranger = await send(await as(stranger), w.estimate.id, w.provider.id, 'Hi there');
    expect(byStranger.statusCode).toBe(403);
  });

  it("the provider's monthly customer cap applies to a conversation the owner starts", async () => {
    const w = await world();
    expect((await bid(w)).statusCode).toBe(201);
    // The deluxe provider reaches 100 customers this month elsewhere.
    const earlier = await Promise.all(Array.from({ length: 100 }, () => makeCustomer(db())));
    const drafts = await Promise.all(earlier.map((c) => makeEstimate(db(), c)));
    await db()
      .insert(messages)
      .values(
        earlier.map((c, i) => ({
          estimateId: drafts[i]!.id,
          senderId: w.provider.id,
          receiverId: c.id,
          content: 'Hello, I can help with this job.',
          createdAt: t.clock.now,
        })),
      );
    const res = await send(w.customerCookie, w.estimate.id, w.provider.id, 'Hi, when could you start?');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGE_ERRORS.providerFull);
  });

  it("the owner's messaging limit counts the providers they write to first", async () => {
    const customer = await makeCustomer(db(), { messageLimit: 5 });
    const estimate = await makeEstimate(db(), customer, { status: 'posted' });
    const cookie = await as(customer);
    const providers = await Promise.all(
      Array.from({ length: 6 }, () => makeProvider(db(), { plan: 'deluxe' })),
    );
    for (const p of providers) {
      expect((await call(await as(p), 'POST', `/api/tasks/${estimate.id}/bid`)).statusCode).toBe(201);
    }
    for (const p of providers.slice(0, 5)) {
      expect((await send(cookie, estimate.id, p.id, 'Hi, when could you start?')).statusCode).toBe(201);
    }
    const sixth = await send(cookie, estimate.id, providers[5]!.id, 'Hi, when could you start?');
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error).toBe(MESSAGE_ERRORS.ownerMessageLimit(5));
    // The providers the owner wrote to fill the limit for providers who write first too.
    const late = await makeProvider(db(), { plan: 'deluxe' });
    const byLate = await send(await as(late), estimate.id, customer.id, 'Hello, I can help with this job.');
    expect(byLate.statusCode).toBe(403);
    expect(byLate.json().error).toBe(MESSAGE_ERRORS.messageLimit(5));
  });
});

describe('the deluxe cap', () => {
  it("a deluxe provider's 100 customers a month: the 100th new customer is fine, the 101st is refused", async () => {
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const cookie = await as(provider);
    // 99 conversations this provider started earlier this month (written directly: the cap counts them).
    const earlier = await Promise.all(Array.from({ length: 99 }, () => makeCustomer(db())));
    const drafts = await Promise.all(earlier.map((c) => makeEstimate(db(), c)));
    await db()
      .insert(messages)
      .values(
        earlier.map((c, i) => ({
          estimateId: drafts[i]!.id,
          senderId: provider.id,
          receiverId: c.id,
          content: 'Hello, I can help with this job.',
          createdAt: t.clock.now,
        })),
      );
    const [c100, c101] = await Promise.all([makeCustomer(db()), makeCustomer(db())]);
    const e100 = await makeEstimate(db(), c100!, { status: 'posted' });
    const e101 = await makeEstimate(db(), c101!, { status: 'posted' });
    const hundredth = await send(cookie, e100.id, c100!.id, 'Hello, I can help with this job.');
    expect(hundredth.statusCode).toBe(201);
    const refused = await send(cookie, e101.id, c101!.id, 'Hello, I can help with this job.');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGE_ERRORS.providerCap(100));
    const usage = await call(cookie, 'GET', '/api/trial/status');
    expect(usage.json()).toMatchObject({ customersThisMonth: 100, customersPerMonth: 100 });
  });
});

describe('reading', () => {
  it('the conversation list: one row per estimate and other user, with the last message and unread count', async () => {
    const w = await world();
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'First: I can help with this.');
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'Second');
    const list = await call(w.customerCookie, 'GET', '/api/messages');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        estimateId: w.estimate.id,
        estimateTitle: 'Kitchen refresh',
        otherId: w.provider.id,
        otherName: 'Pat',
        otherRole: 'provider',
        lastMessage: 'Second',
        unreadCount: 2,
      }),
    ]);
    const count = await call(w.customerCookie, 'GET', '/api/messages/unread-count');
    expect(count.json()).toEqual({ unreadCount: 2 });
    const providerList = await call(w.providerCookie, 'GET', '/api/messages');
    expect(providerList.json()[0]).toMatchObject({
      otherId: w.customer.id,
      otherRole: 'customer',
      unreadCount: 0,
    });
  });

  it("the customer's list shows each provider's median first response: customer's first message to the reply", async () => {
    const w = await world();
    const other = await makeEstimate(db(), w.customer, { status: 'posted' });
    const third = await makeEstimate(db(), w.customer, { status: 'posted' });
    const minute = 60_000;
    // Three conversations: answered after 10 and 30 minutes, and one the provider has not answered yet.
    for (const [estimate, wait] of [
      [w.estimate, 10],
      [other, 30],
      [third, null],
    ] as const) {
      await send(w.providerCookie, estimate.id, w.customer.id, 'Hello, I can help with this.');
      t.clock.advance(5 * minute);
      await send(w.customerCookie, estimate.id, w.provider.id, 'When could you come?');
      t.clock.advance(2 * minute);
      await send(w.customerCookie, estimate.id, w.provider.id, 'Mornings are best.'); // only the first counts
      if (wait === null) continue;
      t.clock.advance((wait - 2) * minute);
      await send(w.providerCookie, estimate.id, w.customer.id, 'Tomorrow at 9 works for me.');
    }
    const list = (await call(w.customerCookie, 'GET', '/api/messages')).json<Conversation[]>();
    expect(list).toHaveLength(3);
    // The median of 10 and 30 minutes, on every conversation with this provider.
    expect(list.map((c) => c.otherMedianResponseSeconds)).toEqual([1200, 1200, 1200]);
    // Customers have no response time.
    const providerList = (await call(w.providerCookie, 'GET', '/api/messages')).json<Conversation[]>();
    expect(providerList.every((c) => c.otherMedianResponseSeconds === null)).toBe(true);
    // A provider nobody has written to yet has none either.
    const fresh = await world();
    await send(fresh.providerCookie, fresh.estimate.id, fresh.customer.id, 'Hello there, interested?');
    const freshList = (await call(fresh.customerCookie, 'GET', '/api/messages')).json<Conversation[]>();
    expect(freshList[0]!.otherMedianResponseSeconds).toBeNull();
  });

  it("each provider in a customer's list has their own median, counted over all their customers", async () => {
    const w = await world();
    const second = await makeProvider(db(), { plan: 'deluxe' });
    const secondCookie = await as(second);
    // The first provider's conversation with another customer counts too.
    const other = await makeCustomer(db());
    const otherEstimate = await makeEstimate(db(), other, { status: 'posted' });
    const minute = 60_000;
    const exchange = async (
      providerCookie: string,
      provider: TestUser,
      customerCookie: string,
      customer: TestUser,
      estimateId: string,
      wait: number,
    ) => {
      await send(providerCookie, estimateId, customer.id, 'Hello, I can help with this.');
      t.clock.advance(minute);
      await send(customerCookie, estimateId, provider.id, 'When could you come?');
      t.clock.advance(wait * minute);
      await send(providerCookie, estimateId, customer.id, 'Tomorrow at 9 works for me.');
    };
    await exchange(w.providerCookie, w.provider, w.customerCookie, w.customer, w.estimate.id, 4);
    await exchange(secondCookie, second, w.customerCookie, w.customer, w.estimate.id, 50);
    await exchange(w.providerCookie, w.provider, await as(other), other, otherEstimate.id, 8);
    const list = (await call(w.customerCookie, 'GET', '/api/messages')).json<Conversation[]>();
    const median = (id: string) => list.find((c) => c.otherId === id)?.otherMedianResponseSeconds;
    // The first provider: 4 and 8 minutes; the second: 50 minutes.
    expect(median(w.provider.id)).toBe(360);
    expect(median(second.id)).toBe(3000);
  });

  it('viewing the thread marks what the viewer received read (not what they sent)', async () => {
    const w = await world();
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'One: I can help with this job.');
    const thread = await call(w.providerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.customer.id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages[0].read).toBe(false);
    expect((await call(w.customerCookie, 'GET', '/api/messages/unread-count')).json().unreadCount).toBe(1);
    const seen = await call(w.customerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.provider.id}`);
    expect(seen.json()).toMatchObject({
      estimateTitle: 'Kitchen refresh',
      other: { id: w.provider.id, firstName: 'Pat', role: 'provider' },
    });
    expect(seen.json().messages[0].read).toBe(true);
    expect((await call(w.customerCookie, 'GET', '/api/messages/unread-count')).json().unreadCount).toBe(0);
  });

  it('threads are oldest first and page backwards with before', async () => {
    const w = await world();
    // The first message introduces the provider (20 characters at least); the rest may be short.
    const m1 = 'm1: Hello, I can help with this job.';
    await send(w.providerCookie, w.estimate.id, w.customer.id, m1);
    for (let i = 2; i <= 5; i++) await send(w.providerCookie, w.estimate.id, w.customer.id, `m${i}`);
    const url = `/api/messages/${w.estimate.id}/${w.customer.id}`;
    const last = (await call(w.providerCookie, 'GET', `${url}?limit=2`)).json();
    expect(last.messages.map((m: { content: string }) => m.content)).toEqual(['m4', 'm5']);
    const mid = (await call(w.providerCookie, 'GET', `${url}?limit=2&before=${last.nextBefore}`)).json();
    expect(mid.messages.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3']);
    const first = (await call(w.providerCookie, 'GET', `${url}?limit=2&before=${mid.nextBefore}`)).json();
    expect(first.messages.map((m: { content: string }) => m.content)).toEqual([m1]);
    expect(first.nextBefore).toBeNull();
  });

  it('conversation/{estimateId} and estimate/{id}: the owner sees every conversation, a provider theirs', async () => {
    const w = await world();
    const p2 = await makeProvider(db(), { plan: 'deluxe' });
    const p2Cookie = await as(p2);
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'From one: I can help with this.');
    await send(p2Cookie, w.estimate.id, w.customer.id, 'From two: I can help with this.');
    for (const path of ['conversation', 'estimate']) {
      const owner = (await call(w.customerCookie, 'GET', `/api/messages/${path}/${w.estimate.id}`)).json();
      expect(owner.messages.map((m: { content: string }) => m.content)).toEqual([
        'From one: I can help with this.',
        'From two: I can help with this.',
      ]);
      const one = (await call(w.providerCookie, 'GET', `/api/messages/${path}/${w.estimate.id}`)).json();
      expect(one.messages.map((m: { content: string }) => m.content)).toEqual([
        'From one: I can help with this.',
      ]);
    }
  });

  it('outsiders get 404: another user, a provider without access, an unknown estimate', async () => {
    const w = await world();
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'Private: I can help with this.');
    const stranger = await makeCustomer(db());
    const sCookie = await as(stranger);
    expect((await call(sCookie, 'GET', `/api/messages/${w.estimate.id}/${w.customer.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(sCookie, 'GET', `/api/messages/${w.estimate.id}/${w.provider.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(sCookie, 'GET', `/api/messages/conversation/${w.estimate.id}`)).statusCode).toBe(404);
    const free = await makeProvider(db(), { plan: 'free' });
    expect(
      (await call(await as(free), 'GET', `/api/messages/${w.estimate.id}/${w.customer.id}`)).statusCode,
    ).toBe(404);
    expect((await call(sCookie, 'GET', '/api/messages/conversation/nope')).statusCode).toBe(404);
    // A provider who may write first sees the empty thread.
    const p2 = await makeProvider(db(), { plan: 'deluxe' });
    const empty = await call(await as(p2), 'GET', `/api/messages/${w.estimate.id}/${w.customer.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().messages).toEqual([]);
  });

  it('users who share a conversation can see each other (GET /api/users/{id})', async () => {
    const w = await world();
    expect((await call(w.customerCookie, 'GET', `/api/users/${w.provider.id}`)).statusCode).toBe(404);
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'Hi, I can help with this job.');
    const seen = await call(w.customerCookie, 'GET', `/api/users/${w.provider.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ firstName: 'Pat', role: 'provider' });
  });
});

describe('mark-read and delete', () => {
  it('mark-read changes only the caller’s received messages', async () => {
    const w = await world();
    const m = (
      await send(w.providerCookie, w.estimate.id, w.customer.id, 'Hi, I can help with this job.')
    ).json().message;
    const byProvider = await call(w.providerCookie, 'PATCH', '/api/messages/mark-read', {
      messageIds: [m.id],
    });
    expect(byProvider.json()).toEqual({ updated: 0, unreadCount: 0 });
    const stranger = await makeCustomer(db());
    const bySt = await call(await as(stranger), 'PATCH', '/api/messages/mark-read', { messageIds: [m.id] });
    expect(bySt.json().updated).toBe(0);
    expect((await call(w.customerCookie, 'GET', '/api/messages/unread-count')).json().unreadCount).toBe(1);
    const byReceiver = await call(w.customerCookie, 'PATCH', '/api/messages/mark-read', {
      messageIds: [m.id, 'not-a-uuid'],
    });
    expect(byReceiver.json()).toEqual({ updated: 1, unreadCount: 0 });
  });

  it('only the sender deletes; the other side sees it removed; outsiders 404', async () => {
    const w = await world();
    const m = (
      await send(w.providerCookie, w.estimate.id, w.customer.id, 'Oops, this went to the wrong one.')
    ).json().message;
    expect((await call(w.customerCookie, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(403);
    const stranger = await makeCustomer(db());
    expect((await call(await as(stranger), 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(404);
    const del = await call(w.providerCookie, 'DELETE', `/api/messages/${m.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toMatchObject({ id: m.id, isDeleted: true, content: '' });
    const seen = (
      await call(w.customerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.provider.id}`)
    ).json();
    expect(seen.messages[0]).toMatchObject({ id: m.id, isDeleted: true, content: '' });
    expect((await call(w.customerCookie, 'GET', '/api/messages/unread-count')).json().unreadCount).toBe(0);
    const list = (await call(w.customerCookie, 'GET', '/api/messages')).json();
    expect(list[0]).toMatchObject({ lastMessage: '', lastMessageIsDeleted: true });
  });
});

describe('admin threads', () => {
  it('lists conversations with names, task and price, searchable; admins only', async () => {
    const w = await world();
    await send(w.providerCookie, w.estimate.id, w.customer.id, 'Zebra-striped tiles?');
    const admin = await makeAdmin(db());
    const adminCookie = await as(admin);
    const res = await call(adminCookie, 'GET', '/api/admin/messages?search=zebra-striped');
    expect(res.statusCode).toBe(200);
    expect(res.json().threads).toEqual([
      expect.objectContaining({
        estimateId: w.estimate.id,
        task: w.estimate.task,
        customerName: 'Casey Customer',
        providerName: 'Pat Provider',
        messages: [expect.objectContaining({ content: 'Zebra-striped tiles?' })],
      }),
    ]);
    expect(res.json().total).toBe(1);
    expect((await call(w.customerCookie, 'GET', '/api/admin/messages')).statusCode).toBe(403);
  });
});
