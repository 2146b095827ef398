// The reputation figures where other screens show them: the rating summary beside each bidder on the customer's
// estimate (in the server's ranked order), a customer's record beside their posted work on /tasks and
// /provider/posted-estimates and beside each of the provider's bids, and the reputation card on the provider
// dashboard.
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EstimateBids, ProviderBids } from '#domain/schemas/bid.schema';
import type { CustomerFacts } from '#domain/schemas/review.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { feedPage, makeEstimate, makeReputation } from '#web/test/builders.ts';
import { makeTrialStatus, makeUser, renderApp } from '#web/test/render.tsx';
import { makePublicReview } from './review-test-data.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', subscriptionPlan: 'deluxe' });
const facts: CustomerFacts = { completedJobs: 3, hires: 4, lateCancellations: 1, rating: 4.5, count: 2 };
const E = '11111111-1111-4111-8111-111111111111';

type Bid = EstimateBids['items'][number];

function bid(
  id: string,
  name: string,
  reputation: NonNullable<Bid['provider']['reputation']> | undefined,
): Bid {
  return {
    id,
    estimateId: 'e1',
    providerId: `p-${id}`,
    status: 'pending',
    createdAt: '2026-11-10T10:00:00.000Z',
    decidedAt: null,
    featured: false,
    provider: {
      id: `p-${id}`,
      name,
      companyName: null,
      plan: 'starter',
      profilePath: `/pros/p-${id}`,
      medianResponseSeconds: null,
      reputation,
    },
    quote: null,
  };
}

