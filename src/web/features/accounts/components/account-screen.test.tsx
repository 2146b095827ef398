import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionPlan } from '#domain/schemas/user.schema';
import { INTERNAL_ERROR, makeProfile, makeSubscriptionChange } from '#web/test/builders.ts';
import { currentPath, makeUser, renderApp } from '#web/test/render.tsx';

// Each screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/account subscription', { timeout: 20_000 }, () => {
  it('marks the current plan and changes it only after "Update Subscription"', async () => {
    let plan: SubscriptionPlan = 'free';
    const { user, calls } = renderApp({
      path: '/account',
      user: makeUser(),
      routes: {
        'GET /api/profile': () => ({ body: makeProfile({ subscriptionPlan: plan }) }),
        'POST /api/subscription/change': ({ body }) => {
          plan = (body as { plan: SubscriptionPlan }).plan;
          return { body: makeSubscriptionChange({ subscriptionPlan: plan }) };
        },
      },
    });
    const current = await screen.findByRole('button', { name: 'Current Plan' });
    expect(current).toBeDisabled();
    const update = screen.getByRole('button', { name: 'Update Subscription' });
    expect(update).toBeDisabled();
    const premium = screen.getByRole('listitem', { name: 'Premium' });
    expect(within(premium).getByText('Starts with a 7-day free trial')).toBeInTheDocument();
    await user.click(within(premium).getByRole('button', { name: 'Choose Premium' }));
    // Choosing it says what it costs today: nothing, and what happens when the trial ends.
    expect(
      screen.getByText(
        'Switch to Premium ($19/month). Premium starts with a 7-day free trial. No card is charged today: when the trial ends you are back on the Free plan until you choose a plan again.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/subscription/change')).toBe(false);
    await user.click(update);
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    expect(screen.getByText('Subscription updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/subscription/change')?.body).toEqual({ plan: 'premium' });
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'Premium' })).getByRole('button')).toHaveTextContent(
        'Current Plan',
      ),
    );
  });

  it('shows the trial end date while there is no expiry date, and "Renews on" once there is', async () => {
    renderApp({
      path: '/account',
      user: makeUser({ subscriptionPlan: 'premium' }),
      routes: {
        'GET /api/profile': {
          body: makeProfile({ subscriptionPlan: 'premium', trialEndDate: '2026-03-10T12:00:00.000Z' }),
        },
      },
    });
    expect(await screen.findByText('Free trial ends on Mar 10, 2026')).toBeInTheDocument();
  });

  it('says "Renews on" once an expiry date exists', async () => {
    renderApp({
      path: '/account',
      user: makeUser({ subscriptionPlan: 'premium' }),
      routes: {
        'GET /api/profile': {
          body: makeProfile({
            subscriptionPlan: 'premium',
            trialEndDate: '2026-03-10T12:00:00.000Z',
            subscriptionExpiryDate: '2026-04-10T12:00:00.000Z',
          }),
        },
      },
    });
    expect(await screen.findByText('Renews on Apr 10, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Free trial ends/)).not.toBeInTheDocument();
  });

  it('offers a provider only higher plans, and Enterprise through sales', async () => {
    renderApp({
      path: '/account',
      user: makeUser({ role: 'provider', subscriptionPlan: 'starter' }),
      routes: {
        'GET /api/profile': {
          body: makeProfile({ role: 'provider', subscriptionPlan: 'starter', hasUsedTrial: true }),
        },
      },
    });
    const starter = await screen.findByRole('listitem', { name: 'Starter' });
    expect(within(starter).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(screen.getByRole('listitem', { name: 'Free' })).getByRole('button')).toBeDisabled();
    expect(within(screen.getByRole('listitem', { name: 'Deluxe' })).getByRole('button')).toBeEnabled();
    expect(
      within(screen.getByRole('listitem', { name: 'Enterprise' })).getByRole('button', {
        name: 'Contact sales',
      }),
    ).toBeDisabled();
  });

  it('says "Failed to change subscription" with the server\'s reason', async () => {
    const { user } = renderApp({
      path: '/account',
      user: makeUser(),
      routes: {
        'GET /api/profile': { body: makeProfile() },
        'POST /api/subscription/change': {
          status: 400,
          body: { error: 'Payments are not available yet.', code: 'VALIDATION' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    await user.click(screen.getByRole('button', { name: 'Update Subscription' }));
    expect(await screen.findByText('Failed to change subscription')).toBeInTheDocument();
    expect(screen.getByText('Payments are not available yet.')).toBeInTheDocument();
  });

  it('says "Failed to fetch user" when the subscription cannot be read', async () => {
    renderApp({
      path: '/account',
      user: makeUser(),
      routes: { 'GET /api/profile': { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByText('Failed to fetch user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel account' })).toBeInTheDocument();
  });
});

describe('/account cancel', { timeout: 20_000 }, () => {
  it('asks for confirmation; keeping the account sends nothing', async () => {
    const { user, calls } = renderApp({
      path: '/account',
      user: makeUser(),
      routes: { 'GET /api/profile': { body: makeProfile() } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/api/account/cancel')).toBe(false);
  });

  it('cancels after confirming, says "Account Canceled" and goes to /login', async () => {
    const { user, calls, location } = renderApp({
      path: '/account',
      user: makeUser(),
      routes: {
        'GET /api/profile': { body: makeProfile() },
        'POST /api/account/cancel': { body: { message: 'Your account has been canceled.' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my account' }));
    expect(await screen.findByText('Account Canceled')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/login'));
    expect(calls.filter((c) => c.path === '/api/account/cancel')).toHaveLength(1);
  });

  it('says "Failed to cancel account" and keeps the dialog open', async () => {
    const { user } = renderApp({
      path: '/account',
      user: makeUser(),
      routes: {
        'GET /api/profile': { body: makeProfile() },
        'POST /api/account/cancel': { status: 500, body: INTERNAL_ERROR },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my account' }));
    expect(await within(dialog).findByText('Failed to cancel account')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
