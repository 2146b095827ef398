// The site visit screens (decision 0049): the customer books one of the proposed times (shown in the job's zone) or
// declines; a bidder types times in the job's zone, whatever the browser's, and what is sent is that instant; the
// dashboards' Visits section with its empty and error states; cancel asks for a reason. Axe-clean.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteVisit } from '#domain/schemas/site-visit.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, mockApi, renderWithProviders, sessionRoute } from '#web/test/render.tsx';
import { EstimateSiteVisits } from './EstimateSiteVisits.tsx';
import { VisitsSection } from './VisitsSection.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1', firstName: 'Nora', lastName: 'Owner' });
const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });
const inFuture = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

function makeVisit(over: Partial<SiteVisit> = {}): SiteVisit {
  return {
    id: 'v1',
    status: 'proposed',
    estimateId: 'e1',
    estimateTitle: 'Kitchen cabinets',
    city: 'Denver, CO',
    timeZone: 'America/Denver',
    slots: [
      { start: inFuture(3, 16), minutes: 60 },
      { start: inFuture(4, 17), minutes: 90 },
    ],
    chosenSlot: null,
    startsAt: null,
    endsAt: null,
    side: 'customer',
    customer: { id: 'c1', name: 'Nora O.' },
    provider: { id: 'p1', name: 'Acme Repairs' },
    declineNote: null,
    cancelReason: null,
    cancelledBy: null,
    noShow: null,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

const list = (items: SiteVisit[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const place = { id: 'e1', zipCode: '80202', state: 'CO', region: 'Denver, CO' };

describe('the estimate page’s site visit, for the customer', { timeout: 30_000 }, () => {
  it('shows the proposed times in the job’s zone and books the one chosen', async () => {
    const visit = makeVisit();
    const { calls } = mockApi({
      ...sessionRoute(customer),
      'GET /api/site-visits': { body: list([visit]) },
      'POST /api/site-visits/:id/choose': () => ({
        body: makeVisit({ status: 'confirmed', chosenSlot: 1, startsAt: visit.slots[1]!.start }),
      }),
    });
    const { container } = renderWithProviders(<EstimateSiteVisits estimate={place} owner />, '/estimates/e1');
    const group = await screen.findByRole('group', { name: /Acme Repairs proposed these times/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    // 17:00 UTC is 10:00 (MST) or 11:00 (MDT) in Denver: the job's clock, named.
    expect(within(group).getByText(/\d{1,2}:00 AM M[SD]T \(1 h 30 min\)/)).toBeInTheDocument();
    const book = screen.getByRole('button', { name: 'Book this time' });
    expect(book).toBeDisabled();
    await userEvent.click(radios[1]!);
    await userEvent.click(book);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        ['/api/site-visits/v1/choose', { slot: 1 }],
      ]),
    );
    await expectNoAxeViolations(container);
  });

  it('cancelling asks for a reason before anything is sent', async () => {
    const { calls } = mockApi({
      ...sessionRoute(customer),
      'GET /api/site-visits': {
        body: list([makeVisit({ status: 'confirmed', chosenSlot: 0, startsAt: inFuture(3, 16) })]),
      },
      'POST /api/site-visits/:id/cancel': () => ({ body: makeVisit({ status: 'cancelled' }) }),
    });
    renderWithProviders(<EstimateSiteVisits estimate={place} owner />, '/estimates/e1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the site visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    expect(await within(dialog).findByText('Write a few words')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Why do you cancel?'), 'Found someone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { reason: 'Found someone' },
      ]),
    );
  });
});

