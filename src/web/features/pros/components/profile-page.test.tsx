// A pro's public page in the browser (decision 0046): what a visitor reads (company, name, services, place, member
// since, jobs, reply time, badges, reputation with its distribution and price accuracy, portfolio, reviews with
// answers), the address replaced by the current one, Not Found, and Request a quote for each kind of visitor.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { estimatePage, INTERNAL_ERROR, makeEstimate, makeReputation } from '#web/test/builders.ts';
import { currentPath, defineRoutes, makeUser, renderApp, type RecordedCall } from '#web/test/render.tsx';
import { makeProfile, makeReview, PRO_ID, PRO_PATH } from '../pros-test-data.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const profileRoutes = defineRoutes({
  'GET /api/providers/:id': { body: makeProfile() },
  'GET /api/providers/:id/reputation': { body: makeReputation({ providerId: PRO_ID }) },
  'GET /api/providers/:id/reviews': {
    body: { items: [makeReview()], total: 1, page: 1, pageSize: 10 },
  },
});

const customer = makeUser({ id: 'c1', role: 'customer' });
const invitations = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.includes('/invitations')).map((c) => [c.path, c.body]);

describe('a pro’s public page', { timeout: 30_000 }, () => {
  it('shows who the pro is, their badges, reputation, portfolio and reviews; signed out: sign in to request a quote', async () => {
    const { calls } = renderApp({ path: PRO_PATH, routes: profileRoutes });
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Bright Plumbing' });
    const card = h1.closest('article')!;
    expect(card).toHaveTextContent('Dana K.');
    expect(card).toHaveTextContent('4.8 out of 5 · 12 reviews');
    const about = within(card).getByRole('list', { name: 'About this pro' });
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Jacksonville, FL',
      'Member since March 2026',
      '13 completed jobs',
      'Usually replies within 2 hours',
    ]);
    expect(
      within(within(card).getByRole('list', { name: 'Services' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plumbing', 'Kitchen']);
    expect(
      within(within(card).getByRole('list', { name: 'Verified credentials' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31',
      'Insured: $1,000,000 general liability, checked 2026-11-26, valid until 2027-05-01',
    ]);
    expect(card).toHaveTextContent('Family plumbing business: repairs, repipes and water heaters.');
    expect(screen.getByRole('link', { name: 'Sign in to request a quote' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(PRO_PATH)}`,
    );
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();

    // The reputation: the rating, the 5-to-1 counts and the price accuracy.
    const reputation = await screen.findByRole('region', { name: 'Reputation' });
    await within(reputation).findByText('4.8');
    expect(reputation).toHaveTextContent('out of 5 from 12 reviews');
    expect(
      within(within(reputation).getByRole('list', { name: 'Ratings by stars' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '5 stars10 reviews',
      '4 stars1 review',
      '3 stars1 review',
      '2 stars0 reviews',
      '1 star0 reviews',
    ]);
    expect(reputation).toHaveTextContent('Price accuracy92 %');

    // The portfolio in its owner's order; the photo from a job says so; sizes declared, loaded lazily.
    const photos = within(
      screen.getByRole('list', { name: "Photos of Bright Plumbing's work" }),
    ).getAllByRole('figure');
    expect(photos.map((f) => f.textContent)).toEqual([
      'Verified job · Plumbing · March 2026New copper lines under the sink',
      'Water heater swap',
    ]);
    const img = within(photos[0]!).getByRole('img', { name: "Photo 1 of Bright Plumbing's work" });
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', `/api/providers/${PRO_ID}/portfolio/ph1`);

    // The published reviews with the pro's answer, page 1 read the way the server fills it.
    const reviews = await screen.findByRole('list', { name: 'Reviews, newest first' });
    expect(reviews).toHaveTextContent('Dana found the leak in ten minutes and fixed it for good.');
    expect(reviews).toHaveTextContent("The pro's answer");
    expect(reviews).toHaveTextContent('Thanks, Casey!');
    expect(calls.map((c) => c.path)).toContain(`/api/providers/${PRO_ID}/reviews?page=1&pageSize=10`);

    await waitFor(() => expect(document.title).toBe('Bright Plumbing · HomeFix'));
    await expectNoAxeViolations();
  });

  it('replaces an address with an old slug, or without one, by the current address', async () => {
    const { location } = renderApp({ path: `/pros/${PRO_ID}-old-company-name`, routes: profileRoutes });
    await screen.findByRole('heading', { level: 1, name: 'Bright Plumbing' });
    await waitFor(() => expect(currentPath(location)).toBe(PRO_PATH));
    // Replaced, not pushed: Back does not return to the old address.
    expect(location.history).toEqual([PRO_PATH]);

    const bare = renderApp({ path: `/pros/${PRO_ID}`, routes: profileRoutes });
    await waitFor(() => expect(currentPath(bare.location)).toBe(PRO_PATH));
  });

  it('without a company: the name is the heading; no reviews, no photos, no reply time', async () => {
    renderApp({
      path: `/pros/${PRO_ID}-dana-k`,
      routes: {
        ...profileRoutes,
        'GET /api/providers/:id': {
          body: makeProfile({
            companyName: null,
            path: `/pros/${PRO_ID}-dana-k`,
            reviewCount: 0,
            rating: null,
            badges: [],
            portfolio: [],
            medianFirstResponseSeconds: null,
            description: null,
          }),
        },
        'GET /api/providers/:id/reputation': {
          body: makeReputation({
            providerId: PRO_ID,
            count: 0,
            rating: null,
            distribution: [0, 0, 0, 0, 0],
            priceAccuracy: null,
          }),
        },
        'GET /api/providers/:id/reviews': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
      },
    });
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Dana K.' });
    const card = h1.closest('article')!;
    expect(card).toHaveTextContent('No reviews yet');
    expect(card).not.toHaveTextContent('Usually replies');
    expect(within(card).queryByRole('list', { name: 'Verified credentials' })).toBeNull();
    expect(screen.getByText('No photos of past work yet.')).toBeInTheDocument();
    const reputation = screen.getByRole('region', { name: 'Reputation' });
    await within(reputation).findByText('No completed jobs yet');
    expect(reputation).toHaveTextContent('No reviews yet');
    await expectNoAxeViolations();
  });

  it('an unknown or closed pro, or an address without an id, is the Not Found page', async () => {
    renderApp({
      path: PRO_PATH,
      routes: { 'GET /api/providers/:id': { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found · HomeFix'));

    const { calls } = renderApp({ path: '/pros/not-an-id' });
    expect(await screen.findAllByRole('heading', { level: 1, name: 'Page Not Found' })).toHaveLength(2);
    expect(calls.filter((c) => c.path.startsWith('/api/providers'))).toEqual([]);
  });

  it('a failure to load says so and tries again', async () => {
    let fail = true;
    renderApp({
      path: PRO_PATH,
      routes: {
        ...profileRoutes,
        'GET /api/providers/:id': () =>
          fail ? { status: 500, body: INTERNAL_ERROR } : { body: makeProfile() },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("This pro's page could not be loaded.");
    fail = false;
    await userClick(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bright Plumbing' })).toBeInTheDocument();
  });
});

async function userClick(el: HTMLElement) {
  el.click();
  await Promise.resolve();
}

describe('Request a quote', { timeout: 30_000 }, () => {
  const draft = makeEstimate({ id: 'e1', title: 'Leaking kitchen sink', status: 'draft' });
  const posted = makeEstimate({ id: 'e2', title: 'New water heater', status: 'posted' });
  const hired = makeEstimate({ id: 'e3', title: 'Bathroom refit', status: 'hired' });

  it('a customer invites the pro to one of their open estimates; a draft says it is posted first', async () => {
    const { user, calls } = renderApp({
      path: PRO_PATH,
      user: customer,
      routes: {
        ...profileRoutes,
        'GET /api/estimates': { body: estimatePage([draft, posted, hired]) },
        'POST /api/estimates/:id/invitations': {
          status: 201,
          body: { id: 'i1', estimateId: 'e1', providerId: PRO_ID, posted: true },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Bright Plumbing to bid' });
    const group = await within(dialog).findByRole('group', { name: 'Your estimates' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((r) => r.closest('label')?.textContent)).toEqual([
      'Leaking kitchen sinkDraft: it will be posted first, so pros can bid on it · Jacksonville',
      'New water heaterPosted · Jacksonville',
    ]);
    expect(options[0]).toBeChecked();
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Invite Bright Plumbing to bid' }));
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('Bright Plumbing was invited and will be notified.');
    expect(done).toHaveTextContent('Your draft was posted first');
    expect(invitations(calls)).toEqual([['/api/estimates/e1/invitations', { providerId: PRO_ID }]]);
  });

  it('shows the server’s refusal in its words, and another estimate can be chosen', async () => {
    const { user, calls } = renderApp({
      path: PRO_PATH,
      user: customer,
      routes: {
        ...profileRoutes,
        'GET /api/estimates': { body: estimatePage([posted, draft]) },
        'POST /api/estimates/:id/invitations': (call) =>
          call.path.includes('/e2/')
            ? { status: 409, body: { error: "Dana K.'s plan does not include Kitchen", code: 'CONFLICT' } }
            : { status: 201, body: { id: 'i1', estimateId: 'e1', providerId: PRO_ID, posted: true } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('group', { name: 'Your estimates' });
    await user.click(within(dialog).getByRole('button', { name: 'Invite Bright Plumbing to bid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Dana K.'s plan does not include Kitchen",
    );

    // Keyboard: the next radio, then the button.
    await user.click(within(dialog).getByRole('radio', { name: /New water heater/ }));
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: /Leaking kitchen sink/ })).toBeChecked();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Invite Bright Plumbing to bid' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Bright Plumbing was invited');
    expect(invitations(calls).map(([path]) => path)).toEqual([
      '/api/estimates/e2/invitations',
      '/api/estimates/e1/invitations',
    ]);
  });

  it('without estimates: says so and offers to start one', async () => {
    const { user } = renderApp({
      path: PRO_PATH,
      user: customer,
      routes: { ...profileRoutes, 'GET /api/estimates': { body: estimatePage([]) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('You have no estimates yet')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Start an estimate' })).toHaveAttribute(
      'href',
      '/estimates/create',
    );
    await expectNoAxeViolations();
  });

  it('a customer whose estimates are all hired is told why none can take an invitation', async () => {
    const { user } = renderApp({
      path: PRO_PATH,
      user: customer,
      routes: { ...profileRoutes, 'GET /api/estimates': { body: estimatePage([hired]) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('None of your estimates can take an invitation'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('providers and admins are offered neither the dialog nor the sign-in link', async () => {
    for (const role of ['provider', 'admin'] as const) {
      renderApp({ path: PRO_PATH, user: makeUser({ id: `x-${role}`, role }), routes: profileRoutes });
      await screen.findAllByRole('heading', { level: 1, name: 'Bright Plumbing' });
      await screen.findAllByRole('region', { name: 'Reputation' });
    }
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in to request a quote' })).toBeNull();
  });
});
