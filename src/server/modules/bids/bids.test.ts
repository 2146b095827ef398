// Bids through HTTP on the real app and database (PGlite, or PostgreSQL with TEST_DB=postgres): who may bid on
// what, one bid per provider and estimate (sequential and parallel repeats), the "N Bids" count, the
// provider's lists, and the owner accepting one bid (the estimate is hired, the others are declined).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { estimateStatuses } from '#domain/catalog/categories';
import { canTransition, nextStatus } from '#domain/estimate-status';
import { ACCESS_MESSAGES } from '#domain/plans';
import { BID_MESSAGES, type EstimateBids, type ProviderBids } from '#domain/schemas/bid.schema';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { estimates } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const bid = (cookie: string, id: string) =>
  call(t.app, { method: 'POST', url: `/api/tasks/${id}/bid` }, cookie);
const get = (cookie: string, url: string) => call(t.app, { method: 'GET', url }, cookie);
const setStatus = (cookie: string, id: string, status: string) =>
  call(t.app, { method: 'PUT', url: `/api/estimates/${id}/status`, payload: { status } }, cookie);

async function posted(owner?: TestUser) {
  const customer = owner ?? (await makeCustomer(db()));
  const estimate = await makeEstimate(db(), customer, { status: 'posted', now: t.clock.now });
  return { customer, estimate, cookie: await loginAs(t.app, customer) };
}

describe('placing a bid', () => {
  it('a provider with access bids once: 201, then a repeat answers the same bid with 200', async () => {
    const { estimate, cookie: owner } = await posted();
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const pc = await loginAs(t.app, provider);
    const first = await bid(pc, estimate.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: BID_MESSAGES.placed,
      created: true,
      bid: { estimateId: estimate.id, providerId: provider.id, status: 'pending' },
    });
    const again = await bid(pc, estimate.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, bid: { id: first.json().bid.id } });
    const seen = (await get(owner, `/api/estimates/${estimate.id}`)).json<Estimate>();
    expect(seen.bidCount).toBe(1);
  });

  it('parallel repeats store one bid', async () => {
    const { estimate, cookie: owner } = await posted();
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const pc = await loginAs(t.app, provider);
    const results = await Promise.all(Array.from({ length: 6 }, () => bid(pc, estimate.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().bid.id)).size).toBe(1);
    const page = (await get(owner, '/api/estimates?pageSize=100')).json<{ items: Estimate[] }>();
    expect(page.items.find((e) => e.id === estimate.id)?.bidCount).toBe(1);
  });

  it('refuses a provider without access (403 with the reason), a missing or unposted estimate (404), customers (403)', async () => {
    const { customer, estimate } = await posted();
    const free = await makeProvider(db(), { plan: 'free' });
    const refused = await bid(await loginAs(t.app, free), estimate.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ACCESS_MESSAGES['no-permission']);
    const expired = await makeProvider(db(), { plan: 'deluxe', billing: 'expired-trial' });
    expect((await bid(await loginAs(t.app, expired), estimate.id)).statusCode).toBe(403);

    const provider = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    expect((await bid(provider, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await bid(provider, 'not-an-id')).statusCode).toBe(404);
    const draft = await makeEstimate(db(), customer, {});
    expect((await bid(provider, draft.id)).statusCode).toBe(404);
    expect((await bid(await loginAs(t.app, customer), estimate.id)).statusCode).toBe(403);
  });
});

describe('posted work carries each provider’s access', () => {
  it('deluxe: Message; free: No Access with the reason; an expired trial: No Access; customers: nothing', async () => {
    const { estimate, cookie: owner } = await posted();
    const read = async (cookie: string) =>
      (await get(cookie, '/api/posted-estimates?pageSize=100'))
        .json<{ items: Estimate[] }>()
        .items.find((e) => e.id === estimate.id);
    const deluxe = await read(await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' })));
    expect(deluxe?.providerAccess).toEqual({ allowed: true, label: 'Message', reason: null });
    const free = await read(await loginAs(t.app, await makeProvider(db(), { plan: 'free' })));
    expect(free?.providerAccess).toEqual({
      allowed: false,
      label: 'No Access',
      reason: ACCESS_MESSAGES['no-permission'],
    });
    const lapsed = await makeProvider(db(), { plan: 'deluxe', billing: 'expired-trial' });
    expect((await read(await loginAs(t.app, lapsed)))?.providerAccess?.label).toBe('No Access');
    expect((await read(owner))?.providerAccess).toBeUndefined();
    const one = (
      await get(
        await loginAs(t.app, await makeProvider(db(), { plan: 'free' })),
        `/api/estimates/${estimate.id}`,
      )
    ).json<Estimate>();
    expect(one.providerAccess?.allowed).toBe(false);
  });
});

describe("the provider's lists", () => {
  it('GET /api/tasks/bids and /api/bids/provider: the provider’s own bids, newest first, with the estimate', async () => {
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const pc = await loginAs(t.app, provider);
    const a = await posted();
    const b = await posted();
    await bid(pc, a.estimate.id);
    t.clock.advance(1000);
    await bid(pc, b.estimate.id);
    const other = await makeProvider(db(), { plan: 'deluxe' });
    await bid(await loginAs(t.app, other), a.estimate.id);

    const tasks = (await get(pc, '/api/tasks/bids')).json<{ items: { estimateId: string }[] }>();
    expect(tasks.items.map((i) => i.estimateId)).toEqual([b.estimate.id, a.estimate.id]);
    const mine = (await get(pc, '/api/bids/provider?pageSize=1')).json<ProviderBids>();
    expect(mine.total).toBe(2);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      estimateId: b.estimate.id,
      status: 'pending',
      estimate: { title: b.estimate.title, status: 'posted', minBudget: b.estimate.minBudget },
    });
  });
});