describe('reputation beside names', { timeout: 20_000 }, () => {
  it("the customer's bids show each provider's rating, count and price accuracy, in the server's order", async () => {
    renderApp({
      path: '/estimates/e1',
      user: makeUser({ id: 'c1' }),
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted', bidCount: 3 }) },
        'GET /api/estimates/e1/bids': {
          body: {
            items: [
              bid('b1', 'Sam Builds', { rating: 4.8, count: 12, priceAccuracy: 0.92, completedJobs: 13 }),
              bid('b2', 'New Pro', { rating: null, count: 0, priceAccuracy: null, completedJobs: 0 }),
              bid('b3', 'Old Server', undefined),
            ],
          },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Bids' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Sam Builds',
      'New Pro',
      'Old Server',
    ]);
    expect(
      await within(cards[0]!).findByRole('img', {
        name: 'Rated 4.8 out of 5 from 12 reviews; 92 % of jobs finished within 5 % of the agreed price',
      }),
    ).toHaveTextContent('★ 4.8 (12) · 92 % on price');
    expect(await within(cards[1]!).findByRole('img', { name: 'No reviews yet' })).toBeInTheDocument();
    // A bid without the figures (an older server) shows none.
    expect(within(cards[2]!).queryByRole('img')).toBeNull();
    await expectNoAxeViolations();
  });

  it("'Read 12 reviews' beside a bidder opens that provider's published reviews, with their price facts", async () => {
    const { user } = renderApp({
      path: '/estimates/e1',
      user: makeUser({ id: 'c1' }),
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted', bidCount: 2 }) },
        'GET /api/estimates/e1/bids': {
          body: {
            items: [
              bid('b1', 'Sam Builds', { rating: 4.8, count: 12, priceAccuracy: 0.92, completedJobs: 13 }),
              bid('b2', 'New Pro', { rating: null, count: 0, priceAccuracy: null, completedJobs: 0 }),
            ],
          },
        },
        'GET /api/providers/p-b1/reviews': {
          body: { items: [makePublicReview({ subjectId: 'p-b1' })], total: 1, page: 1, pageSize: 10 },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Bids' });
    const [first, second] = within(list).getAllByRole('listitem');
    // A provider without reviews has nothing to read.
    expect(within(second!).queryByRole('button', { name: /^Read/ })).toBeNull();
    await user.click(within(first!).getByRole('button', { name: 'Read 12 reviews of Sam Builds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews of Sam Builds' });
    expect(
      await within(dialog).findByText('Pat fitted the cabinets neatly and cleaned up every day.'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('6 % above the agreed price, with 1 approved change order'),
    ).toBeVisible();
    await expectNoAxeViolations();
  });

  it("a task card on /tasks names the customer with their record; a project's card has none", async () => {
    renderApp({
      path: '/tasks',
      user: provider,
      routes: {
        'GET /api/tasks': {
          body: feedPage([
            makeEstimate({
              id: E,
              title: 'Kitchen refit',
              status: 'posted',
              datePosted: '2026-11-20T10:00:00.000Z',
              customerName: 'Casey J.',
              customerFacts: facts,
              providerAccess: { allowed: true, label: 'Message', reason: null },
            }),
          ]),
        },
        'GET /api/tasks/bids': { body: { items: [] } },
      },
    });
    const list = await screen.findByRole('list', { name: 'Tasks' });
    const card = within(list).getByRole('listitem');
    expect(await within(card).findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeVisible();
    expect(card).toHaveTextContent('Casey J. · 3 jobs completed · 4 hires · 1 late cancellation · ★ 4.5 (2)');
    await expectNoAxeViolations();
  });

  it('/provider/posted-estimates shows a new customer as such under the task', async () => {
    renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: {
        'GET /api/posted-estimates': {
          body: {
            items: [
              makeEstimate({
                id: E,
                status: 'posted',
                datePosted: '2026-11-20T10:00:00.000Z',
                customerName: 'Casey J.',
                customerFacts: { completedJobs: 0, hires: 0, lateCancellations: 0, rating: null, count: 0 },
                providerAccess: { allowed: true, label: 'Message', reason: null },
              }),
            ],
            total: 1,
            totalCapped: false,
            page: 1,
            pageSize: 10,
          },
        },
        'GET /api/tasks/bids': { body: { items: [] } },
      },
    });
    // The table (wide screens) and the cards (phones) each say it.
    const said = (_: string, el: Element | null) =>
      el?.tagName === 'P' && el.textContent === 'Casey J. · New customer';
    expect(await screen.findAllByText(said)).toHaveLength(2);
  });

  it("a provider reading a posted estimate sees the customer's record under Posted by", async () => {
    renderApp({
      path: '/estimates/e1',
      user: provider,
      routes: {
        'GET /api/estimates/e1': {
          body: makeEstimate({
            status: 'posted',
            customerId: 'c1',
            customerName: 'Casey J.',
            customerFacts: facts,
            providerAccess: { allowed: true, label: 'Message', reason: null },
          }),
        },
        'GET /api/tasks/bids': { body: { items: [] } },
      },
    });
    const postedBy = (await screen.findByText('Posted by')).closest('div')!;
    expect(
      await within(postedBy).findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' }),
    ).toBeVisible();
    expect(postedBy).toHaveTextContent(
      'Posted byCasey J.3 jobs completed · 4 hires · 1 late cancellation · ★ 4.5 (2)',
    );
  });

  it("the provider dashboard shows their own reputation, and their bids each customer's record", async () => {
    const item: ProviderBids['items'][number] = {
      id: 'b1',
      estimateId: 'e1',
      providerId: 'p1',
      status: 'pending',
      createdAt: '2026-11-21T10:00:00.000Z',
      decidedAt: null,
      estimate: {
        title: 'Kitchen refit',
        category: 'kitchen',
        task: 'Kitchen Remodel',
        status: 'posted',
        minBudget: 2000,
        maxBudget: 3000,
        customerName: 'Casey J.',
        datePosted: '2026-11-20T10:00:00.000Z',
        customerFacts: { ...facts, completedJobs: 1, hires: 1, lateCancellations: 0, count: 0 },
      },
      quote: null,
    };
    const { calls } = renderApp({
      path: '/dashboard/provider',
      user: provider,
      routes: {
        'GET /api/providers/p1/reputation': { body: makeReputation() },
        'GET /api/trial/status': { body: makeTrialStatus({ plan: 'deluxe', hasUsedTrial: true }) },
        'GET /api/provider/categories': {
          body: { plan: 'deluxe', selectedCategory: 'kitchen', selectedTasks: [], categories: [] },
        },
        'GET /api/projects': { body: { projects: [], total: 0, page: 1, pageSize: 20 } },
        'GET /api/bids/provider': { body: { items: [item], total: 1 } },
        'GET /api/messages': { body: [] },
        'GET /api/recommendations': { body: { items: [] } },
        'GET /api/notifications': { body: { items: [], total: 0, unreadCount: 0, page: 1, pageSize: 5 } },
        'GET /api/jobs': { body: { items: [], total: 0 } },
      },
    });
    const card = await screen.findByRole('region', { name: 'Your reputation' });
    expect(await within(card).findByText('out of 5 from 12 reviews')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/providers/p1/reputation')).toBe(true);
    const bids = await screen.findByRole('region', { name: 'Your bids' });
    const row = await within(bids).findByText(/1 job completed · 1 hire · 0 late cancellations/);
    expect(row.closest('p')).toHaveTextContent('Casey J.: 1 job completed · 1 hire · 0 late cancellations');
  });
});
