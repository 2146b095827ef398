import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCESS_MESSAGES,
  canAccess,
  categoryGrid,
  chooseTask,
  contactButton,
  customerPlans,
  customerRenewalNote,
  daysUntilRenewal,
  DEFAULT_MESSAGE_LIMIT,
  effectiveCustomerPlan,
  effectiveProviderPlan,
  LOCKED_CATEGORY_TEXT,
  messageLimitLabel,
  messageLimitOptions,
  mustChooseTask,
  planButtons,
  planLimitWarning,
  planRank,
  providerPlanDisplayName,
  providerPlanIds,
  providerPlans,
  selectProviderPlan,
  taskLimitFor,
  tasksForPlan,
  toProviderPlan,
  trialEligible,
  trialEndFrom,
  trialStatus,
  UPGRADE_PROCESSING_MS,
  withinLimit,
  type ProviderAccessSubject,
  type ProviderPlanId,
} from './plans.ts';
import { accessCategoryIds, filterOnlyCategoryIds } from './catalog/categories.ts';
import { homeRepairCategories } from './catalog/home-repair.ts';

const now = new Date('2025-06-10T12:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day);

describe('plan constants', () => {
  it('provider plans: starter $99, 1 task, 25 customers; deluxe $500, all tasks, 100 customers; enterprise contact sales', () => {
    expect(providerPlans.starter).toMatchObject({
      priceCents: 9900,
      taskLimit: 1,
      customersPerMonth: 25,
      selfSelectable: true,
    });
    expect(providerPlans.deluxe).toMatchObject({
      priceCents: 50000,
      taskLimit: null,
      customersPerMonth: 100,
      mostPopular: true,
    });
    expect(providerPlans.enterprise).toMatchObject({
      priceCents: null,
      selfSelectable: false,
      categoryAccess: 'all',
    });
    expect(providerPlans.free).toMatchObject({ priceCents: 0, categoryAccess: 'none' });
  });

  it('customer plans: free 10 estimates/5 saved/1 posted; premium $19, 7-day trial, unlimited, 10 posted, 5 pictures', () => {
    expect(customerPlans.free).toMatchObject({
      priceCents: 0,
      estimatesPerMonth: 10,
      savedEstimates: 5,
      postedPerMonth: 1,
    });
    expect(customerPlans.premium).toMatchObject({
      priceCents: 1900,
      trialDays: 7,
      estimatesPerMonth: null,
      postedPerMonth: 10,
      picturesPerEstimate: 5,
    });
  });

  it('messaging limit choices 5, 10, 20 (default), unlimited; upgrade delay 2 seconds', () => {
    expect([...messageLimitOptions]).toEqual([5, 10, 20, null]);
    expect(DEFAULT_MESSAGE_LIMIT).toBe(20);
    expect(messageLimitLabel(null)).toBe('Unlimited');
    expect(messageLimitLabel(5)).toBe('5 messages');
    expect(UPGRADE_PROCESSING_MS).toBe(2000);
  });

  it('plan order and names; unknown plan or free displays as Starter', () => {
    expect(providerPlanIds.map(planRank)).toEqual([0, 1, 2, 3]);
    expect(toProviderPlan('DELUXE')).toBe('deluxe');
    expect(toProviderPlan('gold')).toBe('free');
    expect(toProviderPlan(null)).toBe('free');
    expect(providerPlanDisplayName('free')).toBe('Starter');
    expect(providerPlanDisplayName('weird')).toBe('Starter');
    expect(providerPlanDisplayName('deluxe')).toBe('Deluxe');
  });

  it('withinLimit: null is unlimited', () => {
    expect(withinLimit(9, 10)).toBe(true);
    expect(withinLimit(10, 10)).toBe(false);
    expect(withinLimit(1e6, null)).toBe(true);
  });
});

describe('trial', () => {
  it('starts on first plan selection when on free and never trialled; 7 calendar days', () => {
    const r = selectProviderPlan({ subscriptionPlan: 'free', hasUsedTrial: false }, 'deluxe', now);
    expect(r).toEqual({
      ok: true,
      subscriptionPlan: 'deluxe',
      trialStarted: true,
      trialEndDate: at(7),
      hasUsedTrial: true,
    });
    expect(trialEndFrom(now)).toEqual(at(7));
  });

  it('once per account: a second selection from free starts no trial', () => {
    const r = selectProviderPlan({ subscriptionPlan: 'free', hasUsedTrial: true }, 'starter', now);
    expect(r).toEqual({
      ok: true,
      subscriptionPlan: 'starter',
      trialStarted: false,
      trialEndDate: null,
      hasUsedTrial: true,
    });
    expect(trialEligible({ subscriptionPlan: 'starter', hasUsedTrial: false })).toBe(false);
  });

  it('upgrading during a trial keeps the trial end date', () => {
    const s = { subscriptionPlan: 'starter', hasUsedTrial: true, trialEndDate: at(3).toISOString() };
    expect(selectProviderPlan(s, 'deluxe', now)).toMatchObject({
      ok: true,
      trialStarted: false,
      trialEndDate: at(3),
    });
  });

  it('enterprise cannot be self-selected; current or lower plans are refused', () => {
    expect(selectProviderPlan({ subscriptionPlan: 'free' }, 'enterprise', now)).toEqual({
      ok: false,
      reason: 'contact-sales',
    });
    expect(selectProviderPlan({ subscriptionPlan: 'deluxe' }, 'starter', now)).toEqual({
      ok: false,
      reason: 'not-an-upgrade',
    });
    expect(selectProviderPlan({ subscriptionPlan: 'starter' }, 'starter', now)).toEqual({
      ok: false,
      reason: 'not-an-upgrade',
    });
    expect(selectProviderPlan({ subscriptionPlan: 'starter' }, 'free', now)).toEqual({
      ok: false,
      reason: 'not-an-upgrade',
    });
  });

  it.each([
    [7, 7, 'normal'],
    [4, 4, 'normal'],
    [3, 3, 'danger'],
    [0.5, 1, 'danger'],
  ])('banner: %f days left shows %i days, tone %s (red at 3 or fewer)', (left, shown, tone) => {
    const s = trialStatus({ subscriptionPlan: 'starter', trialEndDate: at(left) }, now);
    expect(s).toMatchObject({ isTrial: true, expired: false, daysRemaining: shown, tone });
  });

  it('expired trial: no trial, no access', () => {
    const s = { subscriptionPlan: 'deluxe', trialEndDate: at(0) };
    expect(trialStatus(s, now)).toMatchObject({ isTrial: false, expired: true, daysRemaining: 0 });
    expect(effectiveProviderPlan(s, now)).toBe('free');
    expect(canAccess(s, 'kitchen', null, now)).toEqual({
      allowed: false,
      reason: 'no-permission',
      message: 'No permission to message',
    });
  });

  it('a paid plan (expiry date present) is not a trial even with an old trial date', () => {
    const s = { subscriptionPlan: 'deluxe', trialEndDate: at(-30), subscriptionExpiryDate: at(10) };
    expect(trialStatus(s, now)).toMatchObject({ isTrial: false, expired: false, trialEndDate: null });
    expect(effectiveProviderPlan(s, now)).toBe('deluxe');
  });

  it('a paid period that has ended is no access at once, for providers and customers alike', () => {
    const paid = { subscriptionPlan: 'deluxe', trialEndDate: at(-40), subscriptionExpiryDate: at(0) };
    expect(effectiveProviderPlan(paid, new Date(now.getTime() - 1))).toBe('deluxe');
    expect(effectiveProviderPlan(paid, now)).toBe('free');
    expect(canAccess(paid, 'kitchen', null, now)).toMatchObject({ allowed: false, reason: 'no-permission' });
    expect(effectiveCustomerPlan({ subscriptionPlan: 'premium', subscriptionExpiryDate: at(-1) }, now)).toBe(
      'free',
    );
  });

  it('days until renewal: to the expiry date, default 30', () => {
    expect(daysUntilRenewal(at(12.2), now)).toBe(13);
    expect(daysUntilRenewal(at(-1), now)).toBe(0);
    expect(daysUntilRenewal(null, now)).toBe(30);
    expect(daysUntilRenewal('garbage', now)).toBe(30);
  });

  it('customer premium: trial end date while no expiry, "Renews on" once an expiry exists', () => {
    expect(customerRenewalNote({ subscriptionPlan: 'premium', trialEndDate: at(7) })).toEqual({
      kind: 'trial-ends',
      date: at(7),
    });
    expect(
      customerRenewalNote({
        subscriptionPlan: 'premium',
        trialEndDate: at(7),
        subscriptionExpiryDate: at(30),
      }),
    ).toEqual({
      kind: 'renews-on',
      date: at(30),
    });
    expect(customerRenewalNote({ subscriptionPlan: 'premium' })).toBeNull();
    expect(customerRenewalNote({ subscriptionPlan: 'free', trialEndDate: at(7) })).toBeNull();
  });

  it('customer premium acts as premium during its trial and as free after', () => {
    expect(effectiveCustomerPlan({ subscriptionPlan: 'premium', trialEndDate: at(1) }, now)).toBe('premium');
    expect(effectiveCustomerPlan({ subscriptionPlan: 'premium', trialEndDate: at(-1) }, now)).toBe('free');
    expect(effectiveCustomerPlan({ subscriptionPlan: 'premium' }, now)).toBe('premium');
    expect(effectiveCustomerPlan({ subscriptionPlan: 'free' }, now)).toBe('free');
  });
});

describe('canAccess', () => {
  const starter: ProviderAccessSubject = {
    subscriptionPlan: 'starter',
    tasks: [{ category: 'home-repair', task: 'cabinets', isLocked: false }],
  };

  it.each([
    // "free plan has no access"
    [{ subscriptionPlan: 'free' }, 'kitchen', 'Cabinets', false, 'no-permission'],
    [{ subscriptionPlan: null }, 'kitchen', null, false, 'no-permission'],
    // "enterprise has full access" (even outside the nine)
    [{ subscriptionPlan: 'enterprise' }, 'painting', 'anything', true, null],
    // Starter without a task reaches nothing until it picks one (decision 0003 overrides "no task records,
    // access"); deluxe needs no task entry to open the nine
    [{ subscriptionPlan: 'starter', tasks: [] }, 'hvac', 'HVAC', false, 'category'],
    [{ subscriptionPlan: 'starter', tasks: [] }, 'kitchen', null, false, 'category'],
    [{ subscriptionPlan: 'starter' }, 'painting', null, false, 'category'],
    [{ subscriptionPlan: 'deluxe', tasks: [] }, 'hvac', 'HVAC', true, null],
    // Starter honours only its first task: a second entry (left by a former plan) opens nothing
    [
      {
        subscriptionPlan: 'starter',
        tasks: [
          { category: 'home-repair', task: 'cabinets' },
          { category: 'home-repair', task: 'hvac' },
        ],
      },
      'hvac',
      'HVAC',
      false,
      'category',
    ],
    // deluxe: all nine (decision 0003)
    [
      { subscriptionPlan: 'deluxe', tasks: [{ category: 'kitchen', task: 'cabinets' }] },
      'landscaping',
      'Landscaping',
      true,
      null,
    ],
    [
      { subscriptionPlan: 'deluxe', tasks: [{ category: 'kitchen', task: 'cabinets' }] },
      'home-repair',
      null,
      true,
      null,
    ],
    [{ subscriptionPlan: 'deluxe' }, 'plumbing', null, false, 'category'],
    // starter: only a matching category and task that is not locked
    [starter, 'kitchen', 'Cabinets', true, null],
    [starter, 'Kitchen', 'cabinets', true, null],
    [starter, 'kitchen', null, true, null],
    [starter, 'kitchen', 'Kitchen Remodel', false, 'task'],
    [starter, 'bathroom', 'Bathroom Remodel', false, 'category'],
    [starter, 'home-repair', 'cabinets', true, null],
    [
      { subscriptionPlan: 'starter', tasks: [{ category: 'kitchen', task: 'cabinets', isLocked: true }] },
      'kitchen',
      'cabinets',
      false,
      'task',
    ],
    [
      { subscriptionPlan: 'starter', tasks: [{ category: 'painting', task: 'painting' }] },
      'kitchen',
      null,
      false,
      'category',
    ],
  ] as const)('%# %j on %s / %s -> %s', (provider, category, task, allowed, reason) => {
    const r = canAccess(provider as ProviderAccessSubject, category, task, now);
    expect(r.allowed).toBe(allowed);
    if (!r.allowed) {
      expect(r.reason).toBe(reason);
      expect(r.message).toBe(ACCESS_MESSAGES[r.reason]);
    }
  });

  it('tooltips are the required texts', () => {
    expect(ACCESS_MESSAGES).toEqual({
      'no-permission': 'No permission to message',
      category: 'Not subscribed to this category',
      task: 'Upgrade subscription to access this task',
    });
  });

  it('trial acts like the chosen plan until trialEndDate', () => {
    const trial = { ...starter, subscriptionPlan: 'deluxe', trialEndDate: at(2) };
    expect(canAccess(trial, 'hvac', null, now).allowed).toBe(true);
    expect(canAccess(trial, 'hvac', null, at(2)).allowed).toBe(false);
    const starterTrial = { ...starter, trialEndDate: at(2) };
    expect(canAccess(starterTrial, 'hvac', null, now)).toMatchObject({ allowed: false, reason: 'category' });
  });

  it('locked categories show "Locked. Upgrade to Deluxe to unlock this category."', () => {
    const grid = categoryGrid(starter, now);
    expect(grid.map((t) => t.category)).toEqual([...accessCategoryIds]);
    expect(grid.filter((t) => !t.locked).map((t) => t.category)).toEqual(['kitchen', 'home-repair']);
    expect(grid.find((t) => t.category === 'hvac')).toEqual({
      category: 'hvac',
      locked: true,
      lockedText: LOCKED_CATEGORY_TEXT,
    });
    expect(LOCKED_CATEGORY_TEXT).toBe('Locked. Upgrade to Deluxe to unlock this category.');
    expect(categoryGrid({ subscriptionPlan: 'deluxe' }, now).every((t) => !t.locked)).toBe(true);
  });

  it('Contact column: Message, or disabled Upgrade Required / No Access with the tooltip', () => {
    expect(contactButton({ allowed: true })).toEqual({ label: 'Message', disabled: false, tooltip: null });
    expect(contactButton(canAccess(starter, 'hvac', null, now))).toEqual({
      label: 'Upgrade Required',
      disabled: true,
      tooltip: 'Not subscribed to this category',
    });
    expect(contactButton(canAccess({ subscriptionPlan: 'free' }, 'hvac', null, now))).toEqual({
      label: 'No Access',
      disabled: true,
      tooltip: 'No permission to message',
    });
  });

  // Property: no plan ever grants more than a higher plan (same entries, same trial state, same time).
  const categories = [...accessCategoryIds, ...filterOnlyCategoryIds, 'automotive'];
  const tasks = homeRepairCategories.flatMap((c) => c.tasks.map((t) => t.name));
  const entry = fc.record({
    category: fc.constantFrom(...categories),
    task: fc.constantFrom(...tasks, 'Painting'),
    isLocked: fc.option(fc.boolean(), { nil: undefined }),
  });
  const subject = fc.record({
    tasks: fc.option(fc.array(entry, { maxLength: 4 }), { nil: undefined }),
    trialEndDate: fc.option(fc.integer({ min: -10, max: 10 }).map(at), { nil: null }),
    subscriptionExpiryDate: fc.option(fc.integer({ min: -10, max: 40 }).map(at), { nil: null }),
  });

  it('property: access is monotonic in plan rank (free < starter < deluxe < enterprise)', () => {
    fc.assert(
      fc.property(
        subject,
        fc.constantFrom(...categories),
        fc.option(fc.constantFrom(...tasks), { nil: null }),
        (s, category, task) => {
          const allowed = (plan: ProviderPlanId) =>
            canAccess({ ...s, subscriptionPlan: plan }, category, task, now).allowed;
          for (let i = 1; i < providerPlanIds.length; i++) {
            if (allowed(providerPlanIds[i - 1]!)) expect(allowed(providerPlanIds[i]!)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: free and expired trials never grant anything', () => {
    fc.assert(
      fc.property(
        subject,
        fc.constantFrom(...providerPlanIds),
        fc.constantFrom(...categories),
        (s, plan, category) => {
          const expired = {
            ...s,
            subscriptionPlan: plan,
            trialEndDate: at(-1),
            subscriptionExpiryDate: null,
          };
          expect(canAccess(expired, category, null, now).allowed).toBe(false);
          expect(canAccess({ ...s, subscriptionPlan: 'free' }, category, null, now).allowed).toBe(false);
        },
      ),
    );
  });
});

describe('limits and plan buttons', () => {
  it.each([
    [0, 1, null],
    [1, 1, { level: 'reached', title: 'Limit reached', percent: 100 }],
    [2, 1, { level: 'exceeded', title: 'Limit exceeded', percent: 200 }],
    [7, 10, null],
    [8, 10, { level: 'approaching', title: 'Approaching limit', percent: 80 }],
    [20, 25, { level: 'approaching', title: 'Approaching limit', percent: 80 }],
    [0, 0, { level: 'reached', title: 'Limit reached', percent: 100 }],
    [1, 0, { level: 'exceeded', title: 'Limit exceeded', percent: Infinity }],
    [500, null, null],
  ])('banner at 80 and 100 percent: %i of %s', (used, limit, expected) => {
    expect(planLimitWarning(used, limit)).toEqual(expected);
  });

  it('buttons on free: starter and deluxe start a trial; enterprise contact sales', () => {
    expect(planButtons({ subscriptionPlan: 'free' })).toEqual([
      { plan: 'starter', offered: true, disabled: false, label: 'Start Free Trial', action: 'select' },
      { plan: 'deluxe', offered: true, disabled: false, label: 'Start Free Trial', action: 'select' },
      { plan: 'enterprise', offered: true, disabled: false, label: 'Contact Sales', action: 'contact-sales' },
    ]);
  });

  it('buttons on starter (trial used): current disabled, deluxe upgrade', () => {
    expect(
      planButtons({ subscriptionPlan: 'starter', hasUsedTrial: true }).map((b) => [
        b.plan,
        b.disabled,
        b.label,
      ]),
    ).toEqual([
      ['starter', true, 'Current Plan'],
      ['deluxe', false, 'Upgrade'],
      ['enterprise', false, 'Contact Sales'],
    ]);
  });

  it('buttons on deluxe: starter not offered; on enterprise everything disabled', () => {
    const deluxe = planButtons({ subscriptionPlan: 'deluxe' });
    expect(deluxe[0]).toMatchObject({ plan: 'starter', offered: false, disabled: true });
    expect(deluxe[1]).toMatchObject({ label: 'Current Plan', disabled: true });
    const ent = planButtons({ subscriptionPlan: 'enterprise' });
    expect(ent.every((b) => b.disabled)).toBe(true);
    expect(ent[2]).toMatchObject({ label: 'Current Plan', action: 'none' });
    expect(ent[1]).toMatchObject({ label: 'Included' });
  });

  it('starter allows exactly 1 task; deluxe and enterprise unlimited; choosing and trimming', () => {
    expect(taskLimitFor('starter')).toBe(1);
    expect(taskLimitFor('deluxe')).toBeNull();
    expect(taskLimitFor('enterprise')).toBeNull();
    expect(chooseTask('starter', ['a'], 'b')).toEqual(['b']);
    expect(chooseTask('deluxe', ['a'], 'b')).toEqual(['a', 'b']);
    expect(chooseTask('deluxe', ['a', 'b'], 'a')).toEqual(['b']);
    expect(tasksForPlan('starter', ['a', 'b'])).toEqual(['a']);
    expect(tasksForPlan('deluxe', ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('a starter plan in force without a task must choose one; other plans and a lapsed trial need not', () => {
    const task = [{ category: 'home-repair', task: 'cabinets' }];
    expect(mustChooseTask({ subscriptionPlan: 'starter', tasks: [] }, now)).toBe(true);
    expect(mustChooseTask({ subscriptionPlan: 'starter', trialEndDate: at(2) }, now)).toBe(true);
    expect(mustChooseTask({ subscriptionPlan: 'starter', tasks: task }, now)).toBe(false);
    expect(mustChooseTask({ subscriptionPlan: 'starter', trialEndDate: at(-1), tasks: [] }, now)).toBe(false);
    expect(mustChooseTask({ subscriptionPlan: 'deluxe', tasks: [] }, now)).toBe(false);
    expect(mustChooseTask({ subscriptionPlan: 'free', tasks: [] }, now)).toBe(false);
  });
});
