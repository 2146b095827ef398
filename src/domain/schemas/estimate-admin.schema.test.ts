import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  automotiveEstimateSchema,
  estimateInputSchema,
  estimateStatusSchema,
  gradeStepSchema,
  isKnownRegion,
  makeEstimateInputSchema,
  measurementErrors,
  measurementValueSchema,
  quantitySchema,
  regionStepSchema,
  savedEstimatePayloadSchema,
  subtaskStepSchema,
  WIZARD_MESSAGES,
} from './estimate.schema.ts';
import {
  adminUserFiltersSchema,
  changeRoleSchema,
  cleanupSelectionSchema,
  deletionPreviewQuerySchema,
  editUserSchema,
  filterAdminUsers,
  matchesUserFilters,
  NO_USERS_SELECTED,
  type FilterableUser,
} from './admin.schema.ts';
import { findSubtask, homeRepairCategories } from '../catalog/home-repair.ts';
import { buildSavedEstimatePayload } from '../pricing.ts';

function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('wizard steps', () => {
  it.each(['12', '12.5', '0.75', '.5', '5.', 3, 2.25])(
    'measurement %j accepted (digits with optional decimal point)',
    (v) => {
      expect(measurementValueSchema.safeParse(v).success).toBe(true);
    },
  );
  it.each([
    ['', WIZARD_MESSAGES.required],
    ['  ', WIZARD_MESSAGES.required],
    ['12ft', WIZARD_MESSAGES.digits],
    ['-3', WIZARD_MESSAGES.digits],
    ['1e3', WIZARD_MESSAGES.digits],
    ['1,000', WIZARD_MESSAGES.digits],
    ['0', WIZARD_MESSAGES.positive],
    ['2000000', WIZARD_MESSAGES.tooLarge],
  ])('measurement %j refused: %s', (v, message) => {
    expect(messages(measurementValueSchema, v)).toEqual([message]);
  });
  it.each([
    ['1', null],
    [3, null],
    ['0', WIZARD_MESSAGES.quantity],
    ['', WIZARD_MESSAGES.required],
    ['1.5', WIZARD_MESSAGES.wholeQuantity],
    ['x', WIZARD_MESSAGES.digits],
    ['20000', WIZARD_MESSAGES.tooLarge],
  ])('quantity %j (number, minimum 1) -> %s', (v, message) => {
    expect(messages(quantitySchema, v)).toEqual(message ? [message] : []);
  });
  it('subtask step: at least one; flooring types exclusive', () => {
    expect(messages(subtaskStepSchema, { subtasks: [] })).toEqual([WIZARD_MESSAGES.subtasks]);
    expect(messages(subtaskStepSchema, { subtasks: ['flooring-tile', 'flooring-carpet'] })).toEqual([
      WIZARD_MESSAGES.flooring,
    ]);
    expect(subtaskStepSchema.safeParse({ subtasks: ['flooring-tile', 'flooring-removal'] }).success).toBe(
      true,
    );
  });
  it('grade step and region step (region required)', () => {
    expect(messages(gradeStepSchema, { gradeLevel: 'Deluxe' })).toEqual([WIZARD_MESSAGES.grade]);
    expect(gradeStepSchema.safeParse({ gradeLevel: 'Premium' }).success).toBe(true);
    expect(messages(regionStepSchema, { region: '' })).toEqual([WIZARD_MESSAGES.region]);
    expect(messages(regionStepSchema, {})).toEqual([WIZARD_MESSAGES.region]);
    expect(regionStepSchema.safeParse({ region: 191001 }).success).toBe(true);
  });
  it('measurementErrors per type', () => {
    const area = findSubtask('kitchen-countertops')!;
    expect(measurementErrors(area, { length: '10', width: '' })).toEqual({ width: WIZARD_MESSAGES.required });
    expect(measurementErrors(area, undefined)).toEqual({
      length: WIZARD_MESSAGES.required,
      width: WIZARD_MESSAGES.required,
    });
    expect(measurementErrors(findSubtask('bathroom-toilet')!, { quantity: '0' })).toEqual({
      quantity: WIZARD_MESSAGES.quantity,
    });
    expect(measurementErrors(findSubtask('landscaping-yard-cleanup')!, undefined)).toEqual({});
  });
  it('isKnownRegion by label or id', () => {
    expect(isKnownRegion('Dallas, TX')).toBe(true);
    expect(isKnownRegion(191001)).toBe(true);
    expect(isKnownRegion('191001')).toBe(true);
    expect(isKnownRegion('Atlantis, ZZ')).toBe(false);
  });
});

