import { describe, expect, it } from 'vitest';
import {
  dashboardPath,
  effectiveRole,
  hasPermission,
  permissions,
  roleAllowed,
  rolePermissions,
  roles,
} from './permissions.ts';

const now = new Date('2025-06-01T00:00:00Z');

describe('permissions', () => {
  it.each([
    [
      'admin',
      [
        'viewAllUsers',
        'editUser',
        'deleteUser',
        'changeRole',
        'viewAuditLog',
        'viewPostedEstimates',
        'messageAnyone',
        'editOwnProfile',
        'createEstimate',
        'viewSavedEstimates',
        'postEstimate',
        'receiveMessages',
      ],
    ],
    [
      'provider',
      [
        'viewPostedEstimates',
        'messageMatchingTasks',
        'editOwnProfile',
        'createBid',
        'viewOwnBids',
        'receiveMessages',
      ],
    ],
    [
      'customer',
      [
        'createEstimate',
        'viewSavedEstimates',
        'postEstimate',
        'receiveMessages',
        'editOwnProfile',
        'viewBids',
        'acceptBid',
      ],
    ],
  ] as const)('%s permissions', (role, list) => {
    expect([...rolePermissions[role]].sort()).toEqual([...list].sort());
  });

  it('every permission belongs to at least one role', () => {
    for (const p of permissions) expect(roles.some((r) => rolePermissions[r].includes(p))).toBe(true);
  });

  it('admin privileges can expire: expired admins act as customers', () => {
    expect(effectiveRole({ role: 'admin', adminExpiresAt: '2025-07-01T00:00:00Z' }, now)).toBe('admin');
    expect(effectiveRole({ role: 'admin', adminExpiresAt: new Date('2025-05-01T00:00:00Z') }, now)).toBe(
      'customer',
    );
    expect(effectiveRole({ role: 'admin', adminExpiresAt: now }, now)).toBe('customer');
    expect(effectiveRole({ role: 'admin', adminExpiresAt: null }, now)).toBe('admin');
    expect(effectiveRole({ role: 'admin', adminExpiresAt: 'garbage' }, now)).toBe('admin');
    expect(effectiveRole({ role: 'provider', adminExpiresAt: '2000-01-01' }, now)).toBe('provider');
  });

  it('hasPermission uses the effective role', () => {
    expect(hasPermission({ role: 'admin' }, 'deleteUser', now)).toBe(true);
    expect(hasPermission({ role: 'admin', adminExpiresAt: '2020-01-01' }, 'deleteUser', now)).toBe(false);
    expect(hasPermission({ role: 'provider' }, 'createBid', now)).toBe(true);
    expect(hasPermission({ role: 'customer' }, 'createBid', now)).toBe(false);
  });

  it('role guard compares case-insensitively', () => {
    expect(roleAllowed('Admin', ['admin'])).toBe(true);
    expect(roleAllowed('customer', ['ADMIN', 'provider'])).toBe(false);
    expect(roleAllowed(null, ['admin'])).toBe(false);
    expect(roleAllowed('', ['admin'])).toBe(false);
  });

  it('/dashboard redirects: none to /login, admin, provider, others to customer', () => {
    expect(dashboardPath(null)).toBe('/login');
    expect(dashboardPath(undefined)).toBe('/login');
    expect(dashboardPath('admin')).toBe('/dashboard/admin');
    expect(dashboardPath('provider')).toBe('/dashboard/provider');
    expect(dashboardPath('customer')).toBe('/dashboard/customer');
  });
});
