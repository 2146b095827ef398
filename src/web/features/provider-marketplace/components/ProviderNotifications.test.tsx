// The provider dashboard's notifications (its plan-limit notices are in ProviderLimits.test.tsx); the email
// switch on /provider/settings (decisions 0021, 0043). The bell, its panel and /notifications are tested in
// src/web/features/notifications.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#domain/schemas/notification.schema';
import type { FeedRecommendations } from '#domain/schemas/task-feed.schema';
import type { TrialStatusResponse } from '#domain/schemas/subscription.schema';
import {
  INTERNAL_ERROR,
  makeEstimate,
  makeProfile,
  makeProjectFeedItem,
  makeReputation,
} from '#web/test/builders.ts';
import { makeTrialStatus, makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', subscriptionPlan: 'starter' });

/** A paid starter with one task, three customers messaged this month. */
const status = (overrides: Partial<TrialStatusResponse> = {}) =>
  makeTrialStatus({
    plan: 'starter',
    hasUsedTrial: true,
    subscriptionExpiryDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    taskIds: ['cabinets'],
    customersThisMonth: 3,
    customersPerMonth: 25,
    ...overrides,
  });

const note = (overrides: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  kind: 'estimate_posted',
  estimateId: 'e1',
  projectId: null,
  jobId: null,
  link: '/estimates/e1',
  actorName: null,
  title: 'New Cabinets job in Jacksonville, FL',
  body: 'Shaker doors: $1,200.00 – $1,800.00',
  priority: false,
  createdAt: new Date().toISOString(),
  read: false,
  ...overrides,
});

function dashboard(
  opts: {
    status?: TrialStatusResponse;
    items?: Notification[];
    unread?: number;
    failing?: boolean;
    recommendations?: FeedRecommendations['items'];
  } = {},
) {
  const items = opts.items ?? [];
  const unread = opts.unread ?? items.filter((n) => !n.read).length;
  return renderApp({
    path: '/dashboard/provider',
    user: provider,
    routes: {
      'GET /api/providers/p1/reputation': { body: makeReputation() },
      'GET /api/trial/status': { body: opts.status ?? status() },
      'GET /api/provider/categories': {
        body: {
          plan: 'starter',
          selectedCategory: 'home-repair',
          selectedTasks: ['cabinets'],
          categories: [
            { category: 'kitchen', locked: false, lockedText: null },
            {
              category: 'hvac',
              locked: true,
              lockedText: 'Locked. Upgrade to Deluxe to unlock this category.',
            },
          ],
        },
      },
      'GET /api/bids/provider': { body: { items: [], total: 0 } },
      'GET /api/jobs': { body: { items: [], total: 0 } },
      'GET /api/messages': { body: [] },
      'GET /api/recommendations': { body: { items: opts.recommendations ?? [] } },
      'GET /api/site-visits': { body: { items: [], total: 0, page: 1, pageSize: 5 } },
      'GET /api/notifications': opts.failing
        ? { status: 500, body: INTERNAL_ERROR }
        : { body: { items, total: items.length, unreadCount: unread, page: 1, pageSize: 5 } },
      'POST /api/notifications/read': { body: { marked: unread, unreadCount: 0 } },
    },
  });
}

