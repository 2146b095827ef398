// The Edit User plan on its own: rows and forms in, patch, audit entries, security events and the keep-one-admin
// check out. No database and no clock: each case passes the row as it is and the time.
import { describe, expect, it } from 'vitest';
import type { ProviderPlanId } from '#domain/plans';
import type { UserRow } from '#server/modules/users';
import { planUserEdit, type AdminEditUserBody } from './admin.user-edit.ts';

const now = new Date('2026-03-01T12:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * 86_400_000);

function userRow(over: Partial<UserRow> = {}): UserRow {
  return {
    id: '0b9c6f3e-2d4a-4c1b-9f4e-1a2b3c4d5e6f',
    email: 'pat.lee@example.com',
    passwordHash: 'not-a-real-hash',
    role: 'customer',
    firstName: 'Pat',
    lastName: 'Lee',
    emailVerifiedAt: at(-20),
    subscriptionPlan: 'free',
    adminExpiresAt: null,
    selectedCategory: null,
    selectedTasks: [],
    regionId: null,
    trialEndDate: null,
    hasUsedTrial: false,
    subscriptionExpiryDate: null,
    phone: null,
    address: null,
    city: null,
    state: null,
    zipCode: null,
    companyName: null,
    description: null,
    listed: true,
    messageLimit: 20,
    createdAt: at(-30),
    lastActiveAt: null,
    deletedAt: null,
    ...over,
  };
}

const provider = (over: Partial<UserRow> = {}) =>
  userRow({
    role: 'provider',
    subscriptionPlan: 'deluxe',
    selectedCategory: 'home-repair',
    selectedTasks: ['cabinets', 'drywall', 'doors'],
    trialEndDate: at(10),
    hasUsedTrial: true,
    ...over,
  });

/** The form as the dialog opens on this row (nothing changed yet), with `over` applied. */
function formFor(row: UserRow, over: Partial<AdminEditUserBody> = {}): AdminEditUserBody {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    ...(row.role === 'provider' ? { subscriptionPlan: row.subscriptionPlan as ProviderPlanId } : {}),
    ...over,
  };
}

const nothingToDo = { patch: {}, audit: [], securityEvents: [], mustKeepOneAdmin: false };

