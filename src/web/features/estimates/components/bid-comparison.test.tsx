// The owner's estimate page: the bids compared with the estimate line by line, hiring confirmed with the price,
// posting after a preview, a copy of a finished estimate, and the Hired status in the lists.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EstimateBids } from '#domain/schemas/bid.schema';
import type { ComparedQuote } from '#domain/schemas/quote.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { estimatePage, makeEstimate } from '#web/test/builders.ts';
import { currentPath, makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

type EstimateBid = EstimateBids['items'][number];

const customer = makeUser({ id: 'c1' });

/** A quote on the estimate's two lines: cabinets 10 % above the estimate, counters 25 % above (flagged). */
function quote(overrides: Partial<ComparedQuote> = {}): ComparedQuote {
  return {
    lines: [
      {
        subtask: 'Cabinets',
        subtaskId: 'kitchen-cabinets',
        amount: 1320,
        estimateAmount: 1200,
        difference: 120,
        differencePercent: 10,
        flagged: false,
      },
      {
        subtask: 'Countertops',
        subtaskId: 'kitchen-countertops',
        amount: 1000,
        estimateAmount: 800,
        difference: 200,
        differencePercent: 25,
        flagged: true,
      },
      {
        subtask: 'Sink',
        subtaskId: 'kitchen-sink',
        amount: null,
        estimateAmount: 376,
        difference: null,
        differencePercent: null,
        flagged: false,
      },
    ],
    extras: [{ label: 'Haul away old cabinets', amount: 150 }],
    exclusions: 'Permits are not included.',
    validUntil: '2026-12-05',
    expired: false,
    startFrom: '2026-12-01',
    startTo: '2026-12-10',
    note: 'We can start early in the month.',
    total: 2470,
    position: 'within',
    positionAmount: 0,
    revisedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function bid(id: string, name: string, overrides: Partial<EstimateBid> = {}): EstimateBid {
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
      companyName: `${name} Co`,
      plan: 'starter',
      profilePath: `/pros/p-${id}-${name.toLowerCase().replaceAll(' ', '-')}-co`,
      medianResponseSeconds: null,
    },
    quote: quote(),
    ...overrides,
  };
}

function renderBids(items: EstimateBid[], routes = {}) {
  return renderApp({
    path: '/estimates/e1',
    user: customer,
    routes: {
      'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted', bidCount: items.length }) },
      'GET /api/estimates/e1/bids': { body: { items } },
      ...routes,
    },
  });
}