describe('provider dashboard: notifications', { timeout: 20_000 }, () => {
  it('counts the unread ones in New Notifications and lists them, linking to the estimate', async () => {
    dashboard({
      items: [
        note(),
        note({
          id: 'n2',
          kind: 'bid_accepted',
          title: 'Your bid was accepted',
          body: 'Casey accepted your bid.',
          read: true,
          jobId: 'j1',
          link: '/jobs/j1',
          actorName: 'Casey C.',
        }),
      ],
    });
    const stats = await screen.findByLabelText('Statistics');
    await waitFor(() => expect(stats).toHaveTextContent('New Notifications1'));
    const section = screen.getByRole('region', { name: /Notifications/ });
    const link = within(section).getByRole('link', { name: 'New Cabinets job in Jacksonville, FL' });
    expect(link).toHaveAttribute('href', '/estimates/e1');
    expect(within(section).getByText('Shaker doors: $1,200.00 – $1,800.00')).toBeInTheDocument();
    expect(within(section).getByText('(unread)')).toBeInTheDocument();
    // A job's news goes to the job's page.
    expect(within(section).getByRole('link', { name: 'Your bid was accepted' })).toHaveAttribute(
      'href',
      '/jobs/j1',
    );
  });

  it('marks all as read with one click', async () => {
    const { calls, user } = dashboard({ items: [note()] });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({}));
  });

  it('opening an unread one marks it read', async () => {
    const { calls, user } = dashboard({ items: [note()] });
    await user.click(await screen.findByRole('link', { name: 'New Cabinets job in Jacksonville, FL' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({ ids: ['n1'] }),
    );
  });

  it('says so when there are none, and offers a retry when they fail to load', async () => {
    dashboard();
    expect(
      await screen.findByText(
        'No notifications yet. What happens on your estimates, bids and jobs will appear here.',
      ),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
    dashboard({ failing: true });
    expect(await screen.findByText('Failed to load notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('provider dashboard: recommended public projects', { timeout: 20_000 }, () => {
  it('ranks the live projects the plan opens with the estimates, marked "Project" and linking to the project', async () => {
    dashboard({
      recommendations: [
        {
          ...makeEstimate({ id: 'e9', title: 'Cabinet install', status: 'posted' }),
          kind: 'estimate',
          matchScore: 80,
          matchReason: 'Matches your Cabinets task in your area (Jacksonville, FL), posted 1 hour ago',
        },
        {
          ...makeProjectFeedItem({ id: 'pr1', title: 'Open-plan kitchen', city: 'Tampa' }),
          matchScore: 55,
          matchReason: 'In your Kitchen category in Tampa, posted 2 hours ago',
        },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Recommended Tasks' });
    const items = await within(section).findAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Cabinet install' })).toHaveAttribute(
      'href',
      '/estimates/e9',
    );
    expect(within(items[0]!).queryByText('Project')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Project')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Open-plan kitchen' })).toHaveAttribute(
      'href',
      '/projects/pr1',
    );
    expect(
      within(items[1]!).getByText('In your Kitchen category in Tampa, posted 2 hours ago'),
    ).toBeInTheDocument();
  });

  it('a new project’s notification links to the project', async () => {
    dashboard({
      items: [
        note({
          id: 'n3',
          kind: 'estimate_posted',
          estimateId: null,
          projectId: 'pr7',
          link: '/projects/pr7',
          title: 'New Kitchen project in Jacksonville',
          body: 'Open-plan kitchen: $5,000.00 – $9,000.00',
        }),
      ],
    });
    const section = await screen.findByRole('region', { name: /Notifications/ });
    expect(
      await within(section).findByRole('link', { name: 'New Kitchen project in Jacksonville' }),
    ).toHaveAttribute('href', '/projects/pr7');
  });
});

describe('/provider/settings: email notifications', { timeout: 20_000 }, () => {
  it('turns all notification email off, says it was saved, and links to the choices per kind', async () => {
    const { calls, user } = renderApp({
      path: '/provider/settings',
      user: provider,
      routes: {
        'GET /api/provider/profile': {
          body: makeProfile({
            id: 'p1',
            role: 'provider',
            firstName: 'Pat',
            lastName: 'Provider',
            email: 'pat@example.com',
            city: null,
            state: null,
            subscriptionPlan: 'starter',
          }),
        },
        'GET /api/notifications/settings': { body: { emailNotifications: true } },
        'PUT /api/notifications/settings': { body: { emailNotifications: false } },
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Email me notifications' });
    expect(
      screen.getByRole('link', { name: 'Choose the email for each kind of notification' }),
    ).toHaveAttribute('href', '/settings#notifications');
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ emailNotifications: false }),
    );
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });
});