describe('planUserEdit', () => {
  it('plans nothing, and no audit entry, for a form that changes nothing', () => {
    const customer = userRow();
    expect(planUserEdit(customer, formFor(customer), now)).toEqual(nothingToDo);
    const p = provider();
    expect(planUserEdit(p, formFor(p), now)).toEqual(nothingToDo);
    // A provider's form without a plan leaves the plan as it is.
    expect(planUserEdit(p, formFor(p, { subscriptionPlan: undefined }), now)).toEqual(nothingToDo);
    // An admin whose expiry the form leaves out keeps it.
    const admin = userRow({ role: 'admin', adminExpiresAt: at(5) });
    expect(planUserEdit(admin, formFor(admin), now)).toEqual(nothingToDo);
    // The same expiry written another way is no change.
    const sameExpiry = formFor(admin, { adminExpiresAt: '2026-03-06T07:00:00-05:00' });
    expect(planUserEdit(admin, sameExpiry, now)).toEqual(nothingToDo);
  });

  it('an email that differs only in case is the same address: no change, still verified', () => {
    const customer = userRow();
    expect(planUserEdit(customer, formFor(customer, { email: 'Pat.Lee@EXAMPLE.com' }), now)).toEqual(
      nothingToDo,
    );
  });

  it('names and email: one Edit User entry; a new address is stored lower-cased and unverified', () => {
    const customer = userRow();
    const plan = planUserEdit(
      customer,
      formFor(customer, { firstName: 'Patricia', email: 'Patricia@Example.org' }),
      now,
    );
    expect(plan.patch).toEqual({
      firstName: 'Patricia',
      email: 'patricia@example.org',
      emailVerifiedAt: null,
    });
    expect(plan.audit).toEqual([
      {
        action: 'Edit User',
        changes: {
          firstName: { from: 'Pat', to: 'Patricia' },
          email: { from: 'pat.lee@example.com', to: 'patricia@example.org' },
        },
      },
    ]);
    expect(plan.securityEvents).toEqual([]);
    expect(plan.mustKeepOneAdmin).toBe(false);

    const renamed = planUserEdit(customer, formFor(customer, { lastName: 'Leigh' }), now);
    expect(renamed.patch).toEqual({ lastName: 'Leigh' });
    expect(renamed.audit).toEqual([
      { action: 'Edit User', changes: { lastName: { from: 'Lee', to: 'Leigh' } } },
    ]);
  });

  it('role to admin: Change Role with the expiry asked for (none when left out), and a role event', () => {
    const customer = userRow();
    const until = formFor(customer, { role: 'admin', adminExpiresAt: '2026-04-01T00:00:00.000Z' });
    const plan = planUserEdit(customer, until, now);
    expect(plan.patch).toEqual({ role: 'admin', adminExpiresAt: new Date('2026-04-01T00:00:00.000Z') });
    expect(plan.audit).toEqual([
      {
        action: 'Change Role',
        changes: {
          role: { from: 'customer', to: 'admin' },
          adminExpiresAt: { from: null, to: '2026-04-01T00:00:00.000Z' },
        },
      },
    ]);
    expect(plan.securityEvents).toEqual([
      { event: 'user.role_changed', fields: { fromRole: 'customer', toRole: 'admin', reason: 'admin_edit' } },
    ]);
    expect(plan.mustKeepOneAdmin).toBe(false);

    const noExpiry = planUserEdit(customer, formFor(customer, { role: 'admin' }), now);
    expect(noExpiry.patch).toEqual({ role: 'admin' });
    expect(noExpiry.audit).toEqual([
      { action: 'Change Role', changes: { role: { from: 'customer', to: 'admin' } } },
    ]);
  });

  it('role from admin: the expiry goes, and keeping one admin must be checked', () => {
    const admin = userRow({ role: 'admin', adminExpiresAt: at(5) });
    const plan = planUserEdit(admin, formFor(admin, { role: 'customer' }), now);
    expect(plan.patch).toEqual({ role: 'customer', adminExpiresAt: null });
    expect(plan.audit).toEqual([
      {
        action: 'Change Role',
        changes: {
          role: { from: 'admin', to: 'customer' },
          adminExpiresAt: { from: at(5).toISOString(), to: null },
        },
      },
    ]);
    expect(plan.securityEvents).toEqual([
      { event: 'user.role_changed', fields: { fromRole: 'admin', toRole: 'customer', reason: 'admin_edit' } },
    ]);
    expect(plan.mustKeepOneAdmin).toBe(true);

    // An admin without an expiry: the role alone changes.
    const permanent = userRow({ role: 'admin' });
    const demoted = planUserEdit(permanent, formFor(permanent, { role: 'customer' }), now);
    expect(demoted.patch).toEqual({ role: 'customer' });
    expect(demoted.mustKeepOneAdmin).toBe(true);
  });

  it("an admin's expiry: moving it keeps the role; ending it now must keep one admin; clearing it removes it", () => {
    const admin = userRow({ role: 'admin', adminExpiresAt: at(5) });

    const later = planUserEdit(admin, formFor(admin, { adminExpiresAt: at(60).toISOString() }), now);
    expect(later.patch).toEqual({ adminExpiresAt: at(60) });
    expect(later.audit).toEqual([
      {
        action: 'Change Role',
        changes: { adminExpiresAt: { from: at(5).toISOString(), to: at(60).toISOString() } },
      },
    ]);
    expect(later.securityEvents).toEqual([]);
    expect(later.mustKeepOneAdmin).toBe(false);

    const ended = planUserEdit(admin, formFor(admin, { adminExpiresAt: at(-1).toISOString() }), now);
    expect(ended.patch).toEqual({ adminExpiresAt: at(-1) });
    expect(ended.mustKeepOneAdmin).toBe(true);
    // Ending it exactly now counts as ending it.
    expect(
      planUserEdit(admin, formFor(admin, { adminExpiresAt: now.toISOString() }), now).mustKeepOneAdmin,
    ).toBe(true);

    const cleared = planUserEdit(admin, formFor(admin, { adminExpiresAt: null }), now);
    expect(cleared.patch).toEqual({ adminExpiresAt: null });
    expect(cleared.mustKeepOneAdmin).toBe(false);

    // An admin whose role already lapsed is no active admin: moving the past expiry checks nothing.
    const lapsed = userRow({ role: 'admin', adminExpiresAt: at(-3) });
    const moved = planUserEdit(lapsed, formFor(lapsed, { adminExpiresAt: at(-4).toISOString() }), now);
    expect(moved.patch).toEqual({ adminExpiresAt: at(-4) });
    expect(moved.mustKeepOneAdmin).toBe(false);
  });

  it("a provider's plan: Change Subscription and a plan event; a lapsed trial gets a 30-day paid period", () => {
    const lapsed = provider({
      subscriptionPlan: 'starter',
      selectedTasks: ['cabinets'],
      trialEndDate: at(-2),
    });
    const plan = planUserEdit(lapsed, formFor(lapsed, { subscriptionPlan: 'deluxe' }), now);
    expect(plan.patch).toEqual({ subscriptionPlan: 'deluxe', subscriptionExpiryDate: at(30) });
    expect(plan.audit).toEqual([
      { action: 'Change Subscription', changes: { subscriptionPlan: { from: 'starter', to: 'deluxe' } } },
    ]);
    expect(plan.securityEvents).toEqual([
      {
        event: 'subscription.plan_changed',
        fields: { fromPlan: 'starter', toPlan: 'deluxe', reason: 'admin_edit' },
      },
    ]);
    expect(plan.mustKeepOneAdmin).toBe(false);

    // A trial still running, or a paid period still running, carries the new plan as it is.
    const onTrial = provider();
    expect(planUserEdit(onTrial, formFor(onTrial, { subscriptionPlan: 'enterprise' }), now).patch).toEqual({
      subscriptionPlan: 'enterprise',
    });
    const paid = provider({ trialEndDate: null, subscriptionExpiryDate: at(12) });
    expect(planUserEdit(paid, formFor(paid, { subscriptionPlan: 'enterprise' }), now).patch).toEqual({
      subscriptionPlan: 'enterprise',
    });
    // Free needs no period.
    const lapsedDeluxe = provider({ trialEndDate: at(-2) });
    expect(
      planUserEdit(lapsedDeluxe, formFor(lapsedDeluxe, { subscriptionPlan: 'free' }), now).patch,
    ).toEqual({
      subscriptionPlan: 'free',
    });
  });

  it('the tasks: trimmed to the first one when the plan becomes starter, kept otherwise', () => {
    const p = provider();
    const starter = planUserEdit(p, formFor(p, { subscriptionPlan: 'starter' }), now);
    expect(starter.patch).toEqual({ subscriptionPlan: 'starter', selectedTasks: ['cabinets'] });
    expect(starter.audit).toEqual([
      { action: 'Change Subscription', changes: { subscriptionPlan: { from: 'deluxe', to: 'starter' } } },
    ]);

    expect(planUserEdit(p, formFor(p, { subscriptionPlan: 'enterprise' }), now).patch).toEqual({
      subscriptionPlan: 'enterprise',
    });

    // A starter provider holding more than one task: a role change trims them to what starter allows, an edit
    // of the names alone leaves them as they are.
    const crowded = provider({ subscriptionPlan: 'starter' });
    const asCustomer = formFor(crowded, { role: 'customer', subscriptionPlan: undefined });
    expect(planUserEdit(crowded, asCustomer, now).patch).toEqual({
      role: 'customer',
      selectedTasks: ['cabinets'],
    });
    expect(planUserEdit(crowded, formFor(crowded, { firstName: 'Sam' }), now).patch).toEqual({
      firstName: 'Sam',
    });
  });

  it('several kinds of change at once: one entry each, Edit User, Change Role, Change Subscription in order', () => {
    const customer = userRow();
    const plan = planUserEdit(
      customer,
      formFor(customer, { lastName: 'Leigh', role: 'provider', subscriptionPlan: 'starter' }),
      now,
    );
    expect(plan.audit.map((a) => a.action)).toEqual(['Edit User', 'Change Role', 'Change Subscription']);
    expect(plan.securityEvents.map((e) => e.event)).toEqual([
      'user.role_changed',
      'subscription.plan_changed',
    ]);
    // The customer's trial was never used and has no end: the plan is in force as given.
    expect(plan.patch).toEqual({ lastName: 'Leigh', role: 'provider', subscriptionPlan: 'starter' });
  });

  it('leaves the row and the form it is given as they were', () => {
    const p = provider();
    const before = structuredClone(p);
    const form = formFor(p, { firstName: 'Sam', subscriptionPlan: 'starter' });
    const formBefore = structuredClone(form);
    planUserEdit(p, form, now);
    expect(p).toEqual(before);
    expect(form).toEqual(formBefore);
  });
});
