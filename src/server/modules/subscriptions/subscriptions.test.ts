// POST /api/subscription/change through HTTP: the plan rules of src/domain/plans.ts for customers
// and providers, the one 7-day trial per account (also under parallel requests), expiry on the app's clock,
// and the service other features call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptionChangeResponseSchema } from '#domain/schemas/account.schema';
import { users } from '#server/db/schema/index';
import { createSubscriptionService, type PaymentProcessor } from '#server/modules/subscriptions';
import { makeAdmin, makeCustomer, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const change = (cookie: string | undefined, plan: unknown) =>
  call(t.app, { method: 'POST', url: '/api/subscription/change', payload: { plan } }, cookie);
const profile = async (cookie: string) =>
  (await call(t.app, { method: 'GET', url: '/api/profile' }, cookie)).json();
/** A request's origin for calls made straight to the service. */
const origin = () => ({ log: t.app.log, ip: '127.0.0.1' });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const now = () => t.clock.now.getTime();

describe('customers: free and premium', () => {
  it('the first premium starts the 7-day trial; the account page sees the trial end and no expiry', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const res = await change(cookie, 'premium');
    expect(res.statusCode).toBe(200);
    const body = subscriptionChangeResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      message: 'Subscription updated successfully!',
      subscriptionPlan: 'premium',
      trialStarted: true,
      hasUsedTrial: true,
      subscriptionExpiryDate: null,
    });
    expect(new Date(body.trialEndDate!).getTime()).toBe(now() + 7 * DAY);
    expect(await profile(cookie)).toMatchObject({ subscriptionPlan: 'premium', hasUsedTrial: true });
  });

  it('refuses the plan already in force, and plans of providers', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const same = await change(cookie, 'free');
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe('You are already on the Free plan.');
    for (const plan of ['starter', 'deluxe', 'enterprise']) {
      const res = await change(cookie, plan);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('This plan is only available to service providers.');
    }
    expect((await change(cookie, 'gold')).statusCode).toBe(400);
    expect((await change(cookie, undefined)).statusCode).toBe(400);
    expect(await userRow(c.id)).toMatchObject({ subscriptionPlan: 'free', hasUsedTrial: false });
  });

  it('back to free at once; premium again is paid (the trial is once per account) and runs 30 days', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    await change(cookie, 'premium');
    const free = await change(cookie, 'free');
    expect(free.statusCode).toBe(200);
    expect(free.json()).toMatchObject({ subscriptionPlan: 'free', subscriptionExpiryDate: null });
    const paid = await change(cookie, 'premium');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ subscriptionPlan: 'premium', trialStarted: false });
    expect(new Date(paid.json().subscriptionExpiryDate).getTime()).toBe(now() + 30 * DAY);
    expect((await change(cookie, 'premium')).json().error).toBe('You are already on the Premium plan.');
  });

  it('a trial ends at its end date (exclusive): the plan in force is free again, premium may be bought', async () => {
    const start = t.clock.now;
    const c = await makeCustomer(db(), { now: start });
    const cookie = await loginAs(t.app, c, { persistent: true });
    await change(cookie, 'premium');
    t.clock.advance(7 * DAY - 1);
    expect((await profile(cookie)).subscriptionPlan).toBe('premium');
    t.clock.advance(1);
    expect((await profile(cookie)).subscriptionPlan).toBe('free');
    const again = await change(cookie, 'premium');
    expect(again.statusCode).toBe(200);
    expect(again.json().trialStarted).toBe(false);
    expect(again.json().subscriptionExpiryDate).not.toBeNull();
  });

  it('an admin uses the customer plans', async () => {
    const a = await makeAdmin(db());
    const res = await change(await loginAs(t.app, a), 'premium');
    expect(res.statusCode).toBe(200);
    expect(res.json().trialStarted).toBe(true);
  });

  it('two parallel first selections start one trial', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const [x, y] = await Promise.all([change(cookie, 'premium'), change(cookie, 'premium')]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 400]);
    expect((await userRow(c.id)).subscriptionPlan).toBe('premium');
  });
});

