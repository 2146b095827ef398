// Test data of the admin screens: an admin, rows of the Users tab (one customer among them), and the Edit User
// dialog opened on that customer.
import { screen, within } from '@testing-library/react';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { makeUser, renderApp, type RouteTable } from '#web/test/render.tsx';

export const admin = makeUser({
  id: 'a1',
  role: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@homefix.test',
});

/** A row of the admin Users list: user number `i`, a verified free customer unless `overrides` say otherwise. */
export function adminUser(i: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `u${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `user${i}@example.com`,
    role: 'customer',
    effectiveRole: 'customer',
    subscriptionPlan: 'free',
    emailVerified: true,
    createdAt: '2026-01-05T15:04:00.000Z',
    lastActiveAt: null,
    adminExpiresAt: null,
    deletedAt: null,
    ...overrides,
  };
}

export const customer = adminUser(1, { firstName: 'Casey', lastName: 'Jones', email: 'casey@example.com' });
const list = { body: { users: [customer], total: 1, page: 1, pageSize: 10, pageCount: 1 } };

/** Opens /admin, then Edit User on Casey Jones, and finds the dialog's region with this name. */
export async function openEditUser<T>(regionName: string, routes?: RouteTable<T>) {
  const rendered = renderApp({
    path: '/admin',
    user: admin,
    routes: { 'GET /api/admin/users': list, 'GET /api/admin/users/u1': { body: customer }, ...routes },
  });
  await screen.findByRole('table');
  await rendered.user.click(screen.getByRole('button', { name: 'Edit Casey Jones' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  const region = await within(dialog).findByRole('region', { name: regionName });
  return { ...rendered, region };
}
