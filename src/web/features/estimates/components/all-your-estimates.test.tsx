// Every estimate of the customer's is one link away, whatever its status: "See all your estimates" on Saved
// Estimates and the dashboard's estimate blocks, a posted estimate says where it went, /my-estimates is the same
// list as /estimates (every status, filtered on the server), back links carry the navigation's names, and
// /posted-estimates tells a customer what it is for them.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimatePage, makeEstimate } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';
import type { Estimate } from '../api/types.ts';

// The first visit loads the screen's lazy chunk, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1' });
const provider = makeUser({ id: 'p1', role: 'provider' });
const page = (items: Estimate[]) => ({ body: estimatePage(items) });
const usage = {
  body: {
    plan: 'free' as const,
    generated: { used: 1, limit: 10 },
    saved: { used: 1, limit: 5 },
    posted: { used: 0, limit: 1 },
    picturesPerEstimate: 0,
    periodStart: '2026-11-01T00:00:00.000Z',
    resetsAt: '2026-12-01T00:00:00.000Z',
  },
};

describe('see all your estimates', { timeout: 20_000 }, () => {
  it('saved estimates links to My Estimates, and a posted draft says where it went', async () => {
    const { user } = renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': page([makeEstimate({ title: 'Leaky shower' })]),
        'GET /api/estimates/usage': usage,
        'PATCH /api/estimates/e1/post': { body: makeEstimate({ title: 'Leaky shower', status: 'posted' }) },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Estimates' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your estimates' })).toHaveAttribute(
      'href',
      '/estimates',
    );
    expect(screen.queryByText(/Posted: providers can see it\./)).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Post Leaky shower' }));
    const notice = (await screen.findByText(/Posted: providers can see it\./)).closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent('Leaky shower');
    expect(notice).toHaveTextContent('Posted: providers can see it. See all your estimates');
    expect(
      within(notice as HTMLElement).getByRole('link', { name: 'See all your estimates' }),
    ).toHaveAttribute('href', '/estimates');
  });

  it("the dashboard's estimate blocks: See all your estimates, and Posted Estimates opens My Estimates on posted", async () => {
    renderApp({
      path: '/dashboard/customer',
      user: customer,
      routes: {
        'GET /api/messages': { body: [] },
        'GET /api/messages/unread-count': { body: { unreadCount: 0 } },
        'GET /api/estimates': page([makeEstimate()]),
        'GET /api/estimates/usage': usage,
      },
    });
    const recent = await screen.findByRole('region', { name: 'Recent Estimates' });
    expect(within(recent).getByRole('link', { name: 'See all your estimates' })).toHaveAttribute(
      'href',
      '/estimates',
    );
    const stats = screen.getByRole('list', { name: 'Statistics' });
    expect(within(stats).getByRole('link', { name: /Posted Estimates/ })).toHaveAttribute(
      'href',
      '/estimates?status=posted',
    );
    expect(within(stats).getByRole('link', { name: /Total Estimates/ })).toHaveAttribute(
      'href',
      '/estimates',
    );
  });

  it("an owner's posted estimate says where it went on its page; a draft does not", async () => {
    const posted = renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: {
        'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted' }) },
        'GET /api/estimates/e1/bids': { body: { items: [] } },
      },
    });
    expect(await screen.findByText(/Posted: providers can see it\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your estimates' })).toHaveAttribute(
      'href',
      '/estimates',
    );
    expect(screen.getByRole('link', { name: '← My Estimates' })).toHaveAttribute('href', '/estimates');
    posted.unmount();

    renderApp({
      path: '/estimates/e1',
      user: customer,
      routes: { 'GET /api/estimates/e1': { body: makeEstimate() } },
    });
    expect(await screen.findByRole('link', { name: '← Saved Estimates' })).toHaveAttribute(
      'href',
      '/saved-estimates',
    );
    expect(screen.queryByText(/Posted: providers can see it\./)).toBeNull();
  });

  it("back links name the reader's own list: a provider goes back to Available Tasks", async () => {
    renderApp({
      path: '/estimates/e1',
      user: provider,
      routes: { 'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted' }) } },
    });
    expect(await screen.findByRole('link', { name: '← Available Tasks' })).toHaveAttribute('href', '/tasks');
    expect(screen.queryByText(/Posted: providers can see it\./)).toBeNull();
  });
});