describe('visits that ended on their own', { timeout: 30_000 }, () => {
  it('a time that has started cannot be booked: it is shown passed and cannot be picked', async () => {
    const passed = new Date(Date.now() - 3_600_000).toISOString();
    mockApi({
      ...sessionRoute(customer),
      'GET /api/site-visits': {
        body: list([
          makeVisit({
            slots: [
              { start: passed, minutes: 60 },
              { start: inFuture(4, 17), minutes: 90 },
            ],
          }),
        ]),
      },
    });
    const { container } = renderWithProviders(<EstimateSiteVisits estimate={place} owner />, '/estimates/e1');
    const group = await screen.findByRole('group', { name: /Acme Repairs proposed these times/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios[0]).toBeDisabled();
    expect(radios[0]!.closest('label')).toHaveTextContent('(passed)');
    expect(radios[1]).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it('the owner still sees a visit cancelled when the job was unposted, with its reason', async () => {
    mockApi({
      ...sessionRoute(customer),
      'GET /api/site-visits': {
        body: list([
          makeVisit({
            status: 'cancelled',
            cancelledBy: 'customer',
            cancelReason: 'The customer unposted the job',
          }),
        ]),
      },
    });
    const { container } = renderWithProviders(<EstimateSiteVisits estimate={place} owner />, '/estimates/e1');
    expect(await screen.findByText(/Cancelled by you: “The customer unposted the job”/)).toBeInTheDocument();
    expect(screen.getByText('No visit is open.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('the provider reads why a proposal nobody answered ended, and may propose again', async () => {
    mockApi({
      ...sessionRoute(provider),
      'GET /api/tasks/bids': {
        body: {
          items: [{ bidId: 'b1', estimateId: 'e1', status: 'pending', createdAt: new Date().toISOString() }],
        },
      },
      'GET /api/site-visits': {
        body: list([
          makeVisit({
            side: 'provider',
            status: 'cancelled',
            cancelledBy: null,
            cancelReason: 'No time was chosen before the proposed times passed',
          }),
        ]),
      },
    });
    renderWithProviders(<EstimateSiteVisits estimate={place} owner={false} />, '/estimates/e1');
    expect(
      await screen.findByText(/Cancelled: “No time was chosen before the proposed times passed”/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send times' })).toBeInTheDocument();
  });
});

describe('proposing times, for a bidder', { timeout: 30_000 }, () => {
  it('reads the typed time in the job’s zone (Denver), not the browser’s, and sends that instant', async () => {
    const { calls } = mockApi({
      ...sessionRoute(provider),
      'GET /api/tasks/bids': {
        body: {
          items: [{ bidId: 'b1', estimateId: 'e1', status: 'pending', createdAt: new Date().toISOString() }],
        },
      },
      'GET /api/site-visits': { body: list([]) },
      'POST /api/estimates/:id/site-visits': () => ({
        status: 201 as const,
        body: makeVisit({ side: 'provider' }),
      }),
    });
    const { container } = renderWithProviders(
      <EstimateSiteVisits estimate={place} owner={false} />,
      '/estimates/e1',
    );
    expect(await screen.findByRole('heading', { name: 'Propose a site visit' })).toBeInTheDocument();
    expect(screen.getByText(/America\/Denver/)).toBeInTheDocument();
    const next = new Date(Date.now() + 10 * 86_400_000);
    const ymd = next.toISOString().slice(0, 10);
    const input = screen.getByLabelText(/^Time 1/);
    await userEvent.type(input, `${ymd}T09:30`);
    await userEvent.selectOptions(screen.getByLabelText('Length'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Send times' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!.body as {
      slots: { start: string; minutes: number }[];
    };
    expect(sent.slots).toHaveLength(1);
    expect(sent.slots[0]!.minutes).toBe(90);
    // 9:30 in Denver is 16:30 UTC in winter (MST) or 15:30 UTC in summer (MDT).
    expect(sent.slots[0]!.start).toMatch(new RegExp(`^${ymd}T1[56]:30:00.000Z$`));
    await expectNoAxeViolations(container);
  });

  it('reads the typed time in the ZIP code’s zone where the ZIP code prefix’s is another (Beverly Shores, IN)', async () => {
    const { calls } = mockApi({
      ...sessionRoute(provider),
      'GET /api/tasks/bids': {
        body: {
          items: [{ bidId: 'b1', estimateId: 'e2', status: 'pending', createdAt: new Date().toISOString() }],
        },
      },
      'GET /api/site-visits': { body: list([]) },
      'GET /api/geo/zip/:zip': {
        body: {
          zip: '46301',
          city: 'Beverly Shores',
          state: 'IN',
          lat: 41.6925,
          lng: -86.9775,
          timeZone: 'America/Chicago',
        },
      },
      'POST /api/estimates/:id/site-visits': () => ({
        status: 201 as const,
        body: makeVisit({ side: 'provider', estimateId: 'e2', timeZone: 'America/Chicago' }),
      }),
    });
    const indiana = { id: 'e2', zipCode: '46301', state: 'IN', region: 'Gary, IN' };
    renderWithProviders(<EstimateSiteVisits estimate={indiana} owner={false} />, '/estimates/e2');
    expect(await screen.findByRole('heading', { name: 'Propose a site visit' })).toBeInTheDocument();
    expect(screen.getByText(/America\/Chicago/)).toBeInTheDocument();
    expect(screen.queryByText(/America\/Indiana/)).not.toBeInTheDocument();
    const ymd = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await userEvent.type(screen.getByLabelText(/^Time 1/), `${ymd}T09:30`);
    await userEvent.click(screen.getByRole('button', { name: 'Send times' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!.body as { slots: { start: string }[] };
    // 9:30 on Central time that day: 15:30 UTC (CST, GMT-6) or 14:30 UTC (CDT, GMT-5); Eastern is an hour earlier.
    const offset = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(new Date(`${ymd}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')!.value;
    const hours = 9 - Number(/GMT([+-]\d+)/.exec(offset)![1]);
    expect(sent.slots[0]!.start).toBe(`${ymd}T${String(hours).padStart(2, '0')}:30:00.000Z`);
  });

  it('shows nothing to a provider without a pending bid', async () => {
    const { calls } = mockApi({
      ...sessionRoute(provider),
      'GET /api/tasks/bids': { body: { items: [] } },
    });
    const { container } = renderWithProviders(
      <EstimateSiteVisits estimate={place} owner={false} />,
      '/estimates/e1',
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/tasks/bids')).toBe(true));
    expect(container).toBeEmptyDOMElement();
    expect(calls.some((c) => c.path.startsWith('/api/site-visits'))).toBe(false);
  });
});

describe('the dashboards’ Visits section', { timeout: 30_000 }, () => {
  it('lists the visits with their job, says when there are none, and offers a retry after a failure', async () => {
    mockApi({
      ...sessionRoute(provider),
      'GET /api/site-visits': {
        body: list([
          makeVisit({ side: 'provider', status: 'confirmed', chosenSlot: 0, startsAt: inFuture(3, 16) }),
        ]),
      },
    });
    const view = renderWithProviders(<VisitsSection />, '/dashboard/provider');
    const link = await screen.findByRole('link', { name: 'Site visit: Kitchen cabinets' });
    expect(link).toHaveAttribute('href', '/estimates/e1');
    expect(screen.getByText('Booked')).toBeInTheDocument();
    expect(screen.getByText(/When:/).parentElement).toHaveTextContent(/M[SD]T \(1 h\)/);
    await expectNoAxeViolations(view.container);
    view.unmount();

    mockApi({ ...sessionRoute(provider), 'GET /api/site-visits': { body: list([]) } });
    const empty = renderWithProviders(<VisitsSection />, '/dashboard/provider');
    expect(await screen.findByText(/No site visits yet/)).toBeInTheDocument();
    empty.unmount();

    mockApi({ ...sessionRoute(provider), 'GET /api/site-visits': { status: 500, body: INTERNAL_ERROR } });
    renderWithProviders(<VisitsSection />, '/dashboard/provider');
    expect(await screen.findByText('Could not load your visits.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
