// The provider's plan routes through HTTP: POST /api/subscription starts the one trial,
// the trial's status and task choice, the category grid, and the Upgrade Membership dialog's call; every rule
// on the server, with the app's clock moved to the trial's last second and past it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_CATEGORY_TEXT } from '#domain/plans';
import {
  STARTER_TASK_MESSAGE,
  TRIAL_ONLY_MESSAGE,
  TRIAL_TASKS_MESSAGE,
  UPGRADE_SELECTION_MESSAGE,
  type ProviderCategoriesResponse,
  type TrialStatusResponse,
} from '#domain/schemas/subscription.schema';
import { makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const post = (cookie: string, url: string, payload: object) =>
  call(t.app, { method: 'POST', url, payload }, cookie);
const get = (cookie: string, url: string) => call(t.app, { method: 'GET', url }, cookie);
const status = async (cookie: string) => (await get(cookie, '/api/trial/status')).json<TrialStatusResponse>();
const categories = async (cookie: string) =>
  (await get(cookie, '/api/provider/categories')).json<ProviderCategoriesResponse>();

describe('POST /api/subscription and the trial', () => {
  it('a free provider picks deluxe: the 7-day trial starts once; all nine categories open until its last second', async () => {
    const p = await makeProvider(db(), { plan: 'free', selectedTasks: [] });
    let cookie = await loginAs(t.app, p);
    expect(await status(cookie)).toMatchObject({ isTrial: false, daysRemaining: 0, plan: 'free' });
    expect(
      (await categories(cookie)).categories.every((c) => c.locked && c.lockedText === LOCKED_CATEGORY_TEXT),
    ).toBe(true);

    const res = await post(cookie, '/api/subscription', { plan: 'deluxe' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscriptionPlan: 'deluxe',
      trialStarted: true,
      subscriptionExpiryDate: null,
    });
    const started = await status(cookie);
    expect(started).toMatchObject({
      isTrial: true,
      daysRemaining: 7,
      plan: 'deluxe',
      categoryId: 'home-repair',
      customersThisMonth: 0,
      customersPerMonth: 100,
    });
    expect(new Date(started.trialEndDate!).getTime()).toBe(t.clock.now.getTime() + 7 * DAY);
    const grid = await categories(cookie);
    expect(grid.plan).toBe('deluxe');
    expect(grid.categories).toHaveLength(9);
    expect(grid.categories.every((c) => !c.locked)).toBe(true);

    // The last second of the trial still opens everything; one second later nothing.
    // (A week idle ends the session: sign in again after each jump of the clock.)
    t.clock.advance(7 * DAY - 1000);
    cookie = await loginAs(t.app, p);
    expect(await status(cookie)).toMatchObject({ isTrial: true, daysRemaining: 1 });
    expect((await categories(cookie)).categories.every((c) => !c.locked)).toBe(true);
    t.clock.advance(1000);
    cookie = await loginAs(t.app, p);
    expect(await status(cookie)).toMatchObject({
      isTrial: false,
      expired: true,
      daysRemaining: 0,
      plan: 'free',
    });
    expect((await categories(cookie)).categories.every((c) => c.locked)).toBe(true);

    // The trial was the account's one: choosing again is a paid upgrade, not a second trial.
    const again = await post(cookie, '/api/subscription', { plan: 'starter' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ subscriptionPlan: 'starter', trialStarted: false });
    expect(again.json().subscriptionExpiryDate).not.toBeNull();
  });

  it('refuses enterprise (contact sales), free, the current plan and a lower one', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe' });
    const cookie = await loginAs(t.app, p);
    const refusals = await Promise.all(
      ['enterprise', 'free', 'deluxe', 'starter'].map((plan) => post(cookie, '/api/subscription', { plan })),
    );
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refusals[0]!.json().error).toMatch(/contact sales/i);
    expect(refusals[3]!.json().error).toMatch(/Downgrades are not offered/);
  });
});