describe("the owner's choice", () => {
  it('lists bids featured first with each provider; accepting one completes the estimate and declines the rest', async () => {
    const { estimate, cookie: owner } = await posted();
    const starter = await makeProvider(db(), {
      plan: 'starter',
      selectedTasks: ['kitchen-remodel'],
      companyName: 'Small Co',
    });
    const deluxe = await makeProvider(db(), {
      plan: 'deluxe',
      firstName: 'Dana',
      companyName: 'Dana Builds',
    });
    await bid(await loginAs(t.app, starter), estimate.id);
    t.clock.advance(1000);
    await bid(await loginAs(t.app, deluxe), estimate.id);

    const list = (await get(owner, `/api/estimates/${estimate.id}/bids`)).json<EstimateBids>();
    expect(list.items.map((i) => [i.provider.id, i.featured, i.provider.plan])).toEqual([
      [deluxe.id, true, 'deluxe'],
      [starter.id, false, 'starter'],
    ]);
    expect(list.items[0]!.provider).toMatchObject({ name: 'Dana Provider', companyName: 'Dana Builds' });

    const stranger = await loginAs(t.app, await makeCustomer(db()));
    expect((await get(stranger, `/api/estimates/${estimate.id}/bids`)).statusCode).toBe(404);
    const chosen = list.items[1]!.id;
    const byStranger = await call(
      t.app,
      { method: 'POST', url: `/api/estimates/${estimate.id}/bids/${chosen}/accept` },
      stranger,
    );
    expect(byStranger.statusCode).toBe(404);

    const accepted = await call(
      t.app,
      { method: 'POST', url: `/api/estimates/${estimate.id}/bids/${chosen}/accept` },
      owner,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: BID_MESSAGES.accepted,
      bid: { id: chosen, status: 'accepted' },
    });
    const after = (await get(owner, `/api/estimates/${estimate.id}/bids`)).json<EstimateBids>();
    expect(Object.fromEntries(after.items.map((i) => [i.provider.id, i.status]))).toEqual({
      [starter.id]: 'accepted',
      [deluxe.id]: 'declined',
    });
    expect((await get(owner, `/api/estimates/${estimate.id}`)).json<Estimate>().status).toBe('hired');
    // The provider sees the outcome in their list.
    const theirs = (await get(await loginAs(t.app, starter), '/api/bids/provider')).json<ProviderBids>();
    expect(theirs.items[0]).toMatchObject({ status: 'accepted', estimate: { status: 'hired' } });
    // Nothing more to accept.
    const twice = await call(
      t.app,
      { method: 'POST', url: `/api/estimates/${estimate.id}/bids/${after.items[0]!.id}/accept` },
      owner,
    );
    expect(twice.statusCode).toBe(409);
    // A hired estimate takes no more bids.
    const late = await makeProvider(db(), { plan: 'deluxe' });
    expect((await bid(await loginAs(t.app, late), estimate.id)).statusCode).toBe(404);
  });

  it.each(estimateStatuses)(
    'accepting a pending bid on a %s estimate is allowed exactly where the status table allows it',
    async (status) => {
      const { estimate, cookie: owner } = await posted();
      const provider = await makeProvider(db(), { plan: 'deluxe' });
      const placed = (await bid(await loginAs(t.app, provider), estimate.id)).json<{ bid: { id: string } }>();
      if (status === 'hired') {
        // Only a hire makes an estimate hired: set here, as another bid's acceptance would.
        await db().update(estimates).set({ status }).where(eq(estimates.id, estimate.id));
      } else if (status !== 'posted') {
        expect((await setStatus(owner, estimate.id, status)).json<Estimate>().status).toBe(status);
      }
      const res = await call(
        t.app,
        { method: 'POST', url: `/api/estimates/${estimate.id}/bids/${placed.bid.id}/accept` },
        owner,
      );
      if (canTransition(status, 'acceptBid')) {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(BID_MESSAGES.notPosted);
      }
      const after = (await get(owner, `/api/estimates/${estimate.id}`)).json<Estimate>();
      expect(after.status).toBe(nextStatus(status, 'acceptBid') ?? status);
    },
  );
});
