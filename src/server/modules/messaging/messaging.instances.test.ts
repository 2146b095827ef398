// Two server instances on one PostgreSQL database (as behind a load balancer), a socket on each: a message sent
// to one instance reaches the socket on the other (LISTEN/NOTIFY), both ways, and read receipts cross too; a
// user's messages reach their socket in the order a reconnect backfills them.
import { describe, expect, it } from 'vitest';
import type { BuiltApp } from '#server/app';
import { sql } from 'drizzle-orm';
import type { Message } from '#domain/schemas/message-api.schema';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';
import { loginAs, postJson } from '#server/test/login';
import { openSocket, type TestSocket } from '#server/test/ws-client';

describe('two instances on one PostgreSQL', () => {
  const { apps, bases, databases, sockets } = twoInstancesOnPostgres();

  it.skipIf(!hasPostgresServer)(
    'deliver a message sent on one instance to a socket on the other, both ways',
    async () => {
      const [a, b] = apps as [BuiltApp, BuiltApp];
      const db = a.ctx.db;
      const customer = await makeCustomer(db);
      const provider = await makeProvider(db, { plan: 'deluxe' });
      const estimate = await makeEstimate(db, customer, { status: 'posted', title: 'Roof' });
      const customerOnB = await openSocket(bases[1]!, { cookie: await loginAs(b, customer) });
      const providerOnA = await openSocket(bases[0]!, { cookie: await loginAs(a, provider) });
      sockets.push(customerOnB, providerOnA);
      await customerOnB.next('ready');
      await providerOnA.next('ready');

      // REST on instance A, the customer's socket is on B.
      const res = await postJson(
        a,
        '/api/messages',
        {
          estimateId: estimate.id,
          receiverId: customer.id,
          content: 'From A: I can fix the roof this week.',
        },
        await loginAs(a, provider),
      );
      expect(res.statusCode).toBe(201);
      const sent = res.json().message as Message;
      expect((await customerOnB.next('messageReceived')).message.id).toBe(sent.id);
      expect((await customerOnB.next('unreadCount')).unreadCount).toBe(1);

      // The customer replies over the socket on B; the provider's socket on A gets it.
      customerOnB.send({
        type: 'sendMessage',
        clientId: 'r1',
        receiverId: provider.id,
        message: { estimateId: estimate.id, content: 'From B' },
      });
      const reply = await customerOnB.next('messageSent');
      // The provider's socket saw their own REST message too (a sender's other tabs follow the thread).
      expect((await providerOnA.next('messageReceived')).message.id).toBe(sent.id);
      expect((await providerOnA.next('messageReceived')).message.id).toBe(reply.message.id);

      // Reading on B sends the receipt to A.
      customerOnB.send({ type: 'markRead', messageIds: [sent.id] });
      expect((await providerOnA.next('messagesRead')).messageIds).toEqual([sent.id]);

      // A message too large to ride in a NOTIFY payload (5,000 two-byte characters) is read by id instead.
      const big = await a.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: await loginAs(a, provider) },
        payload: { estimateId: estimate.id, receiverId: customer.id, content: 'é'.repeat(5000) },
      });
      expect(big.statusCode).toBe(201);
      const bigOnB = await customerOnB.next('messageReceived');
      expect(bigOnB.message.content).toBe('é'.repeat(5000));
      await providerOnA.next('messageReceived');

      // No duplicates: each socket saw each message once.
      const ids = (s: TestSocket) =>
        s.events
          .filter((e) => e.type === 'messageReceived' || e.type === 'messageSent')
          .map((e) => e.message.id);
      expect(ids(customerOnB)).toEqual([sent.id, reply.message.id, bigOnB.message.id]);
      expect(ids(providerOnA)).toEqual([sent.id, reply.message.id, bigOnB.message.id]);
    },
  );

  it.skipIf(!hasPostgresServer)(
    'messages from many senders at once reach a socket in the order a reconnect backfills them, each once',
    async () => {
      const [a, b] = apps as [BuiltApp, BuiltApp];
      const db = a.ctx.db;
      const customer = await makeCustomer(db, { messageLimit: null });
      const estimate = await makeEstimate(db, customer, { status: 'posted', title: 'Deck' });
      const providers = [];
      for (let i = 0; i < 12; i++) providers.push(await makeProvider(db, { plan: 'enterprise' }));
      const cookies = await Promise.all(providers.map((p, i) => loginAs(i % 2 ? b : a, p)));
      const onB = await openSocket(bases[1]!, { cookie: await loginAs(b, customer) });
      sockets.push(onB);
      await onB.next('ready');
      const post = (i: number, content: string) =>
        (i % 2 ? b : a).inject({
          method: 'POST',
          url: '/api/messages',
          headers: { cookie: cookies[i]! },
          payload: { estimateId: estimate.id, receiverId: customer.id, content },
        });
      const before = (await post(0, 'Hello, I can build your deck next week.')).json().message as Message;
      await onB.next('messageReceived');

      // Twelve providers on both instances at once (their transactions commit in any order).
      const sent = await Promise.all(
        providers.map((_, i) => post(i, `Offer number ${i + 1} for the new deck, materials included.`)),
      );
      expect(sent.map((r) => r.statusCode)).toEqual(sent.map(() => 201));
      const live: string[] = [];
      for (let i = 0; i < 12; i++) live.push((await onB.next('messageReceived')).message.id);

      // A reconnect from the first message lists the rest in seq order: the live order is that order.
      const again = await openSocket(bases[0]!, {
        cookie: await loginAs(a, customer),
        query: `lastMessageId=${before.id}`,
      });
      sockets.push(again);
      await again.next('synced');
      const backfilled = again.events.filter((e) => e.type === 'messageReceived').map((e) => e.message.id);
      expect(live).toEqual(backfilled);
      expect(new Set(live).size).toBe(12);
    },
  );

  it.skipIf(!hasPostgresServer)(
    "a send takes the sender's and the receiver's locks in id order and waits for both (decision 0023)",
    async () => {
      const a = apps[0] as BuiltApp;
      const db = a.ctx.db;
      const customer = await makeCustomer(db, { messageLimit: null });
      const provider = await makeProvider(db, { plan: 'enterprise' });
      const estimate = await makeEstimate(db, customer, { status: 'posted', title: 'Gate' });
      const [first, second] = [customer.id, provider.id].sort() as [string, string];
      const key = (id: string) => sql`hashtextextended(${`messages:user:${id}`}, 0)`;
      // Who holds or waits for a user's lock: [granted, pid] rows.
      const holders = async (id: string) =>
        (
          await db.execute<{ granted: boolean; pid: number }>(sql`select granted, pid from pg_locks
            where locktype = 'advisory' and ((classid::bigint << 32) | objid::bigint) = ${key(id)}`)
        ).rows;
      // Another session holds the second user's lock.
      const other = databases[1]!.db;
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      const holder = other.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${key(second)})`);
        holding();
        await released;
      });
      await held;
      try {
        const sending = postJson(
          a,
          '/api/messages',
          {
            estimateId: estimate.id,
            receiverId: customer.id,
            content: 'I can fix the gate on Monday.',
          },
          await loginAs(a, provider),
        );
        // The send has taken the first user's lock and waits for the second one's.
        let waiter: { granted: boolean; pid: number } | undefined;
        while (!waiter) {
          waiter = (await holders(second)).find((r) => !r.granted);
          if (!waiter) await new Promise((r) => setTimeout(r, 5));
        }
        expect(await holders(first)).toEqual([{ granted: true, pid: waiter.pid }]);
        release();
        expect((await sending).statusCode).toBe(201);
      } finally {
        release();
        await holder;
      }
    },
  );

  it.skipIf(!hasPostgresServer)('signing out on one instance closes the socket on the other', async () => {
    const a = apps[0] as BuiltApp;
    const customer = await makeCustomer(a.ctx.db);
    const cookie = await loginAs(a, customer);
    const onB = await openSocket(bases[1]!, { cookie });
    sockets.push(onB);
    await onB.next('ready');
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'http://localhost:5000' },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await onB.closed).code).toBe(4401);
  });
});
