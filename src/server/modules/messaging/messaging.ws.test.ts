// The /ws channel on a listening app with real sockets: signed in by the cookie only, the Origin check, a
// forged userId changes nothing, sendMessage through the same rules, fan-out to every socket of both users,
// read receipts and unread counts, reconnect backfill without loss or duplicates, sign-out closes the socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, type Message } from '#domain/schemas/message-api.schema';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { openSocket, ORIGIN, type TestSocket } from '#server/test/ws-client';

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // Many calls from one address: the global per-minute limit is not what these tests are about.
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

async function connect(cookie: string, query?: string) {
  const s = await openSocket(base, { cookie, ...(query ? { query } : {}) });
  sockets.push(s);
  await s.next('ready');
  return s;
}

async function world() {
  const db = t.app.ctx.db;
  const customer = await makeCustomer(db);
  const provider = await makeProvider(db, { plan: 'deluxe' });
  const estimate = await makeEstimate(db, customer, { status: 'posted', title: 'Deck repair' });
  return {
    customer,
    provider,
    estimate,
    customerCookie: await loginAs(t.app, customer),
    providerCookie: await loginAs(t.app, provider),
  };
}

const post = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie }, payload: body });

/**
 * The world's provider writes to its customer over REST: the ids its events carry. Every socket of either user
 * gets it after whatever was delivered before it (one ordered stream), so a socket that got it and nothing earlier
 * never got anything earlier: the barrier a test waits for instead of a pause.
 */
async function barrier(w: Awaited<ReturnType<typeof world>>): Promise<string> {
  const res = await post(w.providerCookie, {
    estimateId: w.estimate.id,
    receiverId: w.customer.id,
    content: 'A later message, after everything before it.',
  });
  expect(res.statusCode).toBe(201);
  return (res.json().message as Message).id;
}
const received = (s: TestSocket) =>
  s.events.filter((e) => e.type === 'messageReceived').map((e) => e.message.id);

