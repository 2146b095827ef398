// The /pros directory (decision 0046): the filters and the order in the address and in the request, the cards, the
// server's paging, and the loading, empty and error states.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderCard } from '#domain/schemas/pro-profile.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { currentPath, renderApp, type RecordedCall } from '#web/test/render.tsx';
import { insuranceBadge, makeCard } from '../pros-test-data.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const page = (items: ProviderCard[], total = items.length, p = 1) => ({
  body: { items, total, page: p, pageSize: 20 },
});
const reads = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path.startsWith('/api/providers')).map((c) => c.path);
const search = (location: { history?: string[] }) => new URL(currentPath(location)!, 'http://x').search;

const featured = makeCard({
  id: 'a1',
  path: '/pros/a1-coastal-roofing',
  companyName: 'Coastal Roofing',
  name: 'Lee M.',
  featured: true,
  badges: [],
  reviewCount: 0,
  rating: null,
  completedJobs: 1,
  city: 'Miami',
});
const bright = makeCard({ badges: [makeCard().badges[0]!, insuranceBadge] });

describe('the pro directory', { timeout: 30_000 }, () => {
  it('lists the pros as cards: name, rating, jobs, city, first badge, Featured', async () => {
    const { calls } = renderApp({
      path: '/pros',
      routes: { 'GET /api/providers': page([featured, bright]) },
    });
    const list = await screen.findByRole('list', { name: 'Pros' });
    const [first, second] = within(list).getAllByRole('article');
    expect(within(first!).getByRole('link', { name: 'Coastal Roofing' })).toHaveAttribute(
      'href',
      '/pros/a1-coastal-roofing',
    );
    expect(first).toHaveTextContent('Featured');
    expect(first).toHaveTextContent('No reviews yet');
    expect(first).toHaveTextContent('1 completed job · Miami, FL');
    expect(second).toHaveTextContent('Dana K.');
    expect(second).toHaveTextContent('4.8 out of 5 · 12 reviews');
    expect(second).toHaveTextContent('13 completed jobs · Jacksonville, FL');
    expect(second).toHaveTextContent('Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31');
    expect(second).toHaveTextContent('and 1 more verified credential');
    expect(second).not.toHaveTextContent('Featured');
    expect(screen.getByText('Showing 1 to 2 of 2 pros')).toBeInTheDocument();
    expect(reads(calls)).toEqual(['/api/providers']);
    await expectNoAxeViolations();
  });

  it('reads the filters from the address and puts each change into it and the request (page back to 1)', async () => {
    const { calls, user, location } = renderApp({
      path: '/pros?category=kitchen&sort=jobs&page=2',
      routes: { 'GET /api/providers': (call) => page([bright], 45, call.path.includes('page=2') ? 2 : 1) },
    });
    await screen.findByRole('list', { name: 'Pros' });
    expect(screen.getByLabelText('Category')).toHaveValue('kitchen');
    expect(screen.getByLabelText('Sort by')).toHaveValue('jobs');
    expect(reads(calls)).toEqual(['/api/providers?category=kitchen&sort=jobs&page=2']);

    await user.selectOptions(screen.getByLabelText('Rating'), '4.5');
    await waitFor(() => expect(search(location)).toBe('?category=kitchen&sort=jobs&minRating=4.5'));
    await user.click(screen.getByRole('checkbox', { name: /Verified pros only/ }));
    await waitFor(() => expect(search(location)).toContain('verified=true'));
    await user.type(screen.getByLabelText('City'), 'Jacksonville');
    await waitFor(() => expect(search(location)).toContain('city=Jacksonville'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'ranking');
    await waitFor(() => expect(search(location)).not.toContain('sort='));
    await waitFor(() =>
      expect(reads(calls).at(-1)).toBe(
        '/api/providers?category=kitchen&city=Jacksonville&minRating=4.5&verified=true',
      ),
    );
    // The city was asked for once, when typing paused, not once a letter.
    expect(
      reads(calls)
        .filter((p) => p.includes('city='))
        .every((p) => p.includes('city=Jacksonville')),
    ).toBe(true);
  });

  it('near a ZIP code: the cards say how far, a distance narrows the list, a malformed or unknown ZIP is said', async () => {
    const { calls, user, location } = renderApp({
      path: '/pros',
      routes: {
        'GET /api/providers': (call) =>
          call.path.includes('near=00000')
            ? {
                status: 400,
                body: {
                  error: 'Bad',
                  code: 'VALIDATION',
                  fields: { near: 'Enter a valid US ZIP code to measure distance from' },
                },
              }
            : page(call.path.includes('near=') ? [{ ...bright, distanceMiles: 12.4 }] : [bright]),
      },
    });
    await screen.findByRole('list', { name: 'Pros' });
    expect(screen.getByLabelText('Distance')).toBeDisabled();
    await user.type(screen.getByLabelText('Near ZIP code'), '1000');
    expect(await screen.findByText('Enter a valid US ZIP code')).toBeInTheDocument();
    expect(screen.getByLabelText('Near ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Near ZIP code'), '1');
    await waitFor(() => expect(search(location)).toBe('?near=10001'));
    const card = await screen.findByText(/12 mi away/);
    expect(card).toHaveTextContent('13 completed jobs · Jacksonville, FL · 12 mi away');
    await user.selectOptions(screen.getByLabelText('Distance'), '25');
    await waitFor(() => expect(reads(calls).at(-1)).toBe('/api/providers?near=10001&radius=25'));
    await expectNoAxeViolations();

    await user.clear(screen.getByLabelText('Near ZIP code'));
    await user.type(screen.getByLabelText('Near ZIP code'), '00000');
    expect(await screen.findByText('No pros can be measured from this ZIP code')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid US ZIP code to measure distance from')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search(location)).toBe(''));
    expect(screen.getByLabelText('Near ZIP code')).toHaveValue('');
  });

  it('pages on the server with Previous and Next', async () => {
    const { calls, user, location } = renderApp({
      path: '/pros',
      routes: {
        'GET /api/providers': (call) => page([bright], 45, call.path.includes('page=2') ? 2 : 1),
      },
    });
    const pager = await screen.findByRole('navigation', { name: 'Pages of pros' });
    expect(pager).toHaveTextContent('Showing 1 to 20 of 45 pros');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search(location)).toBe('?page=2'));
    await waitFor(() => expect(pager).toHaveTextContent('Showing 21 to 40 of 45 pros'));
    expect(reads(calls)).toEqual(['/api/providers', '/api/providers?page=2']);
  });

  it('no match: says so and clears the filters (keeping the order)', async () => {
    const { user, location } = renderApp({
      path: '/pros?city=Nowhere&verified=true&sort=newest',
      routes: {
        'GET /api/providers': (call) => (call.path.includes('city=') ? page([]) : page([bright])),
      },
    });
    expect(await screen.findByText('No pros match these filters')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Nowhere');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('list', { name: 'Pros' });
    expect(search(location)).toBe('?sort=newest');
    expect(screen.getByLabelText('City')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Verified pros only/ })).not.toBeChecked();
  });

  it('an empty directory without filters, and a failure with Try again', async () => {
    let fail = true;
    renderApp({
      path: '/pros',
      routes: { 'GET /api/providers': () => (fail ? { status: 500, body: INTERNAL_ERROR } : page([])) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The pros could not be loaded. Please try again.');
    fail = false;
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('No pros are listed yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('a page past the end of the list offers the first page', async () => {
    const { user, location } = renderApp({
      path: '/pros?page=9',
      routes: {
        'GET /api/providers': (call) => (call.path.includes('page=9') ? page([], 45, 9) : page([bright], 45)),
      },
    });
    expect(await screen.findByText('This page is past the end of the list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await screen.findByRole('list', { name: 'Pros' });
    expect(search(location)).toBe('');
  });

  it('shows the loading state until the first page arrives', async () => {
    let answer: (v: ReturnType<typeof page>) => void = () => {};
    renderApp({
      path: '/pros',
      routes: { 'GET /api/providers': () => new Promise<ReturnType<typeof page>>((r) => (answer = r)) },
    });
    expect(await screen.findByText('Loading pros...')).toBeInTheDocument();
    answer(page([bright]));
    expect(await screen.findByRole('list', { name: 'Pros' })).toBeInTheDocument();
  });
});
