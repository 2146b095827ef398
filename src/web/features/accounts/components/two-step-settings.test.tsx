// Two-step verification on /settings (decision 0024): set-up with the QR code and key, turned on with a code and
// the password, recovery codes shown once, new codes, turning it off, and the loading error.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTwoStepStatus } from '#web/test/builders.ts';
import { makeUser, renderApp, type RouteTable } from '#web/test/render.tsx';
import { settingsRoutes } from '../test-data.ts';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-2345${i % 8}`.slice(0, 11));
const off = makeTwoStepStatus();
const on = (left = 10) =>
  makeTwoStepStatus({ enabled: true, enabledAt: '2026-03-02T10:00:00.000Z', recoveryCodesLeft: left });

/** The reads of /settings, and `extra`. */
function routes<T>(extra: RouteTable<T>) {
  return { ...settingsRoutes(), ...extra };
}

const section = () => screen.findByRole('region', { name: 'Two-step verification' });

describe('/settings: two-step verification', { timeout: 20_000 }, () => {
  it('sets it up: QR code and key, a code and the password, then the recovery codes once', async () => {
    let enabled = false;
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({
        'GET /api/auth/two-step': () => ({ body: enabled ? on() : off }),
        'POST /api/auth/two-step/setup': {
          body: {
            secret: SECRET,
            otpauthUri: `otpauth://totp/HomeFix:casey?secret=${SECRET}`,
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
            expiresAt: '2026-03-02T10:15:00.000Z',
          },
        },
        'POST /api/auth/two-step/enable': () => {
          enabled = true;
          return { body: { message: 'Two-step verification is on.', recoveryCodes: codes } };
        },
      }),
    });
    const region = await section();
    expect(await within(region).findByText('Off')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Set up two-step verification' }));

    expect(
      await within(region).findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(region).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Key copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Checked before sending.
    await user.click(within(region).getByRole('button', { name: 'Turn on two-step verification' }));
    expect(
      await within(region).findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/two-step/enable')).toBe(false);

    const codeField = within(region).getByLabelText('6-digit code from the app');
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await user.type(codeField, '123456');
    await user.type(within(region).getByLabelText('Your password'), 'Secret123');
    await user.click(within(region).getByRole('button', { name: 'Turn on two-step verification' }));

    const list = await within(region).findByRole('list', { name: /Save your recovery codes/ });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(calls.find((c) => c.path === '/api/auth/two-step/enable')?.body).toEqual({
      code: '123456',
      password: 'Secret123',
    });
    expect(within(region).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'I have saved my codes' }));
    expect(await within(region).findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
    expect(within(region).queryByText(codes[0]!)).not.toBeInTheDocument();
  });

  it('with an email address not verified yet, says to verify it first instead of offering the set-up', async () => {
    const { calls } = renderApp({
      path: '/settings',
      user: makeUser({ emailVerified: false }),
      routes: routes({ 'GET /api/auth/two-step': { body: off } }),
    });
    const region = await section();
    expect(
      await within(region).findByText('Verify your email address before turning on two-step verification.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Send a new verification link' })).toHaveAttribute(
      'href',
      '/email-not-verified',
    );
    expect(
      within(region).queryByRole('button', { name: 'Set up two-step verification' }),
    ).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/two-step/setup')).toBe(false);
  });

  it("shows the server's field message: a wrong code", async () => {
    const wrong =
      'That code is not right. Check that the time on your phone is correct, or wait for the next code.';
    const { user } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({
        'GET /api/auth/two-step': { body: off },
        'POST /api/auth/two-step/setup': {
          body: {
            secret: SECRET,
            otpauthUri: 'otpauth://totp/x',
            qrSvg: '<svg/>',
            expiresAt: '2026-03-02T10:15:00Z',
          },
        },
        'POST /api/auth/two-step/enable': {
          status: 400,
          body: { error: wrong, code: 'VALIDATION', fields: { code: wrong } },
        },
      }),
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Set up two-step verification' }));
    await user.type(await within(region).findByLabelText('6-digit code from the app'), '000000');
    await user.type(within(region).getByLabelText('Your password'), 'Secret123');
    await user.click(within(region).getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(wrong);
    await waitFor(() => expect(within(region).getByLabelText('6-digit code from the app')).toHaveFocus());
  });

  it('a set-up that expired goes back to the start, saying so', async () => {
    const expired = 'Your set-up has expired. Please start again.';
    const { user } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({
        'GET /api/auth/two-step': { body: off },
        'POST /api/auth/two-step/setup': {
          body: {
            secret: SECRET,
            otpauthUri: 'otpauth://totp/x',
            qrSvg: '<svg/>',
            expiresAt: '2026-03-02T10:15:00Z',
          },
        },
        'POST /api/auth/two-step/enable': { status: 409, body: { error: expired, code: 'CONFLICT' } },
      }),
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Set up two-step verification' }));
    await user.type(await within(region).findByLabelText('6-digit code from the app'), '123456');
    await user.type(within(region).getByLabelText('Your password'), 'Secret123');
    await user.click(within(region).getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(
      await within(region).findByRole('button', { name: 'Set up two-step verification' }),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
  });

  it('turns it off with the password and a recovery code; warns when few recovery codes are left', async () => {
    let enabled = true;
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({
        'GET /api/auth/two-step': () => ({ body: enabled ? on(2) : off }),
        'POST /api/auth/two-step/disable': () => {
          enabled = false;
          return { body: { message: 'Two-step verification is off.' } };
        },
      }),
    });
    const region = await section();
    expect(await within(region).findByText(/2 of 10 recovery codes left/)).toBeInTheDocument();
    expect(within(region).getByText(/Only 2 recovery codes left/)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Turn off two-step verification' }));
    await user.type(await within(region).findByLabelText('Your password'), 'Secret123');
    await user.type(
      within(region).getByLabelText('Code from your authenticator app, or a recovery code'),
      'ABCDE-23456',
    );
    await user.click(within(region).getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await within(region).findByText('Off')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/two-step/disable')?.body).toEqual({
      password: 'Secret123',
      recoveryCode: 'abcde23456',
    });
  });

  it('gets new recovery codes with the password and a code from the app', async () => {
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({
        'GET /api/auth/two-step': { body: on() },
        'POST /api/auth/two-step/recovery-codes': { body: { message: 'New codes', recoveryCodes: codes } },
      }),
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Get new recovery codes' }));
    await user.type(await within(region).findByLabelText('Your password'), 'Secret123');
    await user.type(
      within(region).getByLabelText('Code from your authenticator app, or a recovery code'),
      '654321',
    );
    await user.click(within(region).getByRole('button', { name: 'Get new recovery codes' }));
    expect(await within(region).findByText('Your new recovery codes')).toBeInTheDocument();
    expect(within(region).getByText(/Your old codes no longer work/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/two-step/recovery-codes')?.body).toEqual({
      password: 'Secret123',
      code: '654321',
    });
  });

  it('checks the confirm form before sending: the password first, then the shape of the code', async () => {
    const { user, calls } = renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({ 'GET /api/auth/two-step': { body: on() } }),
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Turn off two-step verification' }));
    const password = await within(region).findByLabelText('Your password');
    const code = within(region).getByLabelText('Code from your authenticator app, or a recovery code');
    const submit = within(region).getByRole('button', { name: 'Turn off two-step verification' });

    await user.click(submit);
    expect(within(region).getByText('Please enter your current password')).toBeInTheDocument();
    expect(
      within(region).getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    expect(password).toHaveFocus();

    await user.type(password, 'Secret123');
    await user.type(code, 'abc');
    await user.click(submit);
    expect(within(region).queryByText('Please enter your current password')).not.toBeInTheDocument();
    expect(
      within(region).getByText('A recovery code is 10 letters and digits, like abcde-23456'),
    ).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(calls.some((c) => c.path === '/api/auth/two-step/disable')).toBe(false);
  });

  it('says when the status cannot be loaded, with a way to try again', async () => {
    renderApp({
      path: '/settings',
      user: makeUser(),
      routes: routes({
        'GET /api/auth/two-step': { status: 500, body: { error: 'Boom', code: 'INTERNAL' } },
      }),
    });
    const region = await section();
    expect(await within(region).findByText('Failed to load two-step verification')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