describe('estimate input the server accepts', () => {
  const valid = {
    category: 'kitchen',
    task: 'Kitchen Remodel',
    subtasks: ['kitchen-countertops', 'kitchen-sink-faucet'],
    measurements: {
      'kitchen-countertops': { length: '10', width: '2.5' },
      'kitchen-sink-faucet': { quantity: 1 },
    },
    gradeLevel: 'Standard',
    region: 'Dallas, TX',
  };
  const issues = (v: unknown) => {
    const r = estimateInputSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a valid input; measurements may be a JSON string', () => {
    expect(issues(valid)).toEqual([]);
    const parsed = estimateInputSchema.parse({ ...valid, measurements: JSON.stringify(valid.measurements) });
    expect(parsed.measurements).toEqual(valid.measurements);
  });

  it.each([
    [{ category: 'painting' }, 'category: Unknown category'],
    [{ task: 'Cabinetz' }, 'task: Unknown task for this category'],
    [{ task: 'Cabinets', subtasks: ['kitchen-countertops'] }, 'subtasks.0: Unknown subtask for this task'],
    [{ subtasks: ['hvac-ducts'] }, 'subtasks.0: Unknown subtask for this task'],
    [{ subtasks: ['kitchen-countertops', 'kitchen-countertops'] }, 'subtasks: A subtask is listed twice'],
    [
      { measurements: { 'kitchen-countertops': { length: '10' }, 'kitchen-sink-faucet': { quantity: 1 } } },
      'measurements.kitchen-countertops.width: This measurement is required',
    ],
    [
      {
        measurements: {
          'kitchen-countertops': { length: '10', width: 'abc' },
          'kitchen-sink-faucet': { quantity: 0 },
        },
      },
      'measurements.kitchen-sink-faucet.quantity: Quantity must be at least 1',
    ],
    [{ region: 'Atlantis, ZZ' }, 'region: Unknown region'],
    [{ gradeLevel: 'Gold' }, `gradeLevel: ${WIZARD_MESSAGES.grade}`],
    [{ subtasks: [] }, `subtasks: ${WIZARD_MESSAGES.subtasks}`],
  ])('%j -> %s', (patch, issue) => {
    expect(issues({ ...valid, ...patch })).toContain(issue);
  });

  it('flooring types are mutually exclusive', () => {
    const v = {
      category: 'flooring',
      task: 'flooring',
      subtasks: ['flooring-tile', 'flooring-hardwood'],
      measurements: {
        'flooring-tile': { squareFootage: '100' },
        'flooring-hardwood': { squareFootage: '100' },
      },
      gradeLevel: 'Economy',
      region: 191001,
    };
    expect(issues(v)).toEqual([`subtasks: ${WIZARD_MESSAGES.flooring}`]);
  });

  it('inactive subtasks are refused', () => {
    const cat = homeRepairCategories[0]!;
    const custom = [
      {
        ...cat,
        subtasks: cat.subtasks.map((s) => (s.id === 'kitchen-countertops' ? { ...s, active: false } : s)),
      },
    ];
    expect(makeEstimateInputSchema(custom).safeParse(valid).success).toBe(false);
  });

  it('the saved payload built by the client passes the server schema', () => {
    const payload = buildSavedEstimatePayload(estimateInputSchema.parse(valid));
    expect(savedEstimatePayloadSchema.safeParse(payload).success).toBe(true);
    expect(savedEstimatePayloadSchema.safeParse({ ...payload, status: 'posted' }).success).toBe(false);
    expect(savedEstimatePayloadSchema.safeParse({ ...payload, category: 'nope' }).success).toBe(false);
  });

  it('status update body', () => {
    expect(estimateStatusSchema.safeParse({ status: 'posted' }).success).toBe(true);
    expect(estimateStatusSchema.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('automotive body {grade, items of {subtaskId, quantity}}', () => {
    expect(
      automotiveEstimateSchema.parse({ grade: 'Medium', items: [{ subtaskId: 'tire-rotation' }] }),
    ).toEqual({
      grade: 'Medium',
      items: [{ subtaskId: 'tire-rotation', quantity: 1 }],
    });
    expect(messages(automotiveEstimateSchema, { grade: 'Medium', items: [] })).toEqual([
      WIZARD_MESSAGES.subtasks,
    ]);
    expect(
      messages(automotiveEstimateSchema, { grade: 'Medium', items: [{ subtaskId: 'nope', quantity: 0 }] }),
    ).toEqual(['Unknown automotive subtask', WIZARD_MESSAGES.quantity]);
    expect(
      messages(automotiveEstimateSchema, {
        grade: 'Medium',
        items: [{ subtaskId: 'brake-pads', quantity: 1.5 }],
      }),
    ).toEqual([WIZARD_MESSAGES.wholeQuantity]);
  });
});

describe('admin forms', () => {
  const user = { firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'customer' };
  it('Edit User: names and email required; subscription only for providers', () => {
    expect(editUserSchema.safeParse(user).success).toBe(true);
    expect(editUserSchema.safeParse({ ...user, role: 'provider', subscriptionPlan: 'deluxe' }).success).toBe(
      true,
    );
    expect(messages(editUserSchema, { ...user, subscriptionPlan: 'deluxe' })).toEqual([
      'Only providers have a subscription plan',
    ]);
    expect(messages(editUserSchema, { firstName: '', lastName: '', email: 'x', role: 'admin' })).toEqual([
      'First name is required',
      'Last name is required',
      'Invalid email address',
    ]);
  });
  it('change role, cleanup selection ("No users selected"), preview ids', () => {
    expect(changeRoleSchema.safeParse({ role: 'admin' }).success).toBe(true);
    expect(messages(cleanupSelectionSchema, { userIds: [] })).toEqual([NO_USERS_SELECTED]);
    expect(cleanupSelectionSchema.parse({ userIds: ['a'] })).toEqual({ userIds: ['a'], mode: 'soft' });
    expect(cleanupSelectionSchema.safeParse({ userIds: ['a'], mode: 'purge' }).success).toBe(false);
    expect(deletionPreviewQuerySchema.parse({ ids: 'a, b,,c' })).toEqual({ ids: ['a', 'b', 'c'] });
    expect(messages(deletionPreviewQuerySchema, { ids: ' , ' })).toEqual([NO_USERS_SELECTED]);
  });
  it('filters: defaults and empty dates', () => {
    expect(adminUserFiltersSchema.parse({ createdAfter: '', page: '2' })).toEqual({
      search: '',
      role: 'all',
      subscription: 'all',
      createdAfter: undefined,
      page: 2,
    });
    expect(adminUserFiltersSchema.safeParse({ lastActiveBefore: '2025-13-01' }).success).toBe(false);
  });
});

describe('admin users filter predicate', () => {
  const users: FilterableUser[] = [
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.co',
      role: 'customer',
      createdAt: '2025-01-10T23:30:00Z',
      lastActiveAt: null,
    },
    {
      firstName: 'Bob',
      lastName: 'Ray',
      email: 'bob@y.co',
      role: 'provider',
      subscriptionPlan: 'deluxe',
      createdAt: '2025-01-11T00:30:00Z',
      lastActiveAt: '2025-02-01T12:00:00Z',
    },
    {
      firstName: null,
      lastName: null,
      email: 'cy@z.co',
      role: 'admin',
      subscriptionPlan: 'deluxe',
      createdAt: '2025-01-05T00:00:00Z',
    },
    { email: 'dee@z.co', role: 'provider', createdAt: 'bad date', lastActiveAt: '2025-01-31T23:59:59Z' },
  ];
  const emails = (f: Parameters<typeof matchesUserFilters>[1], tz?: string) =>
    users.filter((u) => matchesUserFilters(u, f, tz)).map((u) => u.email);

  it('search by name or email, case-insensitive', () => {
    expect(emails({ search: 'ann LEE' })).toEqual(['ann@x.co']);
    expect(emails({ search: 'Z.CO' })).toEqual(['cy@z.co', 'dee@z.co']);
  });
  it('role filter and subscription filter (providers only; missing plan is free)', () => {
    expect(emails({ role: 'provider' })).toEqual(['bob@y.co', 'dee@z.co']);
    expect(emails({ role: 'all', subscription: 'deluxe' })).toEqual(['bob@y.co']);
    expect(emails({ subscription: 'free' })).toEqual(['dee@z.co']);
  });
  it('created-before is inclusive to the end of that day (in the given zone)', () => {
    // dee has an unreadable createdAt: like a missing lastActiveAt, it passes "before" and fails "after".
    expect(emails({ createdBefore: '2025-01-10' })).toEqual(['ann@x.co', 'cy@z.co', 'dee@z.co']);
    expect(emails({ createdBefore: '2025-01-10' }, 'America/New_York')).toEqual([
      'ann@x.co',
      'bob@y.co',
      'cy@z.co',
      'dee@z.co',
    ]);
    expect(emails({ createdAfter: '2025-01-11' })).toEqual(['bob@y.co']);
  });
  it('users with no lastActiveAt fail a last-active-after filter; last-active-before is inclusive', () => {
    expect(emails({ lastActiveAfter: '2025-01-01' })).toEqual(['bob@y.co', 'dee@z.co']);
    expect(emails({ lastActiveBefore: '2025-01-31' })).toEqual(['ann@x.co', 'cy@z.co', 'dee@z.co']);
  });
  it('page size 10, newest created first', () => {
    const many: FilterableUser[] = Array.from({ length: 23 }, (_, i) => ({
      email: `u${i}@x.co`,
      role: 'customer',
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    }));
    const p1 = filterAdminUsers(many, {});
    expect(p1).toMatchObject({ total: 23, page: 1, pageCount: 3 });
    expect(p1.items[0]!.email).toBe('u22@x.co');
    expect(filterAdminUsers(many, { page: 3 }).items).toHaveLength(3);
    expect(filterAdminUsers(many, { page: 99 }).page).toBe(3);
    expect(filterAdminUsers([], { page: 0 })).toMatchObject({ total: 0, page: 1, pageCount: 1 });
    expect(filterAdminUsers(users, {}).items.at(-1)!.email).toBe('dee@z.co');
  });
});
