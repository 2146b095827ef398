// The dashboards' first block: what changed (a provider's notifications; a customer's unread messages and bids on
// posted estimates) comes before the quick links and the stat cards, so a phone's first screen shows it.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '#domain/schemas/message-api.schema';
import type { ProviderReputation } from '#domain/schemas/review.schema';
import { estimatePage, INTERNAL_ERROR, makeEstimate } from '#web/test/builders.ts';
import { makeTrialStatus, makeUser, renderApp, type RecordedCall } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

/** `a` comes before `b` in the page (and so in reading order and on a phone's single column). */
const before = (a: Element, b: Element) =>
  (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

const E = '11111111-1111-4111-8111-111111111111';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  estimateId: E,
  estimateTitle: 'Kitchen Remodel',
  otherId: 'p1',
  otherName: 'Pat',
  otherRole: 'provider',
  lastMessage: 'When can you start?',
  lastMessageDate: new Date().toISOString(),
  lastMessageIsDeleted: false,
  unreadCount: 2,
  otherMedianResponseSeconds: null,
  ...overrides,
});

/** A new provider's reputation: no reviews, no jobs (the dashboard's reputation card). */
const noReputation: ProviderReputation = {
  providerId: 'p1',
  rating: null,
  rankingScore: 4,
  count: 0,
  distribution: [0, 0, 0, 0, 0],
  subRatings: { quality: null, communication: null, punctuality: null, value: null },
  completedJobs: 0,
  completionRate: null,
  lateCancellations: 0,
  noShows: 0,
  priceAccuracy: null,
  medianFirstResponseSeconds: null,
};

describe('provider dashboard', { timeout: 20_000 }, () => {
  it('shows the notifications before the quick links and the plan overview', async () => {
    renderApp({
      path: '/dashboard/provider',
      user: makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', subscriptionPlan: 'deluxe' }),
      routes: {
        'GET /api/trial/status': { body: makeTrialStatus({ plan: 'deluxe', hasUsedTrial: true }) },
        'GET /api/provider/categories': {
          body: { plan: 'deluxe', selectedCategory: 'kitchen', selectedTasks: [], categories: [] },
        },
        'GET /api/projects': { body: { projects: [], total: 0, page: 1, pageSize: 20 } },
        'GET /api/bids/provider': { body: { items: [], total: 0 } },
        'GET /api/messages': { body: [] },
        'GET /api/recommendations': { body: { items: [] } },
        'GET /api/notifications': { body: { items: [], total: 0, unreadCount: 0, page: 1, pageSize: 5 } },
      },
    });
    const notifications = await screen.findByRole('region', { name: /Notifications/ });
    const quickLinks = screen.getByRole('navigation', { name: 'Quick links' });
    expect(before(notifications, quickLinks)).toBe(true);
    expect(before(notifications, await screen.findByLabelText('Statistics'))).toBe(true);
    // Shown once: the overview does not repeat it further down.
    expect(screen.getAllByRole('heading', { name: /^Notifications/ })).toHaveLength(1);
  });
});

function customerDashboard(opts: {
  conversations?: Conversation[];
  posted?: ReturnType<typeof makeEstimate>[];
}) {
  return renderApp({
    path: '/dashboard/customer',
    user: makeUser({ id: 'c1', firstName: 'Casey' }),
    routes: {
      'GET /api/messages': { body: opts.conversations ?? [] },
      'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
      'GET /api/estimates': (call: RecordedCall) => ({
        body: estimatePage(call.path.includes('status=posted') ? (opts.posted ?? []) : []),
      }),
    },
  });
}

