import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSubscriptionChange } from '#web/test/builders.ts';
import { defineRoutes, makeTrialStatus, makeUser, renderApp, type Handler } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', subscriptionPlan: 'free' });
const routes = (upgrade: Handler<'POST /api/provider/upgrade-subscription'>) =>
  defineRoutes({
    'GET /api/trial/status': { body: makeTrialStatus() },
    'GET /api/provider/categories': {
      body: { plan: 'free', selectedCategory: 'home-repair', selectedTasks: [], categories: [] },
    },
    'GET /api/bids/provider': { body: { items: [], total: 0 } },
    'GET /api/recommendations': { body: { items: [] } },
    'GET /api/messages': { body: [] },
    'POST /api/provider/upgrade-subscription': upgrade,
  });

describe('Upgrade Membership', { timeout: 20_000 }, () => {
  it('a starter choice keeps one task, switching to starter trims, a new category clears; then it upgrades', async () => {
    const { user, calls } = renderApp({
      path: '/dashboard/provider',
      user: provider,
      routes: routes({
        body: makeSubscriptionChange({
          message: 'Subscription updated successfully!',
          subscriptionPlan: 'starter',
          trialStarted: true,
          trialEndDate: new Date().toISOString(),
          hasUsedTrial: true,
        }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Membership' });
    await user.click(within(dialog).getByRole('radio', { name: /Deluxe/ }));
    // A first plan starts the free trial: the dialog says plainly that nothing is paid.
    expect(
      within(dialog).getByText(
        'Deluxe starts with a 7-day free trial. No card is charged today: when the trial ends you are back on the Free plan until you choose a plan again.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/simulat/i)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'HVAC' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Siding' }));
    await user.click(within(dialog).getByRole('radio', { name: /Starter/ }));
    expect(within(dialog).getByRole('radio', { name: 'HVAC' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Siding' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Flooring' }));
    expect(within(dialog).getByRole('radio', { name: 'HVAC' })).not.toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Category'), '');
    expect(within(dialog).queryByRole('radio', { name: 'Flooring' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'home-repair');
    expect(within(dialog).getByRole('radio', { name: 'Flooring' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Flooring' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(within(dialog).getByRole('button', { name: 'Changing your plan…' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/provider/upgrade-subscription')?.body).toEqual({
        newPlan: 'starter',
        selectedCategory: 'home-repair',
        additionalTasks: ['flooring'],
      }),
    );
    expect(await screen.findByText('Subscription upgraded successfully!')).toBeInTheDocument();
  });

  it('asks for a category and a task before paying, and shows the server’s refusal', async () => {
    const { user } = renderApp({
      path: '/dashboard/provider',
      user: provider,
      routes: routes({
        status: 400,
        body: { error: 'The payment did not go through.', code: 'BAD_REQUEST' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Membership' });
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Please select a category and at least one task.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Deluxe/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'HVAC' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(
      await screen.findByText('The payment did not go through.', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Upgrade failed')).toBeInTheDocument();
  });
});

describe('Upgrade Membership after the trial', { timeout: 20_000 }, () => {
  it('says that no card is charged and that the plan changes on confirming', async () => {
    const starter = makeTrialStatus({
      plan: 'starter',
      hasUsedTrial: true,
      subscriptionExpiryDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      taskIds: ['cabinets'],
      customersPerMonth: 25,
    });
    const { user } = renderApp({
      path: '/dashboard/provider',
      user: makeUser({ id: 'p1', role: 'provider', subscriptionPlan: 'starter' }),
      routes: {
        ...routes({ body: makeSubscriptionChange({ subscriptionPlan: 'deluxe' }) }),
        'GET /api/trial/status': { body: starter },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade Membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Membership' });
    expect(within(dialog).getByRole('radio', { name: 'Deluxe · $500/month' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'No card is charged today. HomeFix does not take card payments yet, so your plan changes as soon as you confirm.',
      ),
    ).toBeInTheDocument();
  });
});
