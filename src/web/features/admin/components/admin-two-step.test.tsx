// Edit User: turning off a user's two-step verification when they lost their phone (decision 0024).
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteTable } from '#web/test/render.tsx';
import { customer, openEditUser } from '../test-data.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const openEdit = async <T,>(routes: RouteTable<T>) => {
  const { region, ...rendered } = await openEditUser('Two-step verification', routes);
  return { ...rendered, row: region };
};

const path = '/api/admin/users/u1/two-step/reset';

describe('Edit User: turn off two-step verification', { timeout: 20_000 }, () => {
  it('asks once more, then turns it off and says so', async () => {
    const message =
      'Two-step verification is off for this user, and they have been signed out on every device.';
    const { user, calls, row } = await openEdit({ [`POST ${path}`]: { body: { message } } });
    expect(row).toHaveTextContent('Lost their phone? Turn off two-step verification for Casey Jones.');
    await user.click(within(row).getByRole('button', { name: 'Turn off two-step' }));
    expect(row).toHaveTextContent('sign them out on every device?');
    expect(calls.some((c) => c.path === path)).toBe(false);
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await user.click(within(row).getByRole('button', { name: 'Turn off two-step' }));
    await user.click(within(row).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === path)).toHaveLength(1);
  });

  it("says when it was not on, with the server's reason", async () => {
    const { user, row } = await openEdit({
      [`POST ${path}`]: {
        status: 409,
        body: { error: 'Two-step verification is not on for this user', code: 'CONFLICT' },
      },
    });
    await user.click(within(row).getByRole('button', { name: 'Turn off two-step' }));
    await user.click(within(row).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Failed to turn off two-step verification')).toBeInTheDocument();
    expect(screen.getByText('Two-step verification is not on for this user')).toBeInTheDocument();
  });

  it('says whether two-step is on, and offers nothing to turn off when it is off', async () => {
    const on = await openEdit({ 'GET /api/admin/users/u1': { body: { ...customer, twoStepEnabled: true } } });
    await waitFor(() => expect(on.row).toHaveTextContent('Two-step verification is on.'));
    expect(within(on.row).getByRole('button', { name: 'Turn off two-step' })).toBeInTheDocument();
  });

  it('shows no button when two-step is off', async () => {
    const { row } = await openEdit({
      'GET /api/admin/users/u1': { body: { ...customer, twoStepEnabled: false } },
    });
    await waitFor(() => expect(row).toHaveTextContent('Two-step verification is off for Casey Jones.'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
