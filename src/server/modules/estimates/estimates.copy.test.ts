// POST /api/estimates/{id}/copy on the real app and database: the owner gets a new draft of an estimate in any
// status with the same work, place and words, priced again by the server (never the stored or a sent figure),
// counted against the plan's limits as a save is; anyone else gets 404, anonymous 401.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceAutomotive } from '#domain/catalog/automotive';
import { priceEstimate } from '#domain/pricing';
import { LIMIT_MESSAGES, type Estimate } from '#domain/schemas/estimate-api.schema';
import { estimates } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const copy = async (id: string, user: TestUser | null, payload?: object) =>
  call(
    t.app,
    { method: 'POST', url: `/api/estimates/${id}/copy`, ...(payload ? { payload } : {}) },
    user ? await loginAs(t.app, user) : undefined,
  );
const read = async (id: string, user: TestUser) =>
  call(t.app, { method: 'GET', url: `/api/estimates/${id}` }, await loginAs(t.app, user));

/** A saved estimate with a street address and ZIP, through the wizard's save. */
async function saved(owner: TestUser, over: Record<string, unknown> = {}): Promise<Estimate> {
  const res = await postJson(
    t.app,
    '/api/estimates',
    {
      title: 'Refresh the kitchen',
      description: 'New cabinets and a longer counter.',
      category: 'kitchen',
      task: 'Kitchen Remodel',
      subtasks: ['Cabinets', 'Countertops'],
      measurements: { Cabinets: { length: '12.5' }, Countertops: { length: '10', width: '2.5' } },
      gradeLevel: 'Premium',
      region: 'Anchorage, AK',
      address: '12 Birch Lane',
      zipCode: '99501',
      ...over,
    },
    await loginAs(t.app, owner),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Estimate>();
}

describe('POST /api/estimates/{id}/copy', () => {
  it('makes a new draft of a cancelled estimate: same work, place and words; the source stays as it was', async () => {
    const owner = await makeCustomer(db());
    const source = await saved(owner);
    await db().update(estimates).set({ status: 'cancelled' }).where(eq(estimates.id, source.id));

    const res = await copy(source.id, owner);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Estimate>();
    expect(made.id).not.toBe(source.id);
    const same = (e: Estimate) => ({
      title: e.title,
      description: e.description,
      category: e.category,
      taskId: e.taskId,
      subtaskIds: e.subtaskIds,
      measurements: e.measurements,
      gradeLevel: e.gradeLevel,
      regionId: e.regionId,
      address: e.address,
      zipCode: e.zipCode,
      city: e.city,
      state: e.state,
      finalEstimate: e.finalEstimate,
      lineItems: e.lineItems,
    });
    expect(same(made)).toEqual(same(source));
    expect(made).toMatchObject({
      status: 'draft',
      datePosted: null,
      bidCount: 0,
      customerId: owner.id,
      address: '12 Birch Lane',
      zipCode: '99501',
    });
    // Answered as the estimate reads return it.
    expect((await read(made.id, owner)).json<Estimate>()).toEqual(made);
    expect((await read(source.id, owner)).json<Estimate>()).toMatchObject({ status: 'cancelled' });
  });

  it('copies an estimate in any status (hired, posted, completed) as a draft', async () => {
    const owner = await makeAdmin(db());
    for (const status of ['posted', 'completed', 'cancelled'] as const) {
      const source = await makeEstimate(db(), owner, { status });
      const res = await copy(source.id, owner);
      expect(res.statusCode, status).toBe(201);
      expect(res.json<Estimate>().status).toBe('draft');
    }
    const hired = await makeEstimate(db(), owner, { status: 'posted' });
    await db().update(estimates).set({ status: 'hired' }).where(eq(estimates.id, hired.id));
    expect((await copy(hired.id, owner)).json<Estimate>().status).toBe('draft');
  });

  it("prices the copy from today's catalogue: a stored or a sent figure is never copied", async () => {
    const owner = await makeCustomer(db());
    const source = await saved(owner);
    // Figures stored wrongly (or by an older catalogue) are not carried over.
    await db()
      .update(estimates)
      .set({ finalCents: 100, minCents: 80, maxCents: 120, lineItems: [] })
      .where(eq(estimates.id, source.id));
    const res = await copy(source.id, owner, { finalEstimate: 1, minBudget: 1, maxBudget: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const expected = priceEstimate({
      category: 'kitchen',
      task: 'kitchen-remodel',
      subtasks: ['kitchen-cabinets', 'kitchen-countertops'],
      measurements: {
        'kitchen-cabinets': { length: '12.5' },
        'kitchen-countertops': { length: '10', width: '2.5' },
      },
      gradeLevel: 'Premium',
      region: 'Anchorage, AK',
    });
    expect(expected.finalCents).toBeGreaterThan(100);
    expect(res.json<Estimate>()).toMatchObject({
      finalEstimate: expected.finalEstimate,
      minBudget: expected.minBudget,
      maxBudget: expected.maxBudget,
    });
    expect(res.json<Estimate>().lineItems.map((l) => l.amountCents)).toEqual(
      expected.lines.map((l) => l.amountCents),
    );
  });

  it('copies an automotive estimate priced by the automotive catalogue', async () => {
    const owner = await makeCustomer(db());
    const source = await saved(owner, {
      category: 'automotive',
      task: 'brakes',
      subtasks: ['brake-pads'],
      measurements: { 'brake-pads': { quantity: '2' } },
      gradeLevel: 'Standard',
    });
    const res = await copy(source.id, owner);
    expect(res.statusCode, res.body).toBe(201);
    const price = priceAutomotive('Standard', [{ subtaskId: 'brake-pads', quantity: 2 }]);
    expect(res.json<Estimate>()).toMatchObject({
      category: 'automotive',
      subtaskIds: ['brake-pads'],
      finalEstimate: price.totalCents / 100,
    });
  });

  it('an estimate whose task the catalogue no longer offers cannot be copied (409), and nothing is saved', async () => {
    const owner = await makeCustomer(db());
    const source = await saved(owner);
    await db().update(estimates).set({ taskId: 'no-such-task' }).where(eq(estimates.id, source.id));
    const res = await copy(source.id, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/can no longer be priced/);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/estimates/usage' }, await loginAs(t.app, owner))).json(),
    ).toMatchObject({ saved: { used: 1 } });
  });

  it("counts as a save: the free plan's saved and monthly limits refuse it with the save's message", async () => {
    const full = await makeCustomer(db());
    const source = await saved(full);
    for (let i = 0; i < 4; i++) await saved(full);
    const refused = await copy(source.id, full);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(LIMIT_MESSAGES.saved(5));

    const busy = await makeCustomer(db());
    const first = await saved(busy);
    const cancelAll = () =>
      db().update(estimates).set({ status: 'cancelled' }).where(eq(estimates.ownerId, busy.id));
    for (let i = 0; i < 9; i++) {
      await cancelAll();
      expect((await copy(first.id, busy)).statusCode).toBe(201);
    }
    // 10 made this month (9 of them copies): no more, though no draft is left.
    await cancelAll();
    const monthly = await copy(first.id, busy);
    expect(monthly.statusCode).toBe(403);
    expect(monthly.json().error).toBe(LIMIT_MESSAGES.generated(10));

    // Premium: no limits.
    const rich = await makeCustomer(db(), {
      subscriptionPlan: 'premium',
      subscriptionExpiryDate: new Date(t.clock.now.getTime() + 365 * DAY),
    });
    const theirs = await saved(rich);
    for (let i = 0; i < 6; i++) expect((await copy(theirs.id, rich)).statusCode).toBe(201);
  });

  it('at the saved limit, of several parallel copies only the one that fits passes', async () => {
    const owner = await makeCustomer(db());
    const source = await saved(owner);
    for (let i = 0; i < 3; i++) await saved(owner);
    const cookie = await loginAs(t.app, owner);
    const all = await Promise.all(
      [1, 2, 3].map(() => call(t.app, { method: 'POST', url: `/api/estimates/${source.id}/copy` }, cookie)),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
  });

  it('only the owner: another customer, a provider and an admin get 404; anonymous 401; unknown ids 404', async () => {
    const owner = await makeCustomer(db());
    const source = await saved(owner);
    for (const stranger of [
      await makeCustomer(db()),
      await makeProvider(db(), { plan: 'deluxe' }),
      await makeAdmin(db()),
    ]) {
      const res = await copy(source.id, stranger);
      expect(res.statusCode, stranger.role).toBe(404);
    }
    expect((await copy(source.id, null)).statusCode).toBe(401);
    expect((await copy('00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    expect((await copy('not-an-id', owner)).statusCode).toBe(404);
    // A deleted estimate is gone.
    await call(t.app, { method: 'DELETE', url: `/api/estimates/${source.id}` }, await loginAs(t.app, owner));
    expect((await copy(source.id, owner)).statusCode).toBe(404);
  });
});
