import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { feedPage, makeEstimate, makeProjectFeedItem } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat' });
const E = '11111111-1111-4111-8111-111111111111';
const F = '22222222-2222-4222-8222-222222222222';

function task(id: string, title: string, access: Estimate['providerAccess']): Estimate {
  return makeEstimate({
    id,
    title,
    description: `${title} project`,
    task: 'Cabinets',
    subtasks: ['Cabinet install'],
    measurements: {},
    finalEstimate: 1000,
    minBudget: 800,
    maxBudget: 1200,
    status: 'posted',
    datePosted: new Date().toISOString(),
    providerAccess: access,
  });
}
const page = (items: Parameters<typeof feedPage>[0]) => feedPage(items, { pageSize: 12 });

describe('/tasks and /posted-tasks', { timeout: 20_000 }, () => {
  it('lists tasks; Send Bid places the bid and toasts; a locked task says why', async () => {
    const { user, calls } = renderApp({
      path: '/tasks',
      user: provider,
      routes: {
        'GET /api/tasks': {
          body: page([
            task(E, 'Kitchen refit', { allowed: true, label: 'Message', reason: null }),
            task(F, 'Bath redo', {
              allowed: false,
              label: 'Upgrade Required',
              reason: 'Not subscribed to this category',
            }),
          ]),
        },
        'GET /api/tasks/bids': { body: { items: [] } },
        [`POST /api/tasks/${E}/bid`]: {
          status: 201,
          body: {
            message: 'Bid placed successfully',
            created: true,
            bid: {
              id: 'b1',
              estimateId: E,
              providerId: 'p1',
              status: 'pending',
              createdAt: new Date().toISOString(),
              decidedAt: null,
            },
          },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Tasks' });
    expect(within(list).getByText('Not subscribed to this category')).toBeInTheDocument();
    // A budget in the list is whole dollars.
    expect(within(list).getAllByText(/^Budget \$800 – \$1,200 · /)).toHaveLength(2);
    expect(screen.getByText('Page 1 · 2 tasks')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Upgrade Required' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(list).getByRole('button', { name: 'Send Bid on Kitchen refit' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/tasks/${E}/bid`)).toBe(true),
    );
    expect(await screen.findByText('Bid placed successfully')).toBeInTheDocument();
  });

  it('sends sort, category and search to the server and shows the spec’s empty states', async () => {
    const { user, calls } = renderApp({
      path: '/tasks',
      user: provider,
      routes: { 'GET /api/tasks': { body: page([]) }, 'GET /api/tasks/bids': { body: { items: [] } } },
    });
    expect(await screen.findByText('No available tasks at the moment.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort'), 'budget-high-low');
    await user.selectOptions(screen.getByLabelText('Category'), 'hvac');
    expect(await screen.findByText('No tasks match your filters.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.startsWith('/api/tasks?') &&
            /sort=budget-high-low/.test(c.path) &&
            /category=hvac/.test(c.path),
        ),
      ).toBe(true),
    );
  });

  it('/posted-tasks: category tabs and its own empty texts', async () => {
    const { user } = renderApp({
      path: '/posted-tasks',
      user: provider,
      routes: { 'GET /api/tasks/posted': { body: page([]) }, 'GET /api/tasks/bids': { body: { items: [] } } },
    });
    expect(await screen.findByText('No tasks available at the moment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kitchen' }));
    expect(screen.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No tasks match your current filters')).toBeInTheDocument();
  });

  it('lists live projects marked "Project" among the estimates, with the project’s offer flow', async () => {
    const project = makeProjectFeedItem({
      id: 'p1',
      title: 'Redo the kitchen',
      minBudget: 5000,
      maxBudget: 9000,
      bidCount: 2,
    });
    const { user, calls } = renderApp({
      path: '/tasks',
      user: provider,
      routes: {
        'GET /api/tasks': {
          body: page([task(E, 'Kitchen refit', { allowed: true, label: 'Message', reason: null }), project]),
        },
        'GET /api/tasks/bids': { body: { items: [] } },
        'POST /api/projects/p1/messages': {
          status: 201,
          body: {
            message: {
              id: 'm1',
              body: 'I can start Monday',
              offerAmount: 6500,
              senderUserId: 'p1',
              senderName: 'Pat P.',
              createdAt: new Date().toISOString(),
              connected: false,
            },
          },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Tasks' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // The estimate has no marker and its bid; the project is marked, links to its page and offers instead.
    expect(within(cards[0]!).queryByText('Project')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Send Bid on Kitchen refit' })).toBeInTheDocument();
    const card = cards[1]!;
    expect(within(card).getByText('Project')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Redo the kitchen' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(card).toHaveTextContent('Budget $5,000 – $9,000 · Jacksonville · 2 offers');
    expect(within(card).queryByRole('button', { name: /Send Bid/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send an offer on Redo the kitchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send an offer on Redo the kitchen' });
    expect(within(dialog).getByText(/shares the customer’s name, email and phone/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Message'), 'I can start Monday');
    await user.type(within(dialog).getByLabelText('Offer amount (USD, optional)'), '6500');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Message sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/projects/p1/messages')?.body).toEqual({
      body: 'I can start Monday',
      offerAmount: '6500',
    });
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/bid'))).toBe(false);
  });

  it('shows a project without a budget as open, and the server’s reason when an offer is refused', async () => {
    const { user } = renderApp({
      path: '/posted-tasks',
      user: provider,
      routes: {
        'GET /api/tasks/posted': {
          body: page([
            makeProjectFeedItem({ id: 'p2', title: 'Patio slab', minBudget: null, maxBudget: null }),
          ]),
        },
        'GET /api/tasks/bids': { body: { items: [] } },
        'POST /api/projects/p2/messages': {
          status: 409,
          body: { error: 'This project is no longer taking offers', code: 'CONFLICT' },
        },
      },
    });
    const card = (await screen.findByRole('link', { name: 'Patio slab' })).closest('li')!;
    expect(card).toHaveTextContent('Budget open · Jacksonville · No offers yet');
    // One item is counted in the singular.
    expect(screen.getByText('Page 1 · 1 task')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send an offer on Patio slab' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This project is no longer taking offers')).toBeInTheDocument();
  });
});
