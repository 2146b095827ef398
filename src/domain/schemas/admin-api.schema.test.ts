// The admin console's API schemas and the clean-up tool's test-data rule.
import { describe, expect, it } from 'vitest';
import { looksLikeTestUser } from './admin.schema.ts';
import {
  adminEditUserSchema,
  adminUsersQuerySchema,
  auditLogQuerySchema,
  bulkDeleteSchema,
} from './admin-api.schema.ts';

describe('looksLikeTestUser', () => {
  it.each([
    ['ann@example.com', true],
    ['ann@EXAMPLE.org', true],
    ['ann@test.com', true],
    ['ann@shop.test', true],
    ['ann@x.invalid', true],
    ['ann@mailinator.com', true],
    ['test@gmail.com', true],
    ['test.ann@gmail.com', true],
    ['qa7@gmail.com', true],
    ['e2e-run@gmail.com', true],
    ['ann+test@gmail.com', true],
    ['ann+demo1@gmail.com', true],
    ['ann@gmail.com', false],
    ['testimony@gmail.com', false],
    ['contest@gmail.com', false],
    ['ann@example.com.br', false],
    ['ann@mytest.com', false],
  ])('%s: %s', (email, expected) => {
    expect(looksLikeTestUser({ email, firstName: 'Ann', lastName: 'Lee' })).toBe(expected);
  });

  it('a test word as first or last name', () => {
    expect(looksLikeTestUser({ email: 'a@gmail.com', firstName: ' Test ', lastName: 'Lee' })).toBe(true);
    expect(looksLikeTestUser({ email: 'a@gmail.com', firstName: 'Ann', lastName: 'Dummy' })).toBe(true);
    expect(looksLikeTestUser({ email: 'a@gmail.com', firstName: 'Testa', lastName: 'Lee' })).toBe(false);
  });
});

describe('admin API schemas', () => {
  it('users query: defaults, time zone, deleted', () => {
    expect(adminUsersQuerySchema.parse({})).toMatchObject({
      timeZone: 'UTC',
      deleted: 'exclude',
      page: 1,
      role: 'all',
    });
    expect(adminUsersQuerySchema.safeParse({ timeZone: 'Europe/Paris' }).success).toBe(true);
    expect(adminUsersQuerySchema.safeParse({ timeZone: 'Nowhere/Else' }).success).toBe(false);
  });

  it('edit user: a plan only for providers, an expiry only for admins (null clears it)', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co' };
    expect(
      adminEditUserSchema.safeParse({ ...base, role: 'provider', subscriptionPlan: 'deluxe' }).success,
    ).toBe(true);
    expect(
      adminEditUserSchema.safeParse({ ...base, role: 'customer', subscriptionPlan: 'deluxe' }).success,
    ).toBe(false);
    expect(adminEditUserSchema.safeParse({ ...base, role: 'admin', adminExpiresAt: null }).success).toBe(
      true,
    );
    expect(
      adminEditUserSchema.safeParse({ ...base, role: 'admin', adminExpiresAt: '2030-01-01T00:00:00Z' })
        .success,
    ).toBe(true);
    expect(adminEditUserSchema.safeParse({ ...base, role: 'admin', adminExpiresAt: 'soon' }).success).toBe(
      false,
    );
    expect(
      adminEditUserSchema.safeParse({ ...base, role: 'customer', adminExpiresAt: '2030-01-01T00:00:00Z' })
        .success,
    ).toBe(false);
    expect(
      adminEditUserSchema.safeParse({ ...base, firstName: 'Visit evil.com', role: 'customer' }).success,
    ).toBe(false);
  });

  it('bulk selection needs a user; the mode defaults to soft; logs filters are optional', () => {
    expect(bulkDeleteSchema.safeParse({ userIds: [] }).error?.issues[0]?.message).toBe('No users selected');
    expect(bulkDeleteSchema.parse({ userIds: ['x'] }).mode).toBe('soft');
    expect(auditLogQuerySchema.parse({ actionType: 'all', adminId: '' })).toEqual({
      page: 1,
      actionType: undefined,
      adminId: undefined,
    });
    expect(auditLogQuerySchema.parse({ actionType: 'Change Subscription' }).actionType).toBe(
      'Change Subscription',
    );
  });
});
