import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrialStatus, makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat' });
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const status = makeTrialStatus;

const plans = () => within(screen.getByRole('group', { name: 'Plans' }));

describe('/subscription', { timeout: 20_000 }, () => {
  it('a free provider starts a deluxe trial: Start Free Trial, then Update Subscription', async () => {
    const { user, calls } = renderApp({
      path: '/subscription',
      user: provider,
      routes: {
        'GET /api/trial/status': { body: status() },
        'POST /api/subscription': {
          body: {
            message: 'Subscription updated successfully!',
            subscriptionPlan: 'deluxe',
            trialStarted: true,
            trialEndDate: future(7),
            hasUsedTrial: true,
            subscriptionExpiryDate: null,
          },
        },
      },
    });
    expect(
      await screen.findByText('The Free plan has no access to posted work. Pick a plan below.'),
    ).toBeVisible();
    expect(plans().getByText('Most popular')).toBeInTheDocument();
    expect(plans().getByText('$99/month')).toBeInTheDocument();
    expect(plans().getByText('$500/month')).toBeInTheDocument();
    const update = screen.getByRole('button', { name: 'Update Subscription' });
    expect(update).toBeDisabled();
    const trialButtons = plans().getAllByRole('button', { name: 'Start Free Trial' });
    expect(trialButtons).toHaveLength(2);
    await user.click(trialButtons[1]!);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Deluxe starts with a 7-day free trial. No card is charged today: when the trial ends you are back on the Free plan until you choose a plan again.',
    );
    await user.click(update);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/subscription')?.body).toEqual({ plan: 'deluxe' }),
    );
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
  });

  it('on deluxe: Current Plan disabled, starter not offered, enterprise is a contact-sales toast', async () => {
    const { user, calls } = renderApp({
      path: '/subscription',
      user: provider,
      routes: {
        'GET /api/trial/status': {
          body: status({ plan: 'deluxe', hasUsedTrial: true, subscriptionExpiryDate: future(12) }),
        },
      },
    });
    await screen.findByRole('group', { name: 'Plans' });
    expect(plans().getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(plans().queryByRole('heading', { name: 'Starter' })).toBeNull();
    expect(screen.getByText(/Days until renewal: 1[12]/)).toBeInTheDocument();
    await user.click(plans().getByRole('button', { name: 'Contact Sales' }));
    expect(await screen.findByText(/Please contact sales to set it up/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/subscription'))).toBe(false);
  });

  it('a starter trial shows the days left in red at three or fewer and keeps exactly one task', async () => {
    const { user, calls } = renderApp({
      path: '/subscription',
      user: provider,
      routes: {
        'GET /api/trial/status': {
          body: status({
            plan: 'starter',
            isTrial: true,
            daysRemaining: 3,
            trialEndDate: future(3),
            hasUsedTrial: true,
            taskIds: ['painting'],
          }),
        },
        'POST /api/trial/update-tasks': { status: 500, body: { error: 'Down', code: 'INTERNAL' } },
      },
    });
    const banner = await screen.findByText('Free trial: 3 days remaining');
    expect(banner.className).toMatch(/red/);
    expect(plans().getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(plans().getByRole('button', { name: 'Upgrade' })).toBeEnabled();
    const tasks = screen.getByRole('group', { name: 'Home Repair tasks' });
    expect(within(tasks).getByRole('radio', { name: 'Painting' })).toBeChecked();
    await user.click(within(tasks).getByRole('radio', { name: 'HVAC' }));
    expect(within(tasks).getByRole('radio', { name: 'Painting' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save trial tasks' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/trial/update-tasks')?.body).toEqual({ taskIds: ['hvac'] }),
    );
    expect(await screen.findByText('Failed to update trial tasks')).toBeInTheDocument();
  });

  it('a paid starter holding no task is asked to choose it, and saves exactly one', async () => {
    const { user, calls } = renderApp({
      path: '/subscription',
      user: provider,
      routes: {
        'GET /api/trial/status': {
          body: status({
            plan: 'starter',
            hasUsedTrial: true,
            subscriptionExpiryDate: future(20),
            taskIds: [],
            mustChooseTask: true,
          }),
        },
        'POST /api/trial/update-tasks': {
          body: status({ plan: 'starter', hasUsedTrial: true, taskIds: ['hvac'], mustChooseTask: false }),
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Choose your task' })).toBeVisible();
    expect(
      screen.getByText('Choose the one task your Starter plan includes to open its posted work.'),
    ).toBeVisible();
    expect(screen.getByText(/Changing it later needs an upgrade/)).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save task' });
    expect(save).toBeDisabled();
    const tasks = screen.getByRole('group', { name: 'Home Repair tasks' });
    await user.click(within(tasks).getByRole('radio', { name: 'Siding' }));
    await user.click(within(tasks).getByRole('radio', { name: 'HVAC' }));
    await user.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/trial/update-tasks')?.body).toEqual({ taskIds: ['hvac'] }),
    );
    expect(await screen.findByText('Task saved')).toBeInTheDocument();
  });

  it('a paid plan holding its tasks shows no task choice', async () => {
    renderApp({
      path: '/subscription',
      user: provider,
      routes: {
        'GET /api/trial/status': {
          body: status({
            plan: 'starter',
            hasUsedTrial: true,
            subscriptionExpiryDate: future(20),
            taskIds: ['hvac'],
          }),
        },
      },
    });
    await screen.findByRole('group', { name: 'Plans' });
    expect(screen.queryByRole('heading', { name: 'Choose your task' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Home Repair tasks' })).toBeNull();
  });

  it('says when the trial has ended, and when the status cannot load', async () => {
    const ended = renderApp({
      path: '/subscription',
      user: provider,
      routes: { 'GET /api/trial/status': { body: status({ expired: true, hasUsedTrial: true }) } },
    });
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument();
    expect(plans().getAllByRole('button', { name: 'Upgrade' })).toHaveLength(2);
    ended.unmount();
    renderApp({
      path: '/subscription',
      user: provider,
      routes: { 'GET /api/trial/status': { status: 500, body: { error: 'Down', code: 'INTERNAL' } } },
    });
    expect(await screen.findByText('Failed to load your subscription.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
