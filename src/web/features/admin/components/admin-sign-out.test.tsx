// Edit User: Sign out everywhere (docs/security.md, ASVS 7.4.5).
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteTable } from '#web/test/render.tsx';
import { openEditUser } from '../test-data.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const openEdit = async <T,>(routes: RouteTable<T>) => {
  const { region, ...rendered } = await openEditUser('Sessions', routes);
  return { ...rendered, sessions: region };
};

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