describe('POST /api/trial/update-tasks', () => {
  it('a starter trial keeps exactly one task; a deluxe trial any of its category; never unknown ones', async () => {
    const starter = await makeProvider(db(), { plan: 'starter', billing: 'trial' });
    const cookie = await loginAs(t.app, starter);
    const none = await post(cookie, '/api/trial/update-tasks', { taskIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toContain(TRIAL_TASKS_MESSAGE);
    const two = await post(cookie, '/api/trial/update-tasks', { taskIds: ['hvac', 'flooring'] });
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe(STARTER_TASK_MESSAGE);
    const unknown = await post(cookie, '/api/trial/update-tasks', { taskIds: ['rocket-repair'] });
    expect(unknown.statusCode).toBe(400);
    const one = await post(cookie, '/api/trial/update-tasks', { taskIds: ['hvac'] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ isTrial: true, taskIds: ['hvac'] });

    const deluxe = await makeProvider(db(), { plan: 'deluxe', billing: 'trial' });
    const dc = await loginAs(t.app, deluxe);
    const many = await post(dc, '/api/trial/update-tasks', { taskIds: ['hvac', 'flooring', 'hvac'] });
    expect(many.statusCode).toBe(200);
    expect(many.json().taskIds).toEqual(['hvac', 'flooring']);
  });

  it('outside a running trial the tasks do not change (paid or expired): 403 with the reason', async () => {
    for (const billing of ['paid', 'expired-trial'] as const) {
      const p = await makeProvider(db(), { plan: 'starter', billing });
      const cookie = await loginAs(t.app, p);
      const res = await post(cookie, '/api/trial/update-tasks', { taskIds: ['hvac'] });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(TRIAL_ONLY_MESSAGE);
      expect((await status(cookie)).taskIds).toEqual(['painting']);
    }
  });
});

describe('POST /api/provider/upgrade-subscription', () => {
  it('a paid starter moves to deluxe with a new category choice in one step', async () => {
    const p = await makeProvider(db(), { plan: 'starter' });
    const cookie = await loginAs(t.app, p);
    const res = await post(cookie, '/api/provider/upgrade-subscription', {
      newPlan: 'deluxe',
      selectedCategory: 'home-repair',
      additionalTasks: ['hvac', 'siding'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionPlan: 'deluxe', trialStarted: false });
    expect(await categories(cookie)).toMatchObject({ plan: 'deluxe', selectedTasks: ['hvac', 'siding'] });
  });

  it('asks for a category and a task; a starter choice is exactly one task; a refused plan changes nothing', async () => {
    const p = await makeProvider(db(), { plan: 'free', selectedTasks: [] });
    const cookie = await loginAs(t.app, p);
    const empty = await post(cookie, '/api/provider/upgrade-subscription', { newPlan: 'starter' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(UPGRADE_SELECTION_MESSAGE);
    const two = await post(cookie, '/api/provider/upgrade-subscription', {
      newPlan: 'starter',
      selectedCategory: 'home-repair',
      additionalTasks: ['hvac', 'siding'],
    });
    expect(two.statusCode).toBe(400);
    const enterprise = await post(cookie, '/api/provider/upgrade-subscription', {
      newPlan: 'enterprise',
      selectedCategory: 'home-repair',
      additionalTasks: ['hvac'],
    });
    expect(enterprise.statusCode).toBe(400);
    expect(await categories(cookie)).toMatchObject({ plan: 'free', selectedTasks: [] });

    const ok = await post(cookie, '/api/provider/upgrade-subscription', {
      newPlan: 'starter',
      selectedCategory: 'home-repair',
      additionalTasks: ['hvac'],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ subscriptionPlan: 'starter', trialStarted: true });
    expect(await status(cookie)).toMatchObject({ isTrial: true, plan: 'starter', taskIds: ['hvac'] });
  });
});

// Last in the file: it moves the shared clock a month on.
describe('the end of a paid period', () => {
  it('a paid period that has ended closes every category at once; the same plan may be bought again', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe', now: t.clock.now });
    let cookie: string;
    const { rows } = await db().execute<{ expiry: Date }>(
      sql`select subscription_expiry_date as expiry from users where id = ${p.id}`,
    );
    const expiry = new Date(rows[0]!.expiry).getTime();
    t.clock.advance(expiry - 1000 - t.clock.now.getTime());
    cookie = await loginAs(t.app, p);
    expect((await categories(cookie)).categories.every((c) => !c.locked)).toBe(true);
    t.clock.advance(1000);
    cookie = await loginAs(t.app, p);
    const lapsed = await categories(cookie);
    expect(lapsed.plan).toBe('free');
    expect(lapsed.categories.every((c) => c.locked)).toBe(true);
    const renewed = await post(cookie, '/api/subscription', { plan: 'deluxe' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ subscriptionPlan: 'deluxe', trialStarted: false });
  });
});
