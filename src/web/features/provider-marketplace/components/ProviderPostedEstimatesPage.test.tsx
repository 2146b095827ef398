import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { makeEstimate } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat' });
const E = '11111111-1111-4111-8111-111111111111';
const F = '22222222-2222-4222-8222-222222222222';

/** A posted kitchen estimate (the builder's Cabinets line) as a provider reads it. */
function posted(id: string, title: string, access: Estimate['providerAccess']): Estimate {
  return makeEstimate({
    id,
    title,
    description: '',
    status: 'posted',
    datePosted: '2026-11-20T10:00:00.000Z',
    providerAccess: access,
  });
}

describe('/provider/posted-estimates', { timeout: 20_000 }, () => {
  it('shows the spec’s columns; Message where a bid exists; Upgrade Required with the reason', async () => {
    renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: {
        'GET /api/posted-estimates': {
          body: {
            items: [
              posted(E, 'Kitchen refit', { allowed: true, label: 'Message', reason: null }),
              posted(F, 'Cabinet swap', {
                allowed: false,
                label: 'Upgrade Required',
                reason: 'Upgrade subscription to access this task',
              }),
            ],
            total: 2,
            totalCapped: false,
            page: 1,
            pageSize: 20,
          },
        },
        'GET /api/tasks/bids': {
          body: {
            items: [{ bidId: 'b1', estimateId: E, status: 'pending', createdAt: '2026-11-21T10:00:00.000Z' }],
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Posted estimates' });
    for (const h of [
      'Category',
      'Task',
      'Subtask & Measurement',
      'Grade',
      'Price',
      'Date Posted',
      'Contact',
    ]) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(within(table).getAllByText('Cabinets: 10 length')).toHaveLength(2);
    expect(within(table).getAllByText('$2,376')).toHaveLength(2);
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Message about Kitchen refit' })).toBeInTheDocument(),
    );
    expect(within(table).getByRole('button', { name: 'Upgrade Required' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(table).getByText('Upgrade subscription to access this task')).toBeInTheDocument();
  });

  it('says when nothing matches, and when the list cannot load', async () => {
    const empty = renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: {
        'GET /api/posted-estimates': {
          body: { items: [], total: 0, totalCapped: false, page: 1, pageSize: 20 },
        },
        'GET /api/tasks/bids': { body: { items: [] } },
      },
    });
    expect(await screen.findByText('No posted estimates found matching your criteria.')).toBeInTheDocument();
    empty.unmount();
    renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: { 'GET /api/posted-estimates': { status: 500, body: { error: 'Down', code: 'INTERNAL' } } },
    });
    expect(await screen.findByText('Error loading estimates. Please try again.')).toBeInTheDocument();
  });

  it('tells a customer the page is for service providers, and an anonymous visitor to log in', async () => {
    const asCustomer = renderApp({
      path: '/provider/posted-estimates',
      user: makeUser({ role: 'customer' }),
    });
    expect(await screen.findByText('This page is only available to service providers.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all posted estimates' })).toHaveAttribute(
      'href',
      '/posted-estimates',
    );
    expect(asCustomer.calls.some((c) => c.path.startsWith('/api/tasks'))).toBe(false);
    asCustomer.unmount();
    renderApp({ path: '/provider/posted-estimates' });
    expect(await screen.findByText('Please log in to view posted estimates.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprovider%2Fposted-estimates',
    );
  });
});
