import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import type { ProviderBids as ProviderBidsPage } from '#domain/schemas/bid.schema';
import type { OwnQuote } from '#domain/schemas/quote.schema';
import { mockApi, renderWithProviders } from '#web/test/render.tsx';
import { ProviderBids } from './ProviderBids.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

type Item = ProviderBidsPage['items'][number];

const quote: OwnQuote = {
  id: 'q1',
  revision: 2,
  lines: [{ subtaskId: 'kitchen-cabinets', subtask: 'Cabinets', amount: 2400 }],
  extras: [{ label: 'Haul away', amount: 150.5 }],
  exclusions: '',
  validUntil: '2026-12-20',
  startFrom: null,
  startTo: null,
  note: '',
  total: 2550.5,
  createdAt: '2026-11-21T10:00:00.000Z',
  revisedAt: '2026-11-22T10:00:00.000Z',
};

function bid(id: string, title: string, status: Item['status'], q: OwnQuote | null = null): Item {
  return {
    id,
    estimateId: `e-${id}`,
    providerId: 'p1',
    status,
    createdAt: '2026-11-21T10:00:00.000Z',
    decidedAt: status === 'pending' ? null : '2026-11-23T10:00:00.000Z',
    estimate: {
      title,
      category: 'kitchen',
      task: 'Kitchen Remodel',
      status: 'posted',
      minBudget: 2000,
      maxBudget: 3000,
      customerName: 'Casey J.',
      datePosted: '2026-11-20T10:00:00.000Z',
    },
    quote: q,
  };
}

const items = [
  bid('b1', 'Kitchen refit', 'pending', quote),
  bid('b2', 'Bath redo', 'declined'),
  bid('b3', 'Deck stain', 'withdrawn'),
  bid('b4', 'Roof patch', 'accepted', quote),
];

describe('Your bids', { timeout: 20_000 }, () => {
  it('says each bid’s state in words, its quote total, the PDF and the hired job', async () => {
    mockApi({
      'GET /api/bids/provider': { body: { items, total: items.length } },
      'GET /api/jobs?estimateId=e-b4': {
        body: {
          items: [
            {
              id: 'j9',
              estimateId: 'e-b4',
              estimateTitle: 'Roof patch',
              status: 'hired',
              total: 2550.5,
              scheduledDate: null,
              otherParty: 'Casey J.',
              viewerRole: 'provider',
              createdAt: '2026-11-23T10:00:00.000Z',
              updatedAt: '2026-11-23T10:00:00.000Z',
            },
          ],
          total: 1,
        },
      },
    });
    renderWithProviders(<ProviderBids />);
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const [pending, declined, withdrawn, hired] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(pending).toHaveTextContent('Waiting for the customer');
    expect(pending).toHaveTextContent('Your quote: $2,550.50 (revised)');
    expect(
      within(pending).getByRole('link', { name: 'Download PDF of your quote for Kitchen refit' }),
    ).toHaveAttribute('href', '/api/bids/b1/quote.pdf');
    expect(
      within(pending).getByRole('button', { name: 'Withdraw bid on Kitchen refit' }),
    ).toBeInTheDocument();

    expect(declined).toHaveTextContent('Not selected');
    expect(declined).toHaveTextContent('No price yet');
    expect(within(declined).queryByRole('button')).not.toBeInTheDocument();
    expect(within(declined).queryByText(/Download PDF/)).not.toBeInTheDocument();

    expect(withdrawn).toHaveTextContent('Withdrawn');
    expect(within(withdrawn).queryByRole('button')).not.toBeInTheDocument();

    expect(hired).toHaveTextContent('Hired');
    await waitFor(() =>
      expect(within(hired).getByRole('link', { name: 'Go to the job for Roof patch' })).toHaveAttribute(
        'href',
        '/jobs/j9',
      ),
    );
    await expectNoAxeViolations();
  });

  it('offers to propose a site visit on a pending bid while the job is posted, not once it was unposted', async () => {
    const unposted = bid('b5', 'Fence repair', 'pending');
    unposted.estimate.status = 'draft';
    const open = [bid('b1', 'Kitchen refit', 'pending'), unposted];
    mockApi({
      'GET /api/bids/provider': { body: { items: open, total: open.length } },
      'GET /api/site-visits?pageSize=50': { body: { items: [], total: 0, page: 1, pageSize: 50 } },
    });
    renderWithProviders(<ProviderBids />);
    const [posted, draft] = within(await screen.findByRole('list')).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(posted).getByRole('link', { name: 'Propose a site visit' })).toHaveAttribute(
      'href',
      '/estimates/e-b1#site-visit',
    );
    expect(within(draft).queryByRole('link', { name: 'Propose a site visit' })).not.toBeInTheDocument();
  });

  it('withdraws a pending bid only after the confirmation, and says so', async () => {
    const { calls } = mockApi({
      'GET /api/bids/provider': { body: { items: [bid('b1', 'Kitchen refit', 'pending')], total: 1 } },
      'DELETE /api/bids/b1': {
        body: {
          message: 'Bid withdrawn',
          bid: {
            id: 'b1',
            estimateId: 'e-b1',
            providerId: 'p1',
            status: 'withdrawn',
            createdAt: '2026-11-21T10:00:00.000Z',
            decidedAt: '2026-11-24T10:00:00.000Z',
          },
        },
      },
    });
    const { user } = renderWithProviders(<ProviderBids />);
    await user.click(await screen.findByRole('button', { name: 'Withdraw bid on Kitchen refit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this bid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the bid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Withdraw bid on Kitchen refit' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw this bid?' });
    await user.click(within(again).getByRole('button', { name: 'Withdraw bid' }));
    expect(await screen.findByText('Bid withdrawn')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/bids/b1']);
  });

  it('says when there are no bids yet, and when they cannot load', async () => {
    mockApi({ 'GET /api/bids/provider': { body: { items: [], total: 0 } } });
    const empty = renderWithProviders(<ProviderBids />);
    expect(await screen.findByText('You have not bid on any work yet.')).toBeInTheDocument();
    empty.unmount();
    vi.unstubAllGlobals();
    mockApi({
      'GET /api/bids/provider': { status: 500, body: { error: 'Down', code: 'INTERNAL' } },
    });
    renderWithProviders(<ProviderBids />);
    expect(await screen.findByText('Failed to load your bids.')).toBeInTheDocument();
  });
});
