// /jobs: my jobs a page of 20 at a time, filtered by state on the server; each row names the estimate, the other
// party, the state, the start date and the total; the empty list says how a job starts, for each role; a failed
// read offers Try again.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';
import { makeJobListItem } from '../test-data.ts';
import { expectNoAxeViolations } from '#web/test/axe.ts';

// The first visit loads the screen's lazy chunk, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1' });
const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });

describe('my jobs', { timeout: 20_000 }, () => {
  it('lists each job with the other party, its state, the start date and the total', async () => {
    const { calls } = renderApp({
      path: '/jobs',
      user: customer,
      routes: {
        'GET /api/jobs': {
          body: {
            items: [
              makeJobListItem({ status: 'scheduled', scheduledDate: '2026-12-07', total: 2550 }),
              makeJobListItem({ id: 'j2', estimateTitle: 'Deck stain', otherParty: 'Shiny Decks' }),
            ],
            total: 2,
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Jobs' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Kitchen Remodel - Kitchen' })).toHaveAttribute(
      'href',
      '/jobs/j1',
    );
    expect(first).toHaveTextContent('Provider: Lee Builders');
    expect(first).toHaveTextContent('Scheduled');
    expect(first).toHaveTextContent('Dec 7, 2026');
    expect(first).toHaveTextContent('$2,550');
    expect(second).toHaveTextContent('Hired');
    expect(second).toHaveTextContent('Not set yet');
    expect(calls.some((c) => c.path === '/api/jobs?page=1&pageSize=20')).toBe(true);
    await expectNoAxeViolations();
  });

  it('a provider reads the customer on each row', async () => {
    renderApp({
      path: '/jobs',
      user: provider,
      routes: {
        'GET /api/jobs': {
          body: { items: [makeJobListItem({ viewerRole: 'provider', otherParty: 'Casey J.' })], total: 1 },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Jobs' });
    expect(list).toHaveTextContent('Customer: Casey J.');
  });

  it('pages through the server 20 at a time', async () => {
    const items = Array.from({ length: 20 }, (_, i) =>
      makeJobListItem({ id: `j${i}`, estimateTitle: `Job ${i}` }),
    );
    const { user, calls } = renderApp({
      path: '/jobs',
      user: customer,
      routes: { 'GET /api/jobs': { body: { items, total: 45 } } },
    });
    const pager = await screen.findByRole('navigation', { name: 'Jobs pages' });
    expect(pager).toHaveTextContent('Showing 1 to 20 of 45');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/jobs?page=2&pageSize=20')).toBe(true));
    expect(await screen.findByText('Showing 21 to 40 of 45')).toBeInTheDocument();
  });

  it('filters by state: All and each state of a job', async () => {
    const { user, calls } = renderApp({
      path: '/jobs',
      user: customer,
      routes: { 'GET /api/jobs': { body: { items: [makeJobListItem()], total: 1 } } },
    });
    const filter = await screen.findByRole('combobox', { name: 'Status' });
    expect(filter).toHaveTextContent('All');
    await user.click(filter);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'All',
      'Hired',
      'Scheduled',
      'In progress',
      'Completion requested',
      'Completed',
      'Cancelled',
    ]);
    await user.click(screen.getByRole('option', { name: 'In progress' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/jobs?page=1&pageSize=20&status=in_progress')).toBe(true),
    );
  });

  it.each([
    ['customer', customer, 'When you accept a bid, the job appears here.'],
    ['provider', provider, 'When a customer hires you, the job appears here.'],
  ])('an empty list tells a %s how a job starts', async (_, who, how) => {
    renderApp({ path: '/jobs', user: who, routes: { 'GET /api/jobs': { body: { items: [], total: 0 } } } });
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
    expect(screen.getByText(how)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Jobs pages' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('says it is loading, then on a failed read offers Try again, which reads the list again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/jobs',
      user: customer,
      routes: {
        'GET /api/jobs': () =>
          fail ? { status: 500, body: INTERNAL_ERROR } : { body: { items: [makeJobListItem()], total: 1 } },
      },
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading your jobs. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Kitchen Remodel - Kitchen' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in', async () => {
    const { location } = renderApp({ path: '/jobs' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login?next=%2Fjobs'));
  });
});
