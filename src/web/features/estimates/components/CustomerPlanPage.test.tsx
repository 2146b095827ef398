import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#domain/schemas/account.schema';
import { makeProfile, makeSubscriptionChange } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const profile = (overrides: Partial<Profile> = {}) =>
  makeProfile({ id: 'c1', city: null, state: null, ...overrides });

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('customer plan page', { timeout: 20_000 }, () => {
  it('free: Current Plan disabled, Premium starts the trial after Update Subscription', async () => {
    const { user, calls } = renderApp({
      path: '/customer/subscription',
      user: makeUser({ id: 'c1' }),
      routes: {
        'GET /api/profile': { body: profile() },
        'POST /api/subscription/change': {
          body: makeSubscriptionChange({
            message: 'Your 7-day Premium trial has started',
            trialStarted: true,
            trialEndDate: future(7),
            hasUsedTrial: true,
          }),
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    const update = screen.getByRole('button', { name: 'Update Subscription' });
    expect(update).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Choose Premium (7-day free trial)' }));
    expect(calls.some((c) => c.path === '/api/subscription/change')).toBe(false);
    await user.click(update);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/subscription/change')?.body).toEqual({ plan: 'premium' }),
    );
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
  });

  it('premium on trial shows the trial end date; paid premium shows Renews on', async () => {
    const trial = renderApp({
      path: '/customer/subscription',
      user: makeUser({ id: 'c1', subscriptionPlan: 'premium' }),
      routes: {
        'GET /api/profile': {
          body: profile({ subscriptionPlan: 'premium', hasUsedTrial: true, trialEndDate: future(5) }),
        },
      },
    });
    expect(await screen.findByText(/^Free trial ends on/)).toBeInTheDocument();
    trial.unmount();

    renderApp({
      path: '/customer/subscription',
      user: makeUser({ id: 'c1', subscriptionPlan: 'premium' }),
      routes: {
        'GET /api/profile': {
          body: profile({
            subscriptionPlan: 'premium',
            hasUsedTrial: true,
            trialEndDate: future(-20),
            subscriptionExpiryDate: future(10),
          }),
        },
      },
    });
    expect(await screen.findByText(/^Renews on/)).toBeInTheDocument();
  });

  it('after the trial, Premium asks for a confirmation that says no card is charged', async () => {
    const { user, calls } = renderApp({
      path: '/customer/subscription',
      user: makeUser({ id: 'c1' }),
      routes: {
        'GET /api/profile': { body: profile({ hasUsedTrial: true, trialEndDate: future(-3) }) },
        'POST /api/subscription/change': {
          status: 400,
          body: { error: 'The payment did not go through. Your plan has not changed.', code: 'BAD_REQUEST' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    await user.click(screen.getByRole('button', { name: 'Update Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Premium' });
    expect(dialog).toHaveAccessibleDescription(
      'Premium is $19/month. No card is charged today. HomeFix does not take card payments yet, so your plan changes as soon as you confirm.',
    );
    expect(within(dialog).queryByText(/simulat/i)).toBeNull();
    expect(calls.some((c) => c.path === '/api/subscription/change')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Premium' }));
    expect(await screen.findByText('Failed to update subscription')).toBeInTheDocument();
    expect(
      screen.getByText('The payment did not go through. Your plan has not changed.'),
    ).toBeInTheDocument();
  });
});