describe("customer dashboard: What's new", { timeout: 20_000 }, () => {
  it('comes first: unread messages and bids on posted estimates, each a link, before the stat cards', async () => {
    customerDashboard({
      conversations: [conversation(), conversation({ otherId: 'p2', otherName: 'Sam', unreadCount: 0 })],
      posted: [
        makeEstimate({ id: 'e1', title: 'Deck Repair', status: 'posted', bidCount: 1 }),
        makeEstimate({ id: 'e2', title: 'Roof Patch', status: 'posted', bidCount: 3 }),
        makeEstimate({ id: 'e3', title: 'Fence', status: 'posted', bidCount: 0 }),
      ],
    });
    const news = await screen.findByRole('region', { name: "What's new" });
    expect(await within(news).findByRole('link', { name: 'Pat sent 2 new messages' })).toHaveAttribute(
      'href',
      `/messages/${E}/p1`,
    );
    expect(within(news).getByText('About Kitchen Remodel')).toBeInTheDocument();
    expect(await within(news).findByRole('link', { name: '1 bid on Deck Repair' })).toHaveAttribute(
      'href',
      '/estimates/e1',
    );
    expect(within(news).getByRole('link', { name: '3 bids on Roof Patch' })).toBeInTheDocument();
    // Only what changed: no read conversation, no posted estimate without bids.
    expect(within(news).queryByText(/Sam/)).toBeNull();
    expect(within(news).queryByText(/Fence/)).toBeNull();
    expect(before(news, await screen.findByRole('list', { name: 'Statistics' }))).toBe(true);
  });

  it('says so when nothing changed', async () => {
    customerDashboard({});
    const news = await screen.findByRole('region', { name: "What's new" });
    expect(
      await within(news).findByText(
        'Nothing new. New messages and bids on your posted estimates show up here.',
      ),
    ).toBeInTheDocument();
  });

  it('says what failed to load and tries again, keeping what did load', async () => {
    let failing = true;
    const { user } = renderApp({
      path: '/dashboard/customer',
      user: makeUser({ id: 'c1', firstName: 'Casey' }),
      routes: {
        'GET /api/messages': { body: [conversation({ unreadCount: 1 })] },
        'GET /api/messages/unread-count': { body: { unreadCount: 1 } },
        'GET /api/estimates': (call: RecordedCall) => {
          const posted = call.path.includes('status=posted');
          if (posted && failing) return { status: 500, body: INTERNAL_ERROR };
          const items = posted
            ? [makeEstimate({ id: 'e1', title: 'Deck Repair', status: 'posted', bidCount: 2 })]
            : [];
          return { body: estimatePage(items) };
        },
      },
    });
    const news = await screen.findByRole('region', { name: "What's new" });
    expect(await within(news).findByRole('alert')).toHaveTextContent(
      'Failed to load the bids on your estimates.',
    );
    expect(within(news).getByRole('link', { name: 'Pat sent 1 new message' })).toBeInTheDocument();
    failing = false;
    await user.click(within(news).getByRole('button', { name: 'Try again' }));
    expect(await within(news).findByRole('link', { name: '2 bids on Deck Repair' })).toBeInTheDocument();
    await waitFor(() => expect(within(news).queryByRole('alert')).toBeNull());
  });
});

describe('Active jobs card', { timeout: 20_000 }, () => {
  // Open jobs counted per open state: hired 1, scheduled 2, in progress 0, completion requested 1.
  const openCounts: Record<string, number> = {
    open: 4,
  };
  const jobsRoute = (call: RecordedCall) => {
    const status = new URL(call.path, 'http://localhost').searchParams.get('status') ?? '';
    return { body: { items: [], total: openCounts[status] ?? 99 } };
  };

  it("counts the customer's open jobs among the stat cards and links to the jobs", async () => {
    const { calls } = renderApp({
      path: '/dashboard/customer',
      user: makeUser({ id: 'c1', firstName: 'Casey' }),
      routes: {
        'GET /api/messages': { body: [] },
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        'GET /api/estimates': { body: estimatePage([]) },
        'GET /api/jobs': jobsRoute,
      },
    });
    const stats = await screen.findByRole('list', { name: 'Statistics' });
    const card = await within(stats).findByRole('link', { name: /Active jobs/ });
    expect(card).toHaveAttribute('href', '/jobs');
    await waitFor(() => expect(card).toHaveTextContent('Active jobs4'));
    // Only the open jobs are counted: completed and cancelled jobs are not active.
    const asked = calls.filter((c) => c.path.startsWith('/api/jobs')).map((c) => c.path);
    expect(asked).toEqual(['/api/jobs?status=open&pageSize=1']);
  });

  it("counts the provider's open jobs, says when there are none, and offers a retry after a failure", async () => {
    let fail = true;
    let counts = openCounts;
    const { user } = renderApp({
      path: '/dashboard/provider',
      user: makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', subscriptionPlan: 'deluxe' }),
      routes: {
        'GET /api/site-visits': { body: { items: [], total: 0, page: 1, pageSize: 5 } },
        'GET /api/trial/status': { body: makeTrialStatus({ plan: 'deluxe', hasUsedTrial: true }) },
        'GET /api/provider/categories': {
          body: { plan: 'deluxe', selectedCategory: 'kitchen', selectedTasks: [], categories: [] },
        },
        'GET /api/projects': { body: { projects: [], total: 0, page: 1, pageSize: 20 } },
        'GET /api/bids/provider': { body: { items: [], total: 0 } },
        'GET /api/messages': { body: [] },
        'GET /api/recommendations': { body: { items: [] } },
        'GET /api/notifications': { body: { items: [], total: 0, unreadCount: 0, page: 1, pageSize: 5 } },
        'GET /api/providers/p1/reputation': { body: noReputation },
        'GET /api/jobs': (call: RecordedCall) => {
          if (fail) return { status: 500, body: INTERNAL_ERROR };
          const status = new URL(call.path, 'http://localhost').searchParams.get('status') ?? '';
          return { body: { items: [], total: counts[status] ?? 0 } };
        },
      },
    });
    const card = await screen.findByRole('link', { name: /Active jobs/ });
    expect(await within(card).findByText('Could not load your jobs.')).toBeInTheDocument();
    expect(card).toHaveTextContent('–');
    fail = false;
    counts = {};
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No open jobs')).toBeInTheDocument();
    expect(card).toHaveTextContent('Active jobs0');
    expect(card).toHaveAttribute('href', '/jobs');
  });
});
