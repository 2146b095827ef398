import { describe, expect, it } from 'vitest';
import {
  customerPlanDescription,
  planLimitSentence,
  planPrice,
  providerPlanDescription,
} from './plan-words.ts';

describe('plan descriptions', () => {
  it('prices read as the plans are sold: whole dollars a month, $0, or contact sales', () => {
    expect(planPrice(9_900)).toBe('$99/month');
    expect(planPrice(50_000)).toBe('$500/month');
    expect(planPrice(1_900)).toBe('$19/month');
    expect(planPrice(0)).toBe('$0');
    expect(planPrice(null)).toBe('Contact sales');
  });

  it('describes the customer plans with their limits', () => {
    expect(customerPlanDescription('free')).toEqual({
      name: 'Free',
      price: '$0',
      blurb: 'For homeowners getting started',
      features: [
        '10 estimates per month',
        '5 saved estimates',
        '1 posted estimate per month',
        'Basic messaging',
      ],
    });
    expect(customerPlanDescription('premium')).toEqual({
      name: 'Premium',
      price: '$19/month',
      blurb: 'For homeowners with several projects',
      features: [
        'Unlimited estimates',
        'Unlimited saved estimates',
        'Up to 10 posted estimates per month',
        'Up to 5 pictures per estimate',
        'Priority messaging',
      ],
    });
  });

  it('describes the provider plans with their limits', () => {
    expect(providerPlanDescription('starter')).toEqual({
      name: 'Starter',
      price: '$99/month',
      blurb: 'Basic, for specialty contractors',
      features: [
        '1 task in 1 project category',
        'Message up to 25 customers per month',
        'Basic listing',
        'Email notifications',
      ],
    });
    expect(providerPlanDescription('deluxe').price).toBe('$500/month');
    expect(providerPlanDescription('enterprise').price).toBe('Contact sales');
  });
});

describe('planLimitSentence', () => {
  it.each([
    // Customer, Free: at, near and over each limit, then what Premium allows.
    ['posted', 'free', 1, 1, 'You have used your 1 free post this month. Premium posts up to 10.'],
    [
      'posted',
      'free',
      3,
      1,
      'You have used 3 posts this month; the Free plan includes 1. Premium posts up to 10.',
    ],
    [
      'generated',
      'free',
      8,
      10,
      'You have used 8 estimates this month; the Free plan includes 10. Premium has unlimited estimates.',
    ],
    [
      'generated',
      'free',
      10,
      10,
      'You have used your 10 free estimates this month. Premium has unlimited estimates.',
    ],
    [
      'saved',
      'free',
      5,
      5,
      'You have saved 5 estimates, as many as the Free plan keeps. Premium keeps unlimited saved estimates.',
    ],
    [
      'saved',
      'free',
      4,
      5,
      'You have saved 4 estimates; the Free plan keeps 5. Premium keeps unlimited saved estimates.',
    ],
    // Customer, Premium: the top plan; a monthly count starts again.
    [
      'posted',
      'premium',
      10,
      10,
      'You have used your 10 Premium posts this month. Your count starts again next month.',
    ],
    // Provider: tasks and the month's customers.
    [
      'tasks',
      'starter',
      1,
      1,
      'You have chosen your 1 Starter task. Deluxe includes every task in your category.',
    ],
    [
      'customers',
      'starter',
      25,
      25,
      'You have messaged 25 customers this month, as many as the Starter plan includes. Deluxe messages up to 100 customers a month.',
    ],
    [
      'customers',
      'deluxe',
      80,
      100,
      'You have messaged 80 customers this month; the Deluxe plan includes 100. Enterprise has no monthly limit.',
    ],
  ] as const)('%s on %s, %i of %i', (kind, plan, used, limit, sentence) => {
    expect(planLimitSentence(kind, plan, used, limit)).toBe(sentence);
  });
});
