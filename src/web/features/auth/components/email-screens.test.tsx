import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp } from '#web/test/render.tsx';
import { RESEND_STORAGE_KEY } from '../resend-cooldown.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verify email', { timeout: 20_000 }, () => {
  it('explains a link without a token', async () => {
    renderApp({ path: '/verify-email' });
    expect(await screen.findByText('Invalid verification link. No token provided.')).toBeInTheDocument();
  });

  it('confirms a good token by POST, takes it out of the address bar and asks a signed-out visitor to log in', async () => {
    window.history.replaceState(null, '', '/verify-email?token=abc123');
    const { calls } = renderApp({
      path: '/verify-email?token=abc123',
      routes: { 'POST /api/verify-email': { body: { message: 'Email verified successfully' } } },
    });
    expect(await screen.findByText('Email verified successfully')).toBeInTheDocument();
    const posts = calls.filter((c) => c.path === '/api/verify-email');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'abc123' });
    expect(window.location.search).toBe('');
    expect(screen.getByText('Your email is confirmed. Please log in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('explains a rejected token', async () => {
    renderApp({
      path: '/verify-email?token=old',
      routes: {
        'POST /api/verify-email': { status: 400, body: { error: 'Invalid token', code: 'VALIDATION' } },
      },
    });
    expect(
      await screen.findByText('Verification failed. The link may be expired or invalid.'),
    ).toBeInTheDocument();
  });

  it('a link used before, of an address already verified: says so and offers to log in, not a failure', async () => {
    renderApp({
      path: '/verify-email?token=used',
      routes: {
        'POST /api/verify-email': {
          status: 400,
          body: { error: 'Your email is already verified', code: 'ALREADY_VERIFIED' },
        },
      },
    });
    expect(await screen.findByText('Your email is already verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/Verification failed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it('a link used before, opened while signed in: says so and goes on to the dashboard', async () => {
    renderApp({
      path: '/verify-email?token=used',
      user: makeUser(),
      routes: {
        'POST /api/verify-email': {
          status: 400,
          body: { error: 'Your email is already verified', code: 'ALREADY_VERIFIED' },
        },
      },
    });
    expect(await screen.findByText('Your email is already verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });
});

describe('email not verified', { timeout: 20_000 }, () => {
  it('shows the address and holds the resend button for 5 minutes after sending', async () => {
    const { user, calls } = renderApp({
      path: '/email-not-verified',
      user: makeUser({ emailVerified: false }),
      routes: { 'POST /api/resend-verification': { body: { message: 'Verification email sent' } } },
    });
    expect(await screen.findByText('casey@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    const waiting = await screen.findByRole('button', {
      name: /Resend available in 5:00|Resend available in 4:5\d/,
    });
    expect(waiting).toBeDisabled();
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/resend-verification')?.body).toEqual({
      email: 'casey@example.com',
    });
    expect(sessionStorage.getItem(RESEND_STORAGE_KEY)).not.toBeNull();
  });

  it('keeps the countdown after a reload in the same session', async () => {
    sessionStorage.setItem(RESEND_STORAGE_KEY, String(Date.now() - 60_000));
    renderApp({ path: '/email-not-verified', user: makeUser({ emailVerified: false }) });
    expect(
      await screen.findByRole('button', { name: /Resend available in 4:0\d|Resend available in 3:5\d/ }),
    ).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    const { user } = renderApp({
      path: '/email-not-verified',
      user: makeUser({ emailVerified: false }),
      routes: {
        'POST /api/resend-verification': {
          status: 429,
          body: { error: 'Please wait a few minutes before asking again.', code: 'RATE_LIMITED' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to Send Email.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText('Please wait a few minutes before asking again.').length).toBeGreaterThan(0),
    );
  });
});

describe('reset password', { timeout: 20_000 }, () => {
  it('explains a link without a token', async () => {
    renderApp({ path: '/reset-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link.' })).toBeInTheDocument();
  });

  it('applies the new-password rules, then confirms and links to log in', async () => {
    const { user, calls } = renderApp({
      path: '/reset-password?token=t1',
      routes: { 'POST /api/auth/reset-password': { body: { message: 'Password updated' } } },
    });
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'alllowercase1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, lowercase letter, number',
      ),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'GoodPass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'GoodPass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      token: 't1',
      password: 'GoodPass1',
    });
  });
});

describe('forgot password', { timeout: 20_000 }, () => {
  it('sends the email and shows the confirmation', async () => {
    const { user } = renderApp({
      path: '/forgot-password',
      routes: { 'POST /api/auth/request-password-reset': { body: { message: 'If the account exists…' } } },
    });
    await user.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
  });
});
