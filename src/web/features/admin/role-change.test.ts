import { describe, expect, it } from 'vitest';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { roleChangeQuestion } from './role-change.ts';

const user = (overrides: Partial<AdminUser> = {}) => ({
  id: 'u1',
  firstName: 'Casey',
  lastName: 'Jones',
  role: 'customer' as const,
  subscriptionPlan: 'free' as const,
  adminExpiresAt: null,
  ...overrides,
});

describe('roleChangeQuestion', () => {
  it('a provider made customer loses the plan and the tasks, which come back with the role', () => {
    const q = roleChangeQuestion(user({ role: 'provider', subscriptionPlan: 'starter' }), 'customer', 'a1');
    expect(q.title).toBe('Change Casey Jones from Service Provider to Customer?');
    expect(q.consequences).toEqual([
      'Casey Jones loses the Starter plan and the chosen tasks: no more posted work or bids.',
      'Both stay on the account and apply again if they are made a Service Provider again while the plan’s period runs.',
      'The change is recorded in the audit log.',
    ]);
  });

  it('a free provider made admin loses the tasks and gets the admin tools', () => {
    const q = roleChangeQuestion(user({ role: 'provider' }), 'admin', 'a1');
    expect(q.consequences).toEqual([
      'Casey Jones loses the chosen tasks: no more posted work or bids.',
      'The tasks stay on the account and apply again if they are made a Service Provider again.',
      'Casey Jones gets the Admin Panel and every admin tool (users, role requests, audit log, exports, cleanup) with no end date.',
      'The change is recorded in the audit log.',
    ]);
  });

  it('a customer made provider starts without a plan; a Premium customer plan does not carry over', () => {
    expect(roleChangeQuestion(user(), 'provider', 'a1').consequences).toEqual([
      'As a Service Provider, they start without a plan: posted work stays closed until a plan is chosen on the Subscription page.',
      'The change is recorded in the audit log.',
    ]);
    expect(
      roleChangeQuestion(user({ subscriptionPlan: 'premium' }), 'provider', 'a1').consequences,
    ).toContain('The customer Premium plan does not apply to a Service Provider.');
  });

  it('an admin with an end date made provider loses the admin tools and the end date; a kept plan may apply', () => {
    const q = roleChangeQuestion(
      user({ role: 'admin', subscriptionPlan: 'deluxe', adminExpiresAt: '2027-01-01T00:00:00.000Z' }),
      'provider',
      'a1',
    );
    expect(q.title).toBe('Change Casey Jones from Admin to Service Provider?');
    expect(q.consequences).toEqual([
      'Casey Jones loses the Admin Panel and every admin tool at once.',
      'The admin end date is cleared.',
      'As a Service Provider, the Deluxe plan on the account applies again if its period has not ended; otherwise posted work stays closed until a plan is chosen.',
      'The change is recorded in the audit log.',
    ]);
  });

  it('speaks to the admin who changes their own role, who leaves the page', () => {
    const q = roleChangeQuestion(user({ id: 'a1', role: 'admin' }), 'customer', 'a1');
    expect(q.title).toBe('Make yourself a Customer?');
    expect(q.consequences).toEqual([
      'You lose the Admin Panel and every admin tool at once.',
      'You leave this page at once.',
      'The change is recorded in the audit log.',
    ]);
  });
});
