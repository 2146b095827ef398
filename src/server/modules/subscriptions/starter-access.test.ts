// Starter reaches the category of its one task and nothing else (decision 0003): a starter provider holding no
// task reaches nothing until it picks one on /subscription, and every change of plan or role (self-service, an
// admin's edit, a role approval, a plan bought after a trial ended) keeps only the task the plan allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '#domain/plans';
import {
  TRIAL_ONLY_MESSAGE,
  type ProviderCategoriesResponse,
  type TrialStatusResponse,
} from '#domain/schemas/subscription.schema';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

const EIGHT_TASKS = [
  'kitchen-remodel',
  'bathroom-remodel',
  'flooring',
  'concrete',
  'electrical',
  'hvac',
  'siding',
  'landscaping',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const post = (cookie: string, url: string, payload?: object) =>
  call(t.app, { method: 'POST', url, ...(payload ? { payload } : {}) }, cookie);
const put = (cookie: string, url: string, payload: object) =>
  call(t.app, { method: 'PUT', url, payload }, cookie);
const get = (cookie: string, url: string) => call(t.app, { method: 'GET', url }, cookie);
const status = async (cookie: string) => (await get(cookie, '/api/trial/status')).json<TrialStatusResponse>();
const openCategories = async (cookie: string) =>
  (await get(cookie, '/api/provider/categories'))
    .json<ProviderCategoriesResponse>()
    .categories.filter((c) => !c.locked)
    .map((c) => c.category);

/** A posted estimate in each of these categories, and the status of a bid on each. */
async function bidOnEach(cookie: string, categories: readonly string[]) {
  const owner = await makeCustomer(db());
  const out: Record<string, number> = {};
  for (const category of categories) {
    const e = await makeEstimate(db(), owner, { category, status: 'posted', now: t.clock.now });
    out[category] = (await post(cookie, `/api/tasks/${e.id}/bid`)).statusCode;
  }
  return out;
}

describe('a starter provider without a task', () => {
  it('a customer approved as provider who picks Starter reaches nothing until it picks its task, then only that category', async () => {
    const customer = await makeCustomer(db());
    const admin = await makeAdmin(db());
    const cc = await loginAs(t.app, customer);
    const request = await post(cc, '/api/role-requests', {
      requestedRole: 'provider',
      reason: 'I build kitchens',
    });
    expect(request.statusCode).toBe(201);
    const ac = await loginAs(t.app, admin);
    const reviewed = await put(ac, `/api/admin/role-requests/${request.json<{ id: string }>().id}`, {
      status: 'approved',
    });
    expect(reviewed.statusCode).toBe(200);

    const pc = await loginAs(t.app, customer);
    expect((await post(pc, '/api/subscription', { plan: 'starter' })).statusCode).toBe(200);
    expect(await status(pc)).toMatchObject({
      plan: 'starter',
      isTrial: true,
      taskIds: [],
      mustChooseTask: true,
    });
    expect(await openCategories(pc)).toEqual([]);
    const before = await bidOnEach(pc, ['kitchen', 'bathroom', 'hvac']);
    expect(before).toEqual({ kitchen: 403, bathroom: 403, hvac: 403 });

    const chosen = await post(pc, '/api/trial/update-tasks', { taskIds: ['kitchen-remodel'] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ taskIds: ['kitchen-remodel'], mustChooseTask: false });
    expect(await openCategories(pc)).toEqual(['kitchen', 'home-repair']);
    expect(await bidOnEach(pc, ['kitchen', 'bathroom', 'hvac'])).toEqual({
      kitchen: 201,
      bathroom: 403,
      hvac: 403,
    });
  });

  it('a paid starter holding no task picks its one task once on /subscription; changing it afterwards needs an upgrade', async () => {
    const p = await makeProvider(db(), { plan: 'starter', selectedTasks: [], now: t.clock.now });
    const pc = await loginAs(t.app, p);
    expect(await status(pc)).toMatchObject({ isTrial: false, mustChooseTask: true });
    const refused = await bidOnEach(pc, ['kitchen']);
    expect(refused).toEqual({ kitchen: 403 });
    const owner = await makeCustomer(db());
    const e = await makeEstimate(db(), owner, { category: 'hvac', status: 'posted', now: t.clock.now });
    expect((await post(pc, `/api/tasks/${e.id}/bid`)).json()).toMatchObject({
      error: ACCESS_MESSAGES.category,
    });

    const two = await post(pc, '/api/trial/update-tasks', { taskIds: ['hvac', 'siding'] });
    expect(two.statusCode).toBe(400);
    expect((await post(pc, '/api/trial/update-tasks', { taskIds: ['hvac'] })).statusCode).toBe(200);
    expect(await openCategories(pc)).toEqual(['home-repair', 'hvac']);
    const again = await post(pc, '/api/trial/update-tasks', { taskIds: ['siding'] });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: TRIAL_ONLY_MESSAGE });
  });
});

describe('every change of plan keeps only the tasks the plan allows', () => {
  it('an admin who moves a Deluxe provider with 8 tasks to Starter leaves one task and one category open', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe', selectedTasks: EIGHT_TASKS, now: t.clock.now });
    let pc = await loginAs(t.app, p);
    expect(await openCategories(pc)).toHaveLength(9);
    const ac = await loginAs(t.app, await makeAdmin(db()));
    const edited = await put(ac, `/api/admin/users/${p.id}`, {
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      role: 'provider',
      subscriptionPlan: 'starter',
    });
    expect(edited.statusCode).toBe(200);
    pc = await loginAs(t.app, p);
    expect(await status(pc)).toMatchObject({ plan: 'starter', taskIds: ['kitchen-remodel'] });
    expect(await openCategories(pc)).toEqual(['kitchen', 'home-repair']);
    expect(await bidOnEach(pc, ['kitchen', 'bathroom', 'flooring', 'hvac'])).toEqual({
      kitchen: 201,
      bathroom: 403,
      flooring: 403,
      hvac: 403,
    });
  });

  it('a Deluxe trial with 8 tasks that ended, then Starter bought: the first task stays, the rest go', async () => {
    const p = await makeProvider(db(), {
      plan: 'deluxe',
      billing: 'expired-trial',
      selectedTasks: ['bathroom-remodel', ...EIGHT_TASKS.slice(2)],
      now: t.clock.now,
    });
    const pc = await loginAs(t.app, p);
    expect(await openCategories(pc)).toEqual([]);
    const bought = await post(pc, '/api/subscription', { plan: 'starter' });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ subscriptionPlan: 'starter', trialStarted: false });
    expect(await status(pc)).toMatchObject({ plan: 'starter', taskIds: ['bathroom-remodel'] });
    expect(await openCategories(pc)).toEqual(['bathroom', 'home-repair']);
  });

  it('the Upgrade Membership dialog to Deluxe keeps every task it was given', async () => {
    const p = await makeProvider(db(), { plan: 'starter', selectedTasks: ['hvac'], now: t.clock.now });
    const pc = await loginAs(t.app, p);
    const res = await post(pc, '/api/provider/upgrade-subscription', {
      newPlan: 'deluxe',
      selectedCategory: 'home-repair',
      additionalTasks: ['hvac', 'siding'],
    });
    expect(res.statusCode).toBe(200);
    expect(await status(pc)).toMatchObject({ plan: 'deluxe', taskIds: ['hvac', 'siding'] });
  });
});
