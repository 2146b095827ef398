import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EstimateBids } from '#domain/schemas/bid.schema';
import { estimatePage, INTERNAL_ERROR, makeEstimate } from '#web/test/builders.ts';
import { currentPath, makeUser, renderApp } from '#web/test/render.tsx';
import type { Estimate } from '../api/types.ts';

// The first visit loads the screen's lazy chunk, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

type EstimateBid = EstimateBids['items'][number];

const customer = makeUser({ id: 'c1' });

const page = (items: Estimate[], total = items.length, totalCapped = false) => ({
  body: estimatePage(items, { total, totalCapped }),
});

describe('estimate screens', { timeout: 20_000 }, () => {
  it('saved estimates: empty state', async () => {
    renderApp({ path: '/saved-estimates', user: customer, routes: { 'GET /api/estimates': page([]) } });
    expect(await screen.findByText('No saved estimates available.')).toBeInTheDocument();
  });

  it('saved estimates: load error', async () => {
    renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: { 'GET /api/estimates': { status: 500, body: INTERNAL_ERROR } },
    });
    expect(await screen.findByText('Error loading estimates. Please try again.')).toBeInTheDocument();
  });

  it('saved estimates: asks the server for drafts, posts one and deletes after confirmation', async () => {
    const { user, calls } = renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': page([makeEstimate()]),
        'PATCH /api/estimates/e1/post': { body: makeEstimate({ status: 'posted' }) },
        'DELETE /api/estimates/e1': { status: 204 },
      },
    });
    expect(await screen.findByRole('link', { name: 'Kitchen Remodel - Kitchen' })).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/estimates?'))?.path).toContain('status=draft');

    await user.click(screen.getByRole('button', { name: /^Post/ }));
    expect(await screen.findByText('Estimate posted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Estimate' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Estimate deleted successfully!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/estimates/e1')).toBe(true);
  });

  it('saved estimates: a refused post for the plan shows "Limit reached" with the upgrade path', async () => {
    const { user } = renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': page([makeEstimate()]),
        'PATCH /api/estimates/e1/post': {
          status: 403,
          body: {
            error: 'The Free plan allows 1 posted estimate per month. Upgrade to Premium to post more.',
            code: 'PLAN_LIMIT',
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Post/ }));
    expect(await screen.findByText('Limit reached')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/customer/subscription',
    );
  });

  it("saved estimates: another refusal shows the server's reason", async () => {
    const { user } = renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': page([makeEstimate()]),
        'PATCH /api/estimates/e1/post': {
          status: 403,
          body: { error: 'Please verify your email address before posting an estimate', code: 'FORBIDDEN' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Post/ }));
    expect(
      await screen.findByText('Please verify your email address before posting an estimate'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Limit reached')).not.toBeInTheDocument();
  });

  it('my estimates: both empty states and the filters reach the server', async () => {
    const { user, calls } = renderApp({
      path: '/estimates',
      user: customer,
      routes: { 'GET /api/estimates': page([]) },
    });
    expect(await screen.findByText('No estimates yet. Create your first estimate!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search estimates'), 'deck');
    expect(await screen.findByText('No estimates match your filters.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path.includes('search=deck'))).toBe(true));
  });

  it('pages through a long list on the server', async () => {
    const { user, calls } = renderApp({
      path: '/estimates',
      user: customer,
      routes: { 'GET /api/estimates': page([makeEstimate()], 25) },
    });
    expect(await screen.findByText('Showing 1 to 10 of 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('page=2'))).toBe(true));
  });

  it('says "1000+" when the posted list stopped counting, and keeps Next open', async () => {
    renderApp({
      path: '/posted-estimates',
      user: customer,
      routes: { 'GET /api/posted-estimates': page([makeEstimate({ status: 'posted' })], 1000, true) },
    });
    expect(await screen.findByText('Showing 1 to 10 of 1000+')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 100+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('detail: Loading..., then the breakdown with the price source on demand', async () => {
    renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: { 'GET /api/estimates/e1': { body: makeEstimate() } },
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen Remodel - Kitchen' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(
      screen.getByText(/10 linear ft x \$240\.00\/linear ft x grade 1\.00x x region 0\.99x/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Spec part 2 §9/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message Providers' })).not.toBeInTheDocument();
  });

  it('money: whole dollars on a list card, cents in the line items of the estimate', async () => {
    const priced = makeEstimate({
      finalEstimate: 4045.33,
      minBudget: 3236.26,
      maxBudget: 4854.4,
      lineItems: [{ ...makeEstimate().lineItems[0]!, amount: 4045.33, amountCents: 404533 }],
    });
    const { user } = renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: { 'GET /api/estimates': page([priced]), 'GET /api/estimates/e1': { body: priced } },
    });
    const title = await screen.findByRole('link', { name: 'Kitchen Remodel - Kitchen' });
    expect(screen.getByText('$4,045')).toBeInTheDocument();
    expect(screen.getByText('$3,236 to $4,854')).toBeInTheDocument();
    expect(screen.queryByText(/\$\d[\d,]*\.\d\d/)).not.toBeInTheDocument();

    await user.click(title);
    const breakdown = await screen.findByRole('region', { name: 'Subtasks and price breakdown' });
    expect(within(breakdown).getByText('$4,045.33')).toBeInTheDocument();
    expect(screen.getByText('Range $3,236 to $4,854')).toBeInTheDocument();
  });

  it('detail: Message Providers for the owner of a posted estimate: first without bids, in the menu with them', async () => {
    const before = renderApp({
      path: '/estimate/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted' }) },
        'GET /api/estimates/e1/bids': { body: { items: [] } },
      },
    });
    expect(await screen.findByRole('link', { name: 'Message Providers' })).toHaveAttribute(
      'href',
      '/messages',
    );
    before.unmount();
    const { user } = renderApp({
      path: '/estimate/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted', bidCount: 2 }) },
        'GET /api/estimates/e1/bids': { body: { items: [] } },
      },
    });
    expect(await screen.findByText('2 Bids')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare bids' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Message Providers' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('detail: the owner sees the bids, featured first, against the priced range, and accepts one', async () => {
    const bid = (id: string, name: string, plan: 'starter' | 'deluxe', featured: boolean): EstimateBid => ({
      id,
      estimateId: 'e1',
      providerId: `p-${id}`,
      status: 'pending',
      createdAt: '2026-01-06T10:00:00.000Z',
      decidedAt: null,
      featured,
      provider: {
        id: `p-${id}`,
        name,
        companyName: `${name} Co`,
        plan,
        profilePath: `/pros/p-${id}-co`,
        medianResponseSeconds: featured ? 1800 : null,
      },
      quote: null,
    });
    const { user, calls, location } = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted', bidCount: 2 }) },
        'GET /api/estimates/e1/bids': {
          body: { items: [bid('b2', 'Dana Builds', 'deluxe', true), bid('b1', 'Sam Fix', 'starter', false)] },
        },
        'POST /api/estimates/e1/bids/b1/accept': {
          body: {
            message: 'Bid accepted',
            bid: {
              id: 'b1',
              estimateId: 'e1',
              providerId: 'p-b1',
              status: 'accepted',
              createdAt: '2026-01-06T10:00:00.000Z',
              decidedAt: '2026-01-07T10:00:00.000Z',
            },
            jobId: 'j1',
          },
        },
      },
    });
    const bids = await screen.findByRole('list', { name: 'Bids' });
    const rows = within(bids).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Dana Builds');
    expect(rows[0]).toHaveTextContent('Featured');
    expect(rows[0]).toHaveTextContent('Usually replies within 30 minutes');
    expect(rows[1]).toHaveTextContent('No response time yet');
    expect(rows[1]).toHaveTextContent('No price yet');
    expect(screen.getByText(/Your priced range: \$1,901 – \$2,851 \(estimate \$2,376\)/)).toBeInTheDocument();
    // The owner may write first to a bidder: each bid links to its conversation.
    expect(within(rows[1]!).getByRole('link', { name: 'Message Sam Fix' })).toHaveAttribute(
      'href',
      '/messages/e1/p-b1',
    );
    // A bid without a quote is hired at the price the customer confirms, prefilled with the estimate's own.
    await user.click(within(bids).getByRole('button', { name: "Accept Sam Fix's bid" }));
    const dialog = await screen.findByRole('dialog', { name: 'Hire Sam Fix Co for $2,376.00?' });
    const price = within(dialog).getByLabelText('Agreed price (dollars)');
    expect(price).toHaveValue('2376');
    await user.clear(price);
    await user.type(price, '2300');
    expect(screen.getByRole('dialog', { name: 'Hire Sam Fix Co for $2,300.00?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hire' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/estimates/e1/bids/b1/accept')?.body).toEqual({ price: 2300 }),
    );
    expect(await screen.findByText('Bid accepted')).toBeInTheDocument();
    // The job the hire started (named in the answer) opens.
    await waitFor(() => expect(currentPath(location)).toBe('/jobs/j1'));
  });

  it.each([
    ['draft', 'Post', ['Cancel estimate'], false],
    ['posted', 'Compare bids', ['Message Providers', 'Unpost', 'Mark as completed', 'Cancel estimate'], true],
    ['hired', 'Go to the job', ['Message Providers'], false],
    ['cancelled', 'Post a copy', ['Reopen as draft'], false],
    ['completed', 'Post a copy', [], false],
  ] as const)(
    'detail: a %s estimate offers its owner one primary action (%s) and the rest in a menu, %j and Delete',
    async (status, primary, inMenu, accepts) => {
      const asks: Record<string, string> = {
        Unpost: 'draft',
        'Mark as completed': 'completed',
        'Cancel estimate': 'cancelled',
        'Reopen as draft': 'draft',
      };
      const { user, calls } = renderApp({
        path: '/estimates/e1',
        user: customer,
        routes: {
          'GET /api/estimates/e1': { body: makeEstimate({ status, bidCount: 1 }) },
          'GET /api/estimates/e1/bids': {
            body: {
              items: [
                {
                  id: 'b1',
                  estimateId: 'e1',
                  providerId: 'p1',
                  status: 'pending',
                  createdAt: '2026-01-06T10:00:00.000Z',
                  decidedAt: null,
                  featured: false,
                  provider: {
                    id: 'p1',
                    name: 'Sam Fix',
                    companyName: '',
                    plan: 'starter',
                    profilePath: '/pros/p1-sam-f',
                    medianResponseSeconds: null,
                  },
                  quote: null,
                },
              ],
            },
          },
          'GET /api/jobs': { body: { items: [], total: 0 } },
          'PUT /api/estimates/e1/status': (call) => ({
            body: makeEstimate({ status: (call.body as { status: Estimate['status'] }).status }),
          }),
        },
      });
      const more = await screen.findByRole('button', { name: 'More actions' });
      const primaries = ['Post', 'Compare bids', 'Go to the job', 'Post a copy'];
      for (const name of primaries) {
        const found = [
          ...screen.queryAllByRole('button', { name }),
          ...screen.queryAllByRole('link', { name }),
        ];
        expect(found).toHaveLength(name === primary ? 1 : 0);
      }
      // Nothing else stands beside the primary action: every other action is in the menu.
      for (const name of Object.keys(asks)) expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      await user.click(more);
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual([...inMenu, 'Delete']);
      await user.keyboard('{Escape}');

      if (status !== 'draft') {
        await screen.findByRole('list', { name: 'Bids' });
        const accept = screen.queryByRole('button', { name: "Accept Sam Fix's bid" });
        if (accepts) expect(accept).toBeInTheDocument();
        else expect(accept).toBeNull();
      }
      for (const name of inMenu.filter((n) => n in asks)) {
        await user.click(screen.getByRole('button', { name: 'More actions' }));
        await user.click(await screen.findByRole('menuitem', { name }));
        await waitFor(() =>
          expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ status: asks[name] }),
        );
      }
    },
  );

  it('detail: no bids section on a draft, and "No bids yet." on a posted estimate without bids', async () => {
    const draft = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: { 'GET /api/estimates/e1': { body: makeEstimate() } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen Remodel - Kitchen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bids' })).toBeNull();
    draft.unmount();
    renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted' }) },
        'GET /api/estimates/e1/bids': { body: { items: [] } },
      },
    });
    expect(await screen.findByText(/No bids yet\./)).toBeInTheDocument();
  });

  it('detail: no Message Providers for someone else viewing a posted estimate', async () => {
    renderApp({
      path: '/estimates/e1',
      user: makeUser({ id: 'other' }),
      routes: { 'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted' }) } },
    });
    expect(await screen.findByText('Posted')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message Providers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('detail: the provider hired on an estimate no longer posted is shown the way to the job', async () => {
    renderApp({
      path: '/estimates/e1',
      user: makeUser({ id: 'p1', role: 'provider', subscriptionPlan: 'deluxe' }),
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'hired' }) },
        'GET /api/jobs': {
          body: {
            items: [
              {
                id: 'j1',
                estimateId: 'e1',
                estimateTitle: 'Kitchen',
                status: 'scheduled',
                total: 2400,
                scheduledDate: '2026-12-01',
                otherParty: 'Casey C.',
                viewerRole: 'provider',
                createdAt: '2026-11-20T10:00:00.000Z',
                updatedAt: '2026-11-20T10:00:00.000Z',
              },
            ],
            total: 1,
          },
        },
      },
    });
    expect(await screen.findByText('You were hired for this work.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the job' })).toHaveAttribute('href', '/jobs/j1');
  });

  it('detail: pictures for everyone who reads it; the owner on Free sees the Premium offer, on Premium the upload', async () => {
    const usage = (plan: 'free' | 'premium') => ({
      body: {
        plan,
        generated: { used: 1, limit: plan === 'free' ? 10 : null },
        saved: { used: 1, limit: plan === 'free' ? 5 : null },
        posted: { used: 0, limit: plan === 'free' ? 1 : 10 },
        picturesPerEstimate: plan === 'free' ? 0 : 5,
        periodStart: '2026-11-01T00:00:00.000Z',
        resetsAt: '2026-12-01T00:00:00.000Z',
      },
    });
    const picture = {
      id: 'p1',
      estimateId: 'e1',
      url: '/api/estimates/e1/pictures/p1',
      contentType: 'image/webp',
      width: 800,
      height: 600,
      byteSize: 1000,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const free = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate() },
        'GET /api/estimates/e1/pictures': { body: [] },
        'GET /api/estimates/usage': usage('free'),
      },
    });
    expect(await screen.findByText('No pictures yet.')).toBeInTheDocument();
    expect(await screen.findByText(/Pictures are a Premium feature/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Add a picture/)).not.toBeInTheDocument();
    free.unmount();

    renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate() },
        'GET /api/estimates/e1/pictures': { body: [picture] },
        'GET /api/estimates/usage': usage('premium'),
      },
    });
    expect(
      await screen.findByRole('img', { name: 'Picture 1 of Kitchen Remodel - Kitchen' }),
    ).toHaveAttribute('src', '/api/estimates/e1/pictures/p1');
    expect(await screen.findByText('1 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText(/Add a picture/)).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'Remove picture 1' })).toBeInTheDocument();
  });

  it('detail: Estimate not found', async () => {
    renderApp({ path: '/estimates/nope', user: customer, routes: {} });
    expect(await screen.findByRole('heading', { name: 'Estimate not found' })).toBeInTheDocument();
  });

  it("posted estimates: empty state, and delete only on the owner's own posts", async () => {
    const empty = renderApp({
      path: '/posted-estimates',
      user: customer,
      routes: { 'GET /api/posted-estimates': page([]) },
    });
    expect(await screen.findByText('No posted estimates found matching your criteria.')).toBeInTheDocument();
    empty.unmount();

    renderApp({
      path: '/posted-projects',
      user: customer,
      routes: {
        'GET /api/posted-estimates': page([
          makeEstimate({ status: 'posted' }),
          makeEstimate({ id: 'e2', title: 'Flooring - Flooring', status: 'posted', customerId: 'someone' }),
        ]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Posted Projects' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Flooring - Flooring' });
    expect(screen.getByRole('button', { name: 'Delete Kitchen Remodel - Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Flooring - Flooring' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message about Flooring - Flooring' })).toBeInTheDocument();
  });

  it('customer dashboard: stat cards, 3 recent estimates, messages empty, and the 80 percent banner', async () => {
    renderApp({
      path: '/dashboard/customer',
      user: customer,
      routes: {
        'GET /api/messages': { body: [] },
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        'GET /api/estimates': (call) =>
          call.path.includes('status=posted')
            ? page([makeEstimate({ status: 'posted' })], 4)
            : page(
                [1, 2, 3].map((i) => makeEstimate({ id: `e${i}`, title: `Estimate ${i}` })),
                12,
              ),
        'GET /api/estimates/usage': {
          body: {
            plan: 'free',
            generated: { used: 8, limit: 10 },
            saved: { used: 5, limit: 5 },
            posted: { used: 0, limit: 1 },
            picturesPerEstimate: 0,
            periodStart: '2026-11-01T00:00:00.000Z',
            resetsAt: '2026-12-01T00:00:00.000Z',
          },
        },
      },
    });
    const stats = await screen.findByRole('list', { name: 'Statistics' });
    await waitFor(() => expect(within(stats).getByText('12')).toBeInTheDocument());
    expect(within(stats).getByText('4')).toBeInTheDocument();
    expect(within(stats).getByText('0 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Estimate' })).toHaveAttribute(
      'href',
      '/estimates/create',
    );
    expect(screen.getByRole('link', { name: 'Estimate 3' })).toBeInTheDocument();
    // The recent estimates are a list: whole dollars.
    expect(screen.getAllByText('$2,376')).toHaveLength(3);
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    expect(await screen.findByText('Approaching limit')).toBeInTheDocument();
    expect(screen.getByText('Limit reached')).toBeInTheDocument();
  });
});
