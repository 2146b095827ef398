// Edit User: Sign out everywhere (docs/security.md, ASVS 7.4.5).
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#domain/schemas/admin-api.schema';
import { makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = makeUser({
  id: 'a1',
  role: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@homefix.test',
});
const customer: AdminUser = {
  id: 'u1',
  firstName: 'Casey',
  lastName: 'Jones',
  email: 'casey@example.com',
  role: 'customer',
  effectiveRole: 'customer',
  subscriptionPlan: 'free',
  emailVerified: true,
  createdAt: '2026-01-05T15:04:00.000Z',
  lastActiveAt: null,
  adminExpiresAt: null,
  deletedAt: null,
};
const list = { body: { users: [customer], total: 1, page: 1, pageSize: 10, pageCount: 1 } };

async function openEdit(signOutReply: Parameters<typeof renderApp>[0]['routes']) {
  const rendered = renderApp({
    path: '/admin',
    user: admin,
    routes: { 'GET /api/admin/users': list, 'GET /api/admin/users/u1': { body: customer }, ...signOutReply },
  });
  await screen.findByRole('table');
  await rendered.user.click(screen.getByRole('button', { name: 'Edit Casey Jones' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  const sessions = await within(dialog).findByRole('region', { name: 'Sessions' });
  return { ...rendered, sessions };
}

describe('Edit User: Sign out everywhere', { timeout: 20_000 }, () => {
  it('signs the user out on every device and says so', async () => {
    const { user, calls, sessions } = await openEdit({
      'POST /api/admin/users/u1/sign-out': {
        body: { message: 'The user has been signed out on every device.' },
      },
    });
    expect(sessions).toHaveTextContent('Sign Casey Jones out on every device.');
    await user.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The user has been signed out on every device.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/users/u1/sign-out'),
    ).toHaveLength(1);
  });

  it("says when it failed, with the server's reason", async () => {
    const { user, sessions } = await openEdit({
      'POST /api/admin/users/u1/sign-out': {
        status: 404,
        body: { error: 'User not found', code: 'NOT_FOUND', requestId: 'r1' },
      },
    });
    await user.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Failed to sign out user')).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
  });
});
