// message_unread on two app instances sharing one PostgreSQL database and one moved clock (decision 0043): a page
// open on one instance keeps the check on either from telling, and two checks of one conversation due at once on
// both instances tell once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BuiltApp } from '#server/app';
import { MESSAGE_UNREAD_AFTER_MS } from '#domain/notification-kinds';
import { notifications } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { loginAs, postJson } from '#server/test/login';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';
import { openSocket } from '#server/test/ws-client';

const clock = { now: new Date() };

describe('message_unread on two instances', () => {
  const { apps, bases, sockets } = twoInstancesOnPostgres({ now: () => clock.now });

  async function world() {
    const [a] = apps as [BuiltApp, BuiltApp];
    const customer = await makeCustomer(a.ctx.db);
    const provider = await makeProvider(a.ctx.db, { plan: 'deluxe', companyName: 'Acme Roofing' });
    const estimate = await makeEstimate(a.ctx.db, customer, {
      status: 'posted',
      title: 'Roof',
      now: clock.now,
    });
    return { customer, provider, estimate };
  }

  /** The provider writes to the customer on instance A; the message's id. */
  async function providerWrites(w: Awaited<ReturnType<typeof world>>, content: string) {
    const a = apps[0]!;
    const res = await postJson(
      a,
      '/api/messages',
      { estimateId: w.estimate.id, receiverId: w.customer.id, content },
      await loginAs(a, w.provider),
    );
    expect(res.statusCode).toBe(201);
    return (res.json() as { message: { id: string } }).message.id;
  }

  async function told(userId: string) {
    return apps[0]!.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'message_unread')));
  }

  it.skipIf(!hasPostgresServer)('a page open on instance A keeps the check on B from telling', async () => {
    const [a, b] = apps as [BuiltApp, BuiltApp];
    const w = await world();
    await providerWrites(w, 'I can fix the roof this week.');
    clock.now = new Date(clock.now.getTime() + MESSAGE_UNREAD_AFTER_MS + 1000);
    const page = await openSocket(bases[0]!, { cookie: await loginAs(a, w.customer) });
    sockets.push(page);
    await page.next('ready'); // the socket's session is marked seen at its opening
    await b.ctx.work.runDue();
    await a.ctx.work.runDue();
    expect(await told(w.customer.id)).toEqual([]);
  });

  it.skipIf(!hasPostgresServer)(
    'two checks of one conversation due at once on both instances tell once',
    async () => {
      const [a, b] = apps as [BuiltApp, BuiltApp];
      const w = await world();
      const messageId = await providerWrites(w, 'I can fix the roof this week.');
      // A second check of the same conversation (as from the next window), due at the same time.
      await b.ctx.work.schedule(
        b.ctx.db,
        'messageUnread',
        { messageId },
        {
          dueAt: new Date(clock.now.getTime() + MESSAGE_UNREAD_AFTER_MS),
          key: `test-second-check:${messageId}`,
        },
      );
      clock.now = new Date(clock.now.getTime() + MESSAGE_UNREAD_AFTER_MS + 1000);
      await Promise.all([a.ctx.work.runDue(), b.ctx.work.runDue()]);
      await Promise.all([a.ctx.work.runDue(), b.ctx.work.runDue()]);
      const rows = await told(w.customer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: 'New message from Acme Roofing' });
    },
  );
});