describe('/ws', () => {
  it('refuses an upgrade without a session cookie (401) or from a foreign Origin (403)', async () => {
    await expect(openSocket(base, {})).rejects.toThrow('HTTP 401');
    const w = await world();
    await expect(
      openSocket(base, { cookie: w.customerCookie, origin: 'https://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    // A non-browser client without an Origin header is signed in by its cookie alone.
    const s = await openSocket(base, { cookie: w.customerCookie, origin: null });
    sockets.push(s);
    expect((await s.next('ready')).userId).toBe(w.customer.id);
  });

  it('says who the socket is from the cookie; an auth message naming someone else changes nothing', async () => {
    const w = await world();
    const providerSocket = await connect(w.providerCookie);
    providerSocket.send({ type: 'auth', userId: w.customer.id });
    const customerSocket = await connect(w.customerCookie);
    const other = await makeProvider(t.app.ctx.db, { plan: 'deluxe' });
    const res = await post(await loginAs(t.app, other), {
      estimateId: w.estimate.id,
      receiverId: w.customer.id,
      content: 'For the customer only',
    });
    expect(res.statusCode).toBe(201);
    expect((await customerSocket.next('messageReceived')).message.content).toBe('For the customer only');
    // The provider's own later message reaches their socket; the customer's message never came before it.
    const later = await barrier(w);
    expect((await providerSocket.next('messageReceived')).message.id).toBe(later);
    expect(received(providerSocket)).toEqual([later]);
  });

  it('sendMessage: stored through the same rules; the receiver and the sender’s other tabs get it', async () => {
    const w = await world();
    const tab1 = await connect(w.providerCookie);
    const tab2 = await connect(w.providerCookie);
    const customerSocket = await connect(w.customerCookie);
    tab1.send({
      type: 'sendMessage',
      clientId: 'c1',
      receiverId: w.customer.id,
      message: { estimateId: w.estimate.id, content: '  Over the socket, hello there  ' },
    });
    const sent = await tab1.next('messageSent');
    expect(sent.clientId).toBe('c1');
    expect(sent.message).toMatchObject({ content: 'Over the socket, hello there', senderId: w.provider.id });
    expect((await tab2.next('messageReceived')).message.id).toBe(sent.message.id);
    expect((await customerSocket.next('messageReceived')).message.id).toBe(sent.message.id);
    expect((await customerSocket.next('unreadCount')).unreadCount).toBe(1);
    // The stored row is the one REST reads.
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${w.estimate.id}/${w.customer.id}`,
      headers: { cookie: w.providerCookie },
    });
    expect(thread.json().messages.map((m: Message) => m.id)).toEqual([sent.message.id]);

    // The customer cannot write first over the socket either.
    const c2 = await makeCustomer(t.app.ctx.db);
    const e2 = await makeEstimate(t.app.ctx.db, c2, { status: 'posted' });
    const s2 = await connect(await loginAs(t.app, c2));
    s2.send({
      type: 'sendMessage',
      clientId: 'x',
      receiverId: w.provider.id,
      message: { estimateId: e2.id, content: 'Hello' },
    });
    expect(await s2.next('error')).toMatchObject({
      clientId: 'x',
      status: 403,
      message: MESSAGE_ERRORS.customerReply,
    });
    s2.send({
      type: 'sendMessage',
      clientId: 'y',
      receiverId: w.provider.id,
      message: { estimateId: e2.id, content: ' ' },
    });
    expect(await s2.next('error')).toMatchObject({ clientId: 'y', status: 400 });
  });

  it('reading sends a receipt to the sender and a new unread count to the reader', async () => {
    const w = await world();
    const providerSocket = await connect(w.providerCookie);
    const customerSocket = await connect(w.customerCookie);
    const m = (
      await post(w.providerCookie, {
        estimateId: w.estimate.id,
        receiverId: w.customer.id,
        content: 'Hi, I can help with this.',
      })
    ).json().message as Message;
    await customerSocket.next('messageReceived');
    expect((await customerSocket.next('unreadCount')).unreadCount).toBe(1);
    await t.app.inject({
      method: 'GET',
      url: `/api/messages/${w.estimate.id}/${w.provider.id}`,
      headers: { cookie: w.customerCookie },
    });
    const receipt = await providerSocket.next('messagesRead');
    expect(receipt).toMatchObject({ messageIds: [m.id], readerId: w.customer.id });
    expect((await customerSocket.next('unreadCount')).unreadCount).toBe(0);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${m.id}`,
      headers: { cookie: w.providerCookie },
    });
    expect(del.statusCode).toBe(200);
    expect((await customerSocket.next('messageDeleted')).message).toMatchObject({
      id: m.id,
      isDeleted: true,
    });
  });

  it('a reconnect with lastMessageId gets exactly what it missed, in order', async () => {
    const w = await world();
    const send = (content: string) =>
      post(w.providerCookie, { estimateId: w.estimate.id, receiverId: w.customer.id, content });
    const first = (await send('before: I can help with this.')).json().message as Message;
    const missed: string[] = [];
    for (let i = 0; i < 5; i++) missed.push(((await send(`missed ${i}`)).json().message as Message).id);
    const s = await connect(w.customerCookie, `lastMessageId=${first.id}`);
    const synced = await s.next('synced');
    const received = s.events.filter((e) => e.type === 'messageReceived').map((e) => e.message.id);
    expect(received).toEqual(missed);
    expect(synced.lastMessageId).toBe(missed.at(-1));
    // Asked again on the same socket (auth with lastMessageId), nothing is sent twice.
    s.send({ type: 'auth', lastMessageId: first.id });
    await s.next('synced');
    expect(s.events.filter((e) => e.type === 'messageReceived')).toHaveLength(5);
    // Someone else's message id is not a cursor.
    const stranger = await makeCustomer(t.app.ctx.db);
    const s2 = await connect(await loginAs(t.app, stranger), `lastMessageId=${first.id}`);
    expect((await s2.next('synced')).lastMessageId).toBeNull();
    expect(s2.events.filter((e) => e.type === 'messageReceived')).toEqual([]);
  });

  it("signing out closes that session's sockets, not another session's", async () => {
    const w = await world();
    const otherSession = await loginAs(t.app, w.customer);
    const s = await connect(w.customerCookie);
    const kept = await connect(otherSession);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: w.customerCookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await s.closed).code).toBe(4401);
    // A message sent after the sign-out reaches the other session's socket: the sign-out, delivered before it,
    // left that socket open.
    const later = await barrier(w);
    expect((await kept.next('messageReceived')).message.id).toBe(later);
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
  });
});

describe('/ws lifecycle', () => {
  it("closing the account closes the user's sockets", async () => {
    const w = await world();
    const s = await connect(w.customerCookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/cancel',
      headers: { cookie: w.customerCookie, origin: ORIGIN },
      payload: {},
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await s.closed).code).toBe(4401);
  });

  it('the heartbeat closes a socket that stops answering pings, and keeps one that answers', async () => {
    const fast = await createTestApp({ WS_HEARTBEAT_MS: '100', RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
    try {
      const url = await fast.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await makeCustomer(fast.app.ctx.db);
      const silent = await openSocket(url, { cookie: await loginAs(fast.app, user) });
      const lively = await openSocket(url, { cookie: await loginAs(fast.app, user) });
      // The `ws` client answers pings by itself: this one is made to stay silent.
      silent.ws.pong = () => {};
      const { code } = await silent.closed;
      expect(code).toBe(1006); // terminated: no closing handshake with a dead peer
      // Two more beats after the silent one was ended: the socket that answers was checked and pinged again.
      await new Promise<void>((resolve) => {
        let pings = 0;
        const onPing = () => {
          if (++pings < 2) return;
          lively.ws.off('ping', onPing);
          resolve();
        };
        lively.ws.on('ping', onPing);
      });
      expect(lively.ws.readyState).toBe(lively.ws.OPEN);
      // When the session expires (the clock passes its end), the next beat closes its socket.
      fast.clock.advance(40 * 86_400_000);
      expect((await lively.closed).code).toBe(4401);
    } finally {
      await fast.close();
    }
  });
});