describe('/my-estimates and /estimates', { timeout: 20_000 }, () => {
  const items = [
    makeEstimate({ id: 'e1', title: 'Leaky shower', status: 'posted' }),
    makeEstimate({ id: 'e2', title: 'Deck stain', status: 'completed' }),
    makeEstimate({ id: 'e3', title: 'Fence', status: 'cancelled' }),
  ];

  it('show the same list from the same call, every status, each with delete', async () => {
    const seen: { calls: string[]; titles: string[] }[] = [];
    for (const path of ['/estimates', '/my-estimates']) {
      const view = renderApp({ path, user: customer, routes: { 'GET /api/estimates': page(items) } });
      expect(await screen.findByRole('heading', { level: 1, name: 'My Estimates' })).toBeInTheDocument();
      await screen.findByRole('link', { name: 'Fence' });
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses');
      expect(screen.getByRole('button', { name: 'Delete Deck stain' })).toBeInTheDocument();
      seen.push({
        calls: view.calls.filter((c) => c.path.startsWith('/api/estimates')).map((c) => c.path),
        titles: ['Leaky shower', 'Deck stain', 'Fence'].filter((t) =>
          screen.queryByRole('link', { name: t }),
        ),
      });
      view.unmount();
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]!.titles).toHaveLength(3);
  });

  it('the status filter lists every status and asks the server for the one chosen', async () => {
    const { user, calls } = renderApp({
      path: '/my-estimates',
      user: customer,
      routes: { 'GET /api/estimates': page(items) },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All statuses', 'Draft', 'Posted', 'Hired', 'Completed', 'Cancelled']);
    await user.click(screen.getByRole('option', { name: 'Hired' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('status=hired'))).toBe(true));
  });

  it('opens on one status from the address (?status=posted)', async () => {
    const { calls } = renderApp({
      path: '/estimates?status=posted',
      user: customer,
      routes: { 'GET /api/estimates': page([items[0]!]) },
    });
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('Posted');
    await waitFor(() => expect(calls.some((c) => c.path.includes('status=posted'))).toBe(true));
  });

  it('deletes after confirmation on /my-estimates', async () => {
    const { user, calls } = renderApp({
      path: '/my-estimates',
      user: customer,
      routes: { 'GET /api/estimates': page(items), 'DELETE /api/estimates/e2': { status: 204 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Deck stain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Estimate' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Estimate deleted successfully!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/estimates/e2')).toBe(true);
  });
});

describe('/posted-estimates', { timeout: 20_000 }, () => {
  it('tells a customer in one sentence what it is for them, with the way to their own estimates', async () => {
    const view = renderApp({
      path: '/posted-estimates',
      user: customer,
      routes: { 'GET /api/posted-estimates': page([makeEstimate({ status: 'posted', customerId: 'x' })]) },
    });
    const sentence = await screen.findByText(/Providers browse this list to find work/);
    expect(sentence).toHaveTextContent(
      'Providers browse this list to find work; your own estimates, whatever their status, are in My Estimates. See all your estimates',
    );
    expect(within(sentence).getByRole('link', { name: 'See all your estimates' })).toHaveAttribute(
      'href',
      '/estimates',
    );
    view.unmount();

    renderApp({
      path: '/posted-estimates',
      user: provider,
      routes: { 'GET /api/posted-estimates': page([makeEstimate({ status: 'posted', customerId: 'x' })]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Posted Estimates' })).toBeInTheDocument();
    expect(screen.queryByText(/Providers browse this list to find work/)).toBeNull();
  });
});
