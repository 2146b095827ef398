// The second step of signing in with two-step verification on (decision 0024): the code from the app or a
// recovery code, the server's answers announced, and back to the password when the challenge has expired.
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TwoStepRequired } from '#domain/schemas/two-step.schema';
import { currentPath, defineRoutes, makeUser, renderApp, type Handler } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const challenge: TwoStepRequired = {
  twoStepRequired: true,
  challenge: 'challenge-token',
  expiresAt: '2026-01-01T00:05:00.000Z',
};
const loginRoutes = (secondStep: Handler<'POST /api/auth/login/two-step'>) =>
  defineRoutes({
    'POST /api/auth/login': { status: 202, body: challenge },
    'POST /api/auth/login/two-step': secondStep,
  });

async function passwordStep(user: ReturnType<typeof renderApp>['user'], rememberMe = false) {
  await user.type(await screen.findByLabelText('Email'), 'casey@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  if (rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return screen.findByLabelText('Authentication code');
}

describe('signing in with two-step verification', { timeout: 20_000 }, () => {
  it('asks for the code after the password, with the field ready for a one-time code, and signs in with it', async () => {
    const { user, location, calls } = renderApp({
      path: '/login',
      routes: loginRoutes({ body: makeUser() }),
    });
    const field = await passwordStep(user, true);
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(field).toHaveFocus());
    // No "Login successful" yet: the password alone did not sign in.
    expect(screen.queryByText('Login successful')).not.toBeInTheDocument();

    await user.type(field, '123 456');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/dashboard/customer'));
    expect(calls.find((c) => c.path === '/api/auth/login/two-step')?.body).toEqual({
      challenge: 'challenge-token',
      code: '123456',
    });
  });

  it('checks the code before sending it', async () => {
    const { user, calls } = renderApp({ path: '/login', routes: loginRoutes({ body: makeUser() }) });
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is 6 digits');
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/auth/login/two-step')).toBe(false);
  });

  it('announces a wrong code under the field and keeps the step open', async () => {
    const message =
      'That code is not right. Check that the time on your phone is correct, or wait for the next code.';
    const { user, location } = renderApp({
      path: '/login',
      routes: loginRoutes({
        status: 401,
        body: { error: message, code: 'UNAUTHENTICATED', fields: { code: message } },
      }),
    });
    const field = await passwordStep(user);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Authentication code')).toHaveFocus());
    expect(currentPath(location)).toBe('/login');
  });

  it('switches to a recovery code and back, keyboard only', async () => {
    const { user, calls } = renderApp({ path: '/login', routes: loginRoutes({ body: makeUser() }) });
    await passwordStep(user);
    await user.tab(); // Verify
    await user.tab(); // Use a recovery code instead
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const field = await screen.findByLabelText('Recovery code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(
      screen.getByText('Enter one of the recovery codes you saved when you turned on two-step verification.'),
    ).toBeInTheDocument();
    await user.type(field, 'ABCDE-23456{Enter}');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/login/two-step')?.body).toEqual({
      challenge: 'challenge-token',
      recoveryCode: 'abcde23456',
    });
  });

  it('goes back to the password when the sign-in has expired', async () => {
    const expired = 'Your sign-in has expired. Please sign in again.';
    const { user } = renderApp({
      path: '/login',
      routes: loginRoutes({
        status: 401,
        body: { error: expired, code: 'UNAUTHENTICATED', fields: { challenge: expired } },
      }),
    });
    const field = await passwordStep(user);
    await user.type(field, '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.com');
  });

  it('shows a lockout (429) as it is', async () => {
    const wait = 'Too many failed attempts for this account. Please try again in 8 seconds.';
    const { user } = renderApp({
      path: '/login',
      routes: loginRoutes({ status: 429, body: { error: wait, code: 'RATE_LIMITED' } }),
    });
    const field = await passwordStep(user);
    await user.type(field, '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
  });
});
