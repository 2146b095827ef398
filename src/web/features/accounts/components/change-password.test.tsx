// Changing the password on /settings (docs/security.md).
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp } from '#web/test/render.tsx';
import { settingsRoutes } from '../test-data.ts';

// Each screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

async function section() {
  return screen.findByRole('region', { name: 'Change password' });
}

describe('/settings: change password', { timeout: 20_000 }, () => {
  it('checks the form before sending: the current password, 8 characters, matching confirmation', async () => {
    const { user, calls } = renderApp({ path: '/settings', user: makeUser(), routes: settingsRoutes() });
    const form = await section();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Please enter your current password')).toBeInTheDocument();
    expect(within(form).getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Current password'), 'Old-Password-1');
    await user.type(within(form).getByLabelText('New password'), 'New-Password-22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-Password-23');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/change-password')).toBe(false);
  });

  it('sends the current and the new password, says so and empties the form', async () => {
    const message = 'Your password has been changed. Other devices have been signed out.';
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: { ...settingsRoutes(), 'POST /api/auth/change-password': { body: { message } } },
    });
    const form = await section();
    await user.type(within(form).getByLabelText('Current password'), 'Old-Password-1');
    await user.type(within(form).getByLabelText('New password'), 'New-Password-22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-Password-22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'Old-Password-1',
      newPassword: 'New-Password-22',
    });
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's field message under the field: a wrong current password", async () => {
    const { user } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: {
        ...settingsRoutes(),
        'POST /api/auth/change-password': {
          status: 400,
          body: {
            error: 'Your current password is not correct',
            code: 'VALIDATION',
            fields: { currentPassword: 'Your current password is not correct' },
            requestId: 'r1',
          },
        },
      },
    });
    const form = await section();
    await user.type(within(form).getByLabelText('Current password'), 'Wrong-Password-1');
    await user.type(within(form).getByLabelText('New password'), 'New-Password-22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-Password-22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not correct')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
  });
});