describe('bids compared with the estimate', { timeout: 20_000 }, () => {
  it('sets each quoted line beside the estimate with the difference, marks a line over 20% in words, and says what is not quoted', async () => {
    renderBids([
      bid('b1', 'Dana Builds', {
        featured: true,
        provider: {
          ...bid('b1', 'x').provider,
          name: 'Dana Builds',
          companyName: 'Dana Builds Co',
          plan: 'deluxe',
          medianResponseSeconds: 1800,
        },
      }),
    ]);
    const table = await screen.findByRole('table', {
      name: "Dana Builds Co's quote line by line against your estimate",
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Line', 'Your estimate', 'Quote', 'Difference']);
    const cabinets = within(table).getByRole('row', { name: /^Cabinets/ });
    expect(cabinets).toHaveTextContent('$1,200.00');
    expect(cabinets).toHaveTextContent('$1,320.00');
    expect(cabinets).toHaveTextContent('$120.00 more (+10%)');
    expect(cabinets).not.toHaveTextContent('above your estimate');
    const counters = within(table).getByRole('row', { name: /^Countertops/ });
    expect(counters).toHaveTextContent('$200.00 more (+25%)');
    expect(counters).toHaveTextContent('More than 20% above your estimate');
    expect(within(table).getByRole('row', { name: /^Sink/ })).toHaveTextContent('Not quoted');
    expect(within(table).getByRole('row', { name: /Haul away old cabinets/ })).toHaveTextContent('$150.00');
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(total).toHaveTextContent('$1,901 – $2,851');
    expect(total).toHaveTextContent('$2,470.00');
    expect(total).toHaveTextContent('Within your range');

    const card = screen.getByRole('listitem', { name: /Dana Builds/ });
    expect(card).toHaveTextContent('Featured');
    expect(card).toHaveTextContent('Deluxe');
    expect(card).toHaveTextContent('Usually replies within 30 minutes');
    expect(card).toHaveTextContent('Revised Nov 20, 2026');
    expect(card).toHaveTextContent('Valid until Dec 5, 2026');
    expect(card).toHaveTextContent('Dec 1, 2026 to Dec 10, 2026');
    expect(card).toHaveTextContent('Permits are not included.');
    expect(card).toHaveTextContent('We can start early in the month.');
    const pdf = within(card).getByRole('link', { name: "Download PDF of Dana Builds Co's quote" });
    expect(pdf).toHaveAttribute('href', '/api/bids/b1/quote.pdf');
    expect(pdf).toHaveAttribute('download');
  });

  it('says how far below or above the range the total is', async () => {
    renderBids([
      bid('b1', 'Low Cost', { quote: quote({ total: 1700, position: 'below', positionAmount: 200.8 }) }),
      bid('b2', 'High End', { quote: quote({ total: 3000, position: 'above', positionAmount: 148.8 }) }),
    ]);
    expect(await screen.findByRole('listitem', { name: /Low Cost/ })).toHaveTextContent(
      '$200.80 below your range',
    );
    expect(screen.getByRole('listitem', { name: /High End/ })).toHaveTextContent('$148.80 above your range');
  });

  it("shows the provider's verified badges, and View profile opens their public page", async () => {
    const proId = '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b';
    const badge = {
      kind: 'license' as const,
      state: 'FL',
      number: 'CGC1234567',
      trade: 'Plumbing',
      coverageAmount: null,
      expiresOn: '2027-08-31',
      verifiedAt: '2026-11-26T15:04:00.000Z',
    };
    const { user, location } = renderBids(
      [
        bid('b1', 'Dana Kowalski', {
          provider: {
            ...bid('b1', 'x').provider,
            id: proId,
            name: 'Dana Kowalski',
            companyName: null,
            profilePath: `/pros/${proId}-dana-k`,
            badges: [badge],
          },
        }),
        bid('b2', 'Sam Fix'),
      ],
      {
        'GET /api/providers/:id': {
          body: {
            id: proId,
            path: `/pros/${proId}-dana-k`,
            companyName: null,
            name: 'Dana K.',
            categories: [],
            city: null,
            state: null,
            memberSince: '2026-03-14T09:30:00.000Z',
            rating: null,
            reviewCount: 0,
            completedJobs: 0,
            featured: false,
            badges: [badge],
            description: null,
            medianFirstResponseSeconds: null,
            portfolio: [],
            listed: true,
          },
        },
      },
    );
    const card = await screen.findByRole('listitem', { name: /Dana Kowalski/ });
    expect(
      within(card).getByRole('list', { name: "Dana Kowalski's verified credentials" }),
    ).toHaveTextContent('Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31');
    expect(
      within(screen.getByRole('listitem', { name: /Sam Fix/ })).queryByRole('list', { name: /verified/ }),
    ).toBeNull();
    await expectNoAxeViolations();
    await user.click(within(card).getByRole('link', { name: 'View profile of Dana Kowalski' }));
    await waitFor(() => expect(currentPath(location)).toBe(`/pros/${proId}-dana-k`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dana K.' })).toBeInTheDocument();
  });

  it('a bid without a quote reads "No price yet" and keeps the provider facts, without a PDF', async () => {
    renderBids([bid('b1', 'Sam Fix', { quote: null })]);
    const card = await screen.findByRole('listitem', { name: /Sam Fix/ });
    expect(card).toHaveTextContent('No price yet');
    expect(card).toHaveTextContent('Starter');
    expect(card).toHaveTextContent('No response time yet');
    expect(within(card).queryByRole('table')).toBeNull();
    expect(within(card).queryByRole('link', { name: /Download PDF/ })).toBeNull();
    expect(within(card).getByRole('button', { name: "Accept Sam Fix's bid" })).toBeEnabled();
  });

  it('an expired quote says so and cannot be accepted', async () => {
    renderBids([bid('b1', 'Late Co', { quote: quote({ expired: true, validUntil: '2026-11-01' }) })]);
    const card = await screen.findByRole('listitem', { name: /Late Co/ });
    expect(card).toHaveTextContent('Expired');
    const accept = within(card).getByRole('button', { name: "Accept Late Co's bid" });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('This quote has expired. Ask the provider for a new one.');
  });

  it('declined and withdrawn bids are not offered for acceptance', async () => {
    renderBids([
      bid('b1', 'Gone', { status: 'withdrawn' }),
      bid('b2', 'Passed', { status: 'declined', quote: null }),
    ]);
    const gone = await screen.findByRole('listitem', { name: /Gone/ });
    expect(gone).toHaveTextContent('Withdrawn');
    expect(within(gone).queryByRole('button', { name: /Accept/ })).toBeNull();
    const passed = screen.getByRole('listitem', { name: /Passed/ });
    expect(passed).toHaveTextContent('Declined');
    expect(within(passed).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('a failed load says so and tries again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted', bidCount: 1 }) },
        'GET /api/site-visits': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
        'GET /api/estimates/e1/bids': () =>
          fail
            ? { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } }
            : { body: { items: [bid('b1', 'Sam Fix', { quote: null })] } },
      },
    });
    expect(await screen.findByText('Failed to load bids.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: /Sam Fix/ })).toBeInTheDocument();
  });
});

describe('hiring', { timeout: 20_000 }, () => {
  it("names the quote's total, sends no price for a quoted bid, and shows a refusal in the dialog", async () => {
    const { user, calls } = renderBids([bid('b1', 'Dana Builds')], {
      'POST /api/estimates/e1/bids/b1/accept': {
        status: 409,
        body: { error: 'Another provider is already hired for this estimate.', code: 'CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: "Accept Dana Builds's bid" }));
    const dialog = await screen.findByRole('dialog', { name: 'Hire Dana Builds Co for $2,470.00?' });
    expect(within(dialog).queryByLabelText('Agreed price (dollars)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Hire' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another provider is already hired for this estimate.',
    );
    const sent = calls.find((c) => c.path === '/api/estimates/e1/bids/b1/accept');
    expect(sent?.body).toBeUndefined();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Closed from the keyboard, the focus is back on the Accept button it came from.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: "Accept Dana Builds's bid" })).toHaveFocus(),
    );
  });

  it('refuses a price that is not dollars before sending anything', async () => {
    const { user, calls } = renderBids([bid('b1', 'Sam Fix', { quote: null })]);
    await user.click(await screen.findByRole('button', { name: "Accept Sam Fix's bid" }));
    const dialog = await screen.findByRole('dialog', { name: 'Hire Sam Fix Co for $2,376.00?' });
    const price = within(dialog).getByLabelText('Agreed price (dollars)');
    await user.clear(price);
    await user.type(price, 'abc');
    expect(screen.getByRole('dialog', { name: 'Hire Sam Fix Co?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hire' }));
    expect(price).toHaveAccessibleDescription('Enter the price in dollars');
    expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(false);
  });
});

describe("the owner's actions", { timeout: 20_000 }, () => {
  it('posting asks first with what providers will see, never the street address', async () => {
    const draft = makeEstimate({ address: '12 Elm Street', description: 'Replace the old cabinets.' });
    const { user, calls } = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: draft },
        'PATCH /api/estimates/e1/post': { body: makeEstimate({ status: 'posted' }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post this estimate?' });
    const preview = within(dialog).getByRole('region', { name: 'What providers will see' });
    expect(preview).toHaveTextContent('Kitchen Remodel - Kitchen');
    expect(preview).toHaveTextContent('Kitchen Remodel');
    expect(preview).toHaveTextContent('Jacksonville, FL');
    expect(preview).toHaveTextContent('$1,901 to $2,851');
    expect(preview).toHaveTextContent('Replace the old cabinets.');
    expect(dialog).not.toHaveTextContent('12 Elm Street');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Post estimate' }));
    expect(await screen.findByText('Estimate posted')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/api/estimates/e1/post')).toBe(true);
  });

  it('Compare bids moves the focus to the bids', async () => {
    const { user } = renderBids([bid('b1', 'Dana Builds')]);
    await screen.findByRole('listitem', { name: /Dana Builds/ });
    await user.click(screen.getByRole('button', { name: 'Compare bids' }));
    expect(screen.getByRole('heading', { name: 'Bids' })).toHaveFocus();
  });

  it('a hired estimate goes to its job', async () => {
    renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'hired', bidCount: 1 }) },
        'GET /api/estimates/e1/bids': { body: { items: [bid('b1', 'Dana Builds', { status: 'accepted' })] } },
        'GET /api/jobs?estimateId=e1': {
          body: {
            items: [
              {
                id: 'j7',
                estimateId: 'e1',
                estimateTitle: 'Kitchen Remodel - Kitchen',
                status: 'scheduled',
                total: 2470,
                scheduledDate: '2026-12-02',
                otherParty: 'Dana Builds Co',
                viewerRole: 'customer',
                createdAt: '2026-11-21T10:00:00.000Z',
                updatedAt: '2026-11-21T10:00:00.000Z',
              },
            ],
            total: 1,
          },
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Go to the job' })).toHaveAttribute('href', '/jobs/j7');
    const heading = screen.getByRole('heading', { level: 1, name: 'Kitchen Remodel - Kitchen' });
    expect(within(heading.parentElement!).getByText('Hired')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: /Dana Builds/ })).toHaveTextContent('Hired');
  });

  it('a completed estimate is posted again as a copy: a new draft opens', async () => {
    const { user, calls, location } = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'completed' }) },
        'GET /api/estimates/e1/bids': { body: { items: [] } },
        'POST /api/estimates/e1/copy': { status: 201, body: makeEstimate({ id: 'e9' }) },
        'GET /api/estimates/e9': { body: makeEstimate({ id: 'e9' }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Post a copy' }));
    expect(await screen.findByText('Copy saved as a draft')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/estimates/e9'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/estimates/e1/copy')).toBe(true);
  });
});

describe('the Hired status', { timeout: 20_000 }, () => {
  it('shows as a badge in My Estimates and is a status to filter by', async () => {
    const { calls } = renderApp({
      path: '/estimates?status=hired',
      user: customer,
      routes: { 'GET /api/estimates': { body: estimatePage([makeEstimate({ status: 'hired' })]) } },
    });
    const list = await screen.findByRole('list', { name: /estimates/i });
    expect(within(list).getByText('Hired')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveTextContent('Hired');
    await waitFor(() => expect(calls.some((c) => c.path.includes('status=hired'))).toBe(true));
  });
});
