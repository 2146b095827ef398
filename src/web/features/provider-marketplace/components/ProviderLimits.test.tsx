// The provider dashboard's plan limits (the task limit and the month's customers): a notice from 80 percent of a
// limit informs, in the information style, what is used and what the next plan allows. A new provider's first
// dashboard, a fresh trial with its one task chosen, shows no error at all.
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrialStatusResponse } from '#domain/schemas/subscription.schema';
import { makeReputation } from '#web/test/builders.ts';
import { makeTrialStatus, makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

function dashboard(status: TrialStatusResponse) {
  return renderApp({
    path: '/dashboard/provider',
    user: makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', subscriptionPlan: status.plan }),
    routes: {
      'GET /api/providers/p1/reputation': { body: makeReputation() },
      'GET /api/trial/status': { body: status },
      'GET /api/provider/categories': {
        body: {
          plan: status.plan,
          selectedCategory: 'home-repair',
          selectedTasks: status.taskIds,
          categories: [{ category: 'kitchen', locked: false, lockedText: null }],
        },
      },
      'GET /api/projects': { body: { projects: [], total: 0, page: 1, pageSize: 20 } },
      'GET /api/bids/provider': { body: { items: [], total: 0 } },
      'GET /api/messages': { body: [] },
      'GET /api/recommendations': { body: { items: [] } },
      'GET /api/notifications': { body: { items: [], total: 0, unreadCount: 0, page: 1, pageSize: 5 } },
      'GET /api/site-visits': { body: { items: [], total: 0, page: 1, pageSize: 5 } },
    },
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function bannerOf(title: string) {
  const banner = screen.getByText(title).closest('[role]');
  if (!banner) throw new Error(`no banner titled ${title}`);
  return banner as HTMLElement;
}

describe('provider dashboard: plan-limit notices', { timeout: 20_000 }, () => {
  it('a fresh Starter trial with its one task informs about the task limit and shows no error', async () => {
    const { container } = dashboard(
      makeTrialStatus({
        plan: 'starter',
        isTrial: true,
        daysRemaining: 7,
        trialEndDate: inDays(7),
        hasUsedTrial: true,
        taskIds: ['cabinets'],
        customersThisMonth: 0,
        customersPerMonth: 25,
      }),
    );
    expect(await screen.findByText('Limit reached')).toBeInTheDocument();
    const notice = bannerOf('Limit reached');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveClass('bg-blue-50');
    expect(notice).toHaveTextContent(
      'You have chosen your 1 Starter task. Deluxe includes every task in your category.',
    );
    expect(screen.getByText('Customers messaged this month: 0 of 25')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('[class*="bg-red-"], [class*="text-red-"]')).toBeNull();
  });

  it('a full month of customers is a notice with what the next plan allows, not an error', async () => {
    const { container } = dashboard(
      makeTrialStatus({
        plan: 'deluxe',
        hasUsedTrial: true,
        subscriptionExpiryDate: inDays(20),
        taskIds: ['cabinets', 'countertops'],
        customersThisMonth: 100,
        customersPerMonth: 100,
      }),
    );
    expect(await screen.findByText('Limit reached')).toBeInTheDocument();
    const notice = bannerOf('Limit reached');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent(
      'You have messaged 100 customers this month, as many as the Deluxe plan includes. Enterprise has no monthly limit.',
    );
    expect(screen.getByText('Customers messaged this month: 100 of 100')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('[class*="bg-red-"], [class*="text-red-"]')).toBeNull();
  });

  it('a Starter provider nearing the monthly customers sees how many are left on the plan', async () => {
    dashboard(
      makeTrialStatus({
        plan: 'starter',
        hasUsedTrial: true,
        subscriptionExpiryDate: inDays(20),
        taskIds: ['cabinets'],
        customersThisMonth: 20,
        customersPerMonth: 25,
      }),
    );
    expect(await screen.findByText('Approaching limit')).toBeInTheDocument();
    expect(bannerOf('Approaching limit')).toHaveTextContent(
      'You have messaged 20 customers this month; the Starter plan includes 25. Deluxe messages up to 100 customers a month.',
    );
  });
});