describe('providers: starter, deluxe, enterprise', () => {
  it('a free provider who never had a trial: the first selection starts the 7-day trial of that plan', async () => {
    const p = await makeProvider(db(), { plan: 'free' });
    const res = await change(await loginAs(t.app, p), 'starter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionPlan: 'starter', trialStarted: true, hasUsedTrial: true });
    expect(new Date(res.json().trialEndDate).getTime()).toBe(now() + 7 * DAY);
  });

  it('an upgrade during the trial stays a trial of the higher plan until the same end', async () => {
    const p = await makeProvider(db(), { plan: 'free' });
    const cookie = await loginAs(t.app, p, { persistent: true });
    const trial = (await change(cookie, 'starter')).json();
    t.clock.advance(DAY);
    const up = await change(cookie, 'deluxe');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      subscriptionPlan: 'deluxe',
      trialStarted: false,
      trialEndDate: trial.trialEndDate,
      subscriptionExpiryDate: null,
    });
  });

  it('a paid starter upgrades to deluxe, paid for 30 days', async () => {
    const p = await makeProvider(db(), { plan: 'starter', billing: 'paid' });
    const res = await change(await loginAs(t.app, p), 'deluxe');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionPlan: 'deluxe', trialStarted: false });
    expect(new Date(res.json().subscriptionExpiryDate).getTime()).toBe(now() + 30 * DAY);
  });

  it('refuses the current plan, a lower plan, free, enterprise (contact sales) and customer plans', async () => {
    const p = await makeProvider(db(), { plan: 'deluxe', billing: 'paid' });
    const cookie = await loginAs(t.app, p);
    const cases: [string, string][] = [
      ['deluxe', 'You are already on the Deluxe plan.'],
      ['starter', 'Your current plan already includes everything in Starter. Downgrades are not offered.'],
      ['free', 'Providers cannot select the Free plan.'],
      [
        'enterprise',
        'The Enterprise plan is arranged with our sales team. Please contact sales to set it up.',
      ],
      ['premium', 'This plan is only available to customers.'],
    ];
    for (const [plan, message] of cases) {
      const res = await change(cookie, plan);
      expect(res.statusCode, plan).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await userRow(p.id)).subscriptionPlan).toBe('deluxe');
  });

  it('a provider whose trial ended is on free: no second trial, the plan may be bought', async () => {
    const p = await makeProvider(db(), { plan: 'starter', billing: 'expired-trial' });
    const cookie = await loginAs(t.app, p);
    expect((await profile(cookie)).subscriptionPlan).toBe('free');
    const res = await change(cookie, 'starter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscriptionPlan: 'starter', trialStarted: false });
    expect(new Date(res.json().subscriptionExpiryDate).getTime()).toBe(now() + 30 * DAY);
  });

  it('a free provider who already used the trial pays at once', async () => {
    const p = await makeProvider(db(), { plan: 'free', hasUsedTrial: true });
    const res = await change(await loginAs(t.app, p), 'deluxe');
    expect(res.json()).toMatchObject({ subscriptionPlan: 'deluxe', trialStarted: false });
    expect(res.json().subscriptionExpiryDate).not.toBeNull();
  });

  it('ignores any other key in the body', async () => {
    const p = await makeProvider(db(), { plan: 'free' });
    const res = await call(
      t.app,
      {
        method: 'POST',
        url: '/api/subscription/change',
        payload: {
          plan: 'starter',
          trialEndDate: '2099-01-01T00:00:00Z',
          role: 'admin',
          hasUsedTrial: false,
        },
      },
      await loginAs(t.app, p),
    );
    expect(res.statusCode).toBe(200);
    const r = await userRow(p.id);
    expect(r.role).toBe('provider');
    expect(r.trialEndDate!.getTime()).toBe(now() + 7 * DAY);
  });
});

describe('the service other features call', () => {
  it('charges a paid selection through the payment processor, and leaves the plan alone when it fails', async () => {
    const charges: number[] = [];
    const ok: PaymentProcessor = {
      charge: async (r) => {
        charges.push(r.amountCents);
        return { reference: 'ok' };
      },
    };
    const p = await makeProvider(db(), { plan: 'starter', billing: 'paid' });
    await createSubscriptionService(t.app.ctx, ok).changePlan(p.id, 'deluxe', origin());
    expect(charges).toEqual([50_000]);

    const failing: PaymentProcessor = {
      charge: async () => {
        throw new Error('card declined');
      },
    };
    const c = await makeCustomer(db(), { hasUsedTrial: true });
    await expect(
      createSubscriptionService(t.app.ctx, failing).changePlan(c.id, 'premium', origin()),
    ).rejects.toThrow('The payment did not go through. Your plan has not changed.');
    expect((await userRow(c.id)).subscriptionPlan).toBe('free');
  });

  it('a trial charges nothing', async () => {
    const charges: number[] = [];
    const p = await makeProvider(db(), { plan: 'free' });
    await createSubscriptionService(t.app.ctx, {
      charge: async (r) => {
        charges.push(r.amountCents);
        return { reference: 'x' };
      },
    }).changePlan(p.id, 'starter', origin());
    expect(charges).toEqual([]);
  });
});

describe('who may call it', () => {
  it('asks to sign in first', async () => {
    expect((await change(undefined, 'premium')).statusCode).toBe(401);
  });
});
