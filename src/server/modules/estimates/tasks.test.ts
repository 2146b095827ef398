// The providers' task lists through HTTP: GET /api/tasks and /api/tasks/posted read the
// posted estimates for providers and admins, searched over title and description, by category, newest first or
// by budget either way, with each item's access for the provider; customers 403, anonymous 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimatePage } from '#domain/schemas/estimate-api.schema';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const list = async (cookie: string, query: string) =>
  (await call(t.app, { method: 'GET', url: `/api/tasks?${query}` }, cookie)).json<EstimatePage>();

describe('GET /api/tasks', () => {
  it('searches title and description, filters by category and sorts by budget both ways', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const owner = await makeCustomer(db(), { subscriptionPlan: 'premium', hasUsedTrial: true });
    const made = [];
    for (const [category, description] of [
      ['kitchen', `Cabinets ${tag} small`],
      ['kitchen', `Island ${tag} large`],
      ['hvac', `Furnace ${tag}`],
    ] as const) {
      t.clock.advance(1000);
      made.push(
        await makeEstimate(db(), owner, { category, description, status: 'posted', now: t.clock.now }),
      );
    }
    const provider = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));

    const newest = await list(provider, `search=${tag}`);
    expect(newest.items.map((e) => e.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(newest.items.every((e) => e.providerAccess?.allowed)).toBe(true);

    const kitchen = await list(provider, `search=${tag.toUpperCase()}&category=kitchen`);
    expect(kitchen.items.map((e) => e.id).sort()).toEqual([made[0]!.id, made[1]!.id].sort());

    const high = await list(provider, `search=${tag}&sort=budget-high-low`);
    const prices = high.items.map((e) => e.finalEstimate);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const low = await list(provider, `search=${tag}&sort=budget-low-high`);
    expect(low.items.map((e) => e.id)).toEqual(high.items.map((e) => e.id).reverse());

    const posted = await call(t.app, { method: 'GET', url: `/api/tasks/posted?search=${tag}` }, provider);
    expect(posted.json<EstimatePage>().total).toBe(3);
    const admin = await list(await loginAs(t.app, await makeAdmin(db())), `search=${tag}`);
    expect(admin.total).toBe(3);
  });

  it('refuses customers (403), anonymous callers (401) and an unknown sort (400)', async () => {
    const customer = await loginAs(t.app, await makeCustomer(db()));
    expect((await call(t.app, { method: 'GET', url: '/api/tasks' }, customer)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/tasks/posted' })).statusCode).toBe(401);
    const provider = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    expect((await call(t.app, { method: 'GET', url: '/api/tasks?sort=cheapest' }, provider)).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/recommendations', () => {
  it('ranks accessible posted work by the match score with a reason; a starter sees only its category', async () => {
    const owner = await makeCustomer(db(), { subscriptionPlan: 'premium', hasUsedTrial: true });
    t.clock.advance(60_000);
    const cabinets = await makeEstimate(db(), owner, {
      category: 'kitchen',
      task: 'cabinets',
      status: 'posted',
      now: t.clock.now,
    });
    t.clock.advance(60_000);
    const hvac = await makeEstimate(db(), owner, { category: 'hvac', status: 'posted', now: t.clock.now });
    t.clock.advance(2 * 3_600_000);

    const deluxe = await makeProvider(db(), { plan: 'deluxe', selectedTasks: ['cabinets'] });
    const res = await call(
      t.app,
      { method: 'GET', url: '/api/recommendations' },
      await loginAs(t.app, deluxe),
    );
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: { id: string; matchScore: number; matchReason: string }[] }>().items;
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(cabinets.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(cabinets.id)).toBeLessThan(ids.indexOf(hvac.id));
    const top = items.find((i) => i.id === cabinets.id)!;
    expect(top.matchReason).toMatch(/^Matches your Cabinets task in your area \(.+\), posted 2 hours ago$/);
    expect(items.every((i, k) => k === 0 || items[k - 1]!.matchScore >= i.matchScore)).toBe(true);

    const starter = await makeProvider(db(), { plan: 'starter', selectedTasks: ['hvac'] });
    const theirs = await call(
      t.app,
      { method: 'GET', url: '/api/tasks/recommendations' },
      await loginAs(t.app, starter),
    );
    const categories = new Set(theirs.json<{ items: { category: string }[] }>().items.map((i) => i.category));
    expect([...categories]).toEqual(['hvac']);

    const free = await makeProvider(db(), { plan: 'free' });
    const none = await call(
      t.app,
      { method: 'GET', url: '/api/recommendations' },
      await loginAs(t.app, free),
    );
    expect(none.json()).toEqual({ items: [] });
  });
});
