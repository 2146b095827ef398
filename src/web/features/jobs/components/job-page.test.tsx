// /jobs/{id}: the page offers only the actions the server allows the viewer now and says who the job waits for
// otherwise; each action sends its request (method, address, body); reasons are checked before sending;
// cancelling close to the start date warns that it counts as late; the provider reads the customer's address.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '#domain/schemas/job.schema';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, renderApp, type RecordedCall } from '#web/test/render.tsx';
import { makeJob } from '../test-data.ts';
import { expectNoAxeViolations } from '#web/test/axe.ts';

// The first visit loads the screen's lazy chunk, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1' });
const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });

/** A calendar date `days` from today (UTC, the jobs' time zone here). */
function ymd(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The job page for `who`, answering each POST with `after` (the job as it then is). */
function openJob(job: Job, after: Partial<Job> = {}) {
  const who = job.viewerRole === 'provider' ? provider : customer;
  const moved = () => ({ body: { message: 'Done', job: { ...job, ...after } } });
  return renderApp({
    path: '/jobs/j1',
    user: who,
    routes: {
      'GET /api/jobs/j1': { body: { job } },
      'POST /api/jobs/j1/schedule': moved,
      'POST /api/jobs/j1/schedule/confirm': moved,
      'POST /api/jobs/j1/start': moved,
      'POST /api/jobs/j1/complete': moved,
      'POST /api/jobs/j1/confirm': moved,
      'POST /api/jobs/j1/reopen': moved,
      'POST /api/jobs/j1/cancel': moved,
      'POST /api/jobs/j1/change-orders': moved,
      'POST /api/jobs/j1/change-orders/co1/approve': moved,
      'POST /api/jobs/j1/change-orders/co1/decline': moved,
    },
  });
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/jobs/')).map((c) => [c.path, c.body]);

const actionNames = [
  /^Confirm the start date/,
  'Propose this date',
  'Start the work',
  'Mark as done',
  'Confirm the work is done',
  'Send the work back',
  'Cancel the job',
  'Propose change order',
];
/** The actions the page offers, by their names. */
function offered(): string[] {
  return actionNames
    .filter((n) => screen.queryByRole('button', { name: n }))
    .map((n) => (typeof n === 'string' ? n : 'Confirm the start date'));
}

describe('the job page', { timeout: 30_000 }, () => {
  it('shows the job: title, state, the other party, money, start date, timeline and the ways on', async () => {
    openJob(
      makeJob({
        status: 'scheduled',
        scheduledDate: '2030-12-07',
        agreedPrice: 2400,
        total: 2550,
        changeOrders: [
          {
            id: 'co0',
            label: 'Extra outlet',
            amount: 150,
            reason: 'Asked on site',
            status: 'approved',
            createdAt: '2026-11-21T10:00:00.000Z',
            decidedAt: '2026-11-21T11:00:00.000Z',
          },
        ],
        timeline: [
          {
            at: '2026-11-22T10:00:00.000Z',
            actor: 'customer',
            event: 'scheduleConfirmed',
            detail: 'Dec 7, 2030',
          },
          { at: '2026-11-20T10:00:00.000Z', actor: 'customer', event: 'hired', detail: 'Hired for $2,400' },
          {
            at: '2026-11-21T10:00:00.000Z',
            actor: 'provider',
            event: 'scheduleProposed',
            detail: 'Dec 7, 2030',
          },
        ],
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen Remodel - Kitchen' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Provider').nextSibling).toHaveTextContent('Lee Builders');
    expect(screen.getByText('Agreed price').nextSibling).toHaveTextContent('$2,400.00');
    expect(screen.getByText('Approved change orders').nextSibling).toHaveTextContent('+$150.00');
    expect(screen.getByText('Current total').nextSibling).toHaveTextContent('$2,550.00');
    expect(screen.getByText('Confirmed start date').nextSibling).toHaveTextContent('Dec 7, 2030');
    expect(screen.getByRole('link', { name: 'Message Lee Builders' })).toHaveAttribute(
      'href',
      '/messages/e1/p1',
    );
    expect(screen.getByRole('link', { name: 'View the estimate' })).toHaveAttribute('href', '/estimates/e1');

    // Every event, oldest first, with who did it.
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(timeline.tagName).toBe('OL');
    const events = within(timeline).getAllByRole('listitem');
    expect(events.map((e) => e.querySelector('p + p')?.textContent)).toEqual([
      'Hired',
      'Start date proposed',
      'Start date confirmed',
    ]);
    expect(events[0]).toHaveTextContent('Nov 20, 2026');
    expect(events[0]).toHaveTextContent('You');
    expect(events[1]).toHaveTextContent('Lee Builders');

    // The customer waits for the provider to start: no Start, no Mark as done.
    expect(
      screen.getByText('Waiting for the provider to start (the agreed start date is Dec 7, 2030).'),
    ).toBeVisible();
    expect(offered()).toEqual(['Propose this date', 'Cancel the job']);
    await expectNoAxeViolations();
  });

  it('shows the provider the customer, her address and phone, and the way to the conversation', async () => {
    openJob(
      makeJob({
        viewerRole: 'provider',
        customer: {
          id: 'c1',
          name: 'Casey J.',
          address: '12 Oak St, Jacksonville, FL',
          phone: '904-555-0100',
        },
      }),
    );
    expect(await screen.findByText('12 Oak St, Jacksonville, FL')).toBeInTheDocument();
    expect(screen.getByText('Customer').nextSibling).toHaveTextContent('Casey J.');
    expect(screen.getByRole('link', { name: '904-555-0100' })).toHaveAttribute('href', 'tel:904-555-0100');
    expect(screen.getByRole('link', { name: 'Message Casey J.' })).toHaveAttribute(
      'href',
      '/provider/messages/e1/c1',
    );
  });

  it('shows the customer no address of her own and the provider none without it', async () => {
    openJob(makeJob({ viewerRole: 'provider', customer: { id: 'c1', name: 'Casey J.' } }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Address')).toBeNull();
    expect(screen.queryByText('Phone')).toBeNull();
  });

  it('offers each viewer only what the server allows now', async () => {
    const view = openJob(
      makeJob({ status: 'in_progress', viewerRole: 'provider', scheduledDate: '2026-11-01' }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(offered()).toEqual(['Mark as done', 'Cancel the job', 'Propose change order']);
    view.unmount();
    vi.unstubAllGlobals();

    openJob(makeJob({ status: 'in_progress', scheduledDate: '2026-11-01' }));
    expect(await screen.findByText('Waiting for the provider to mark the work done.')).toBeInTheDocument();
    expect(offered()).toEqual(['Cancel the job']);
  });

  it('offers nothing beyond what allowedActions lists, whatever the state', async () => {
    openJob(makeJob({ status: 'in_progress', viewerRole: 'provider', allowedActions: [] }));
    await screen.findByRole('heading', { level: 1 });
    expect(offered()).toEqual([]);
    expect(screen.getByText('Nothing for you to do on this job right now.')).toBeInTheDocument();
  });

  it('the customer confirms the date the provider proposed, and the page shows the job as it now is', async () => {
    const { user, calls } = openJob(makeJob({ proposedDate: '2030-12-09', proposedBy: 'provider' }), {
      status: 'scheduled',
      scheduledDate: '2030-12-09',
      proposedDate: null,
      proposedBy: null,
      allowedActions: [],
    });
    expect(await screen.findByText('Dec 9, 2030, proposed by Lee Builders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm the start date (Dec 9, 2030)' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/api/jobs/j1/schedule/confirm', undefined]]));
    expect(await screen.findByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Confirmed start date').nextSibling).toHaveTextContent('Dec 9, 2030');
  });

  it('does not offer to confirm a date the viewer proposed, and says who must confirm it', async () => {
    openJob(makeJob({ proposedDate: '2030-12-09', proposedBy: 'customer' }));
    expect(
      await screen.findByText('Waiting for Lee Builders to confirm the date (Dec 9, 2030).'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Confirm the start date/ })).toBeNull();
    expect(screen.getByText('Dec 9, 2030, proposed by you')).toBeInTheDocument();
  });

  it('proposes a start date of today or later, with the keyboard', async () => {
    const { user, calls } = openJob(makeJob());
    const input = await screen.findByLabelText('Start date');
    expect(input).toHaveAttribute('min', ymd(0));
    await user.click(screen.getByRole('button', { name: 'Propose this date' }));
    expect(await screen.findByText('Choose a start date')).toBeInTheDocument();
    await user.type(input, ymd(-1));
    await user.click(screen.getByRole('button', { name: 'Propose this date' }));
    expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    await user.clear(input);
    await user.type(input, ymd(3));
    input.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Propose this date' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts(calls)).toEqual([['/api/jobs/j1/schedule', { date: ymd(3) }]]));
  });

  it('the provider starts the work', async () => {
    const { user, calls } = openJob(
      makeJob({ status: 'scheduled', viewerRole: 'provider', scheduledDate: ymd(0) }),
      { status: 'in_progress', allowedActions: ['complete', 'cancel', 'proposeChange'] },
    );
    await user.click(await screen.findByRole('button', { name: 'Start the work' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/api/jobs/j1/start', undefined]]));
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the work' })).toBeNull();
  });

  it('before the start date the provider reads when they may start', async () => {
    openJob(
      makeJob({
        status: 'scheduled',
        viewerRole: 'provider',
        scheduledDate: '2030-12-07',
        allowedActions: ['proposeDate', 'cancel', 'proposeChange'],
      }),
    );
    expect(
      await screen.findByText('You can start the work on the agreed start date, Dec 7, 2030.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the work' })).toBeNull();
  });

  it('the provider marks the work done with a note (JSON)', async () => {
    const { user, calls } = openJob(makeJob({ status: 'in_progress', viewerRole: 'provider' }));
    await user.type(await screen.findByLabelText('Note for the customer (optional)'), 'All cabinets hung');
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([['/api/jobs/j1/complete', { note: 'All cabinets hung' }]]),
    );
  });

  it('the provider marks the work done with photos (multipart, at most 10 images)', async () => {
    const { user, fetchMock } = openJob(makeJob({ status: 'in_progress', viewerRole: 'provider' }));
    const input = await screen.findByLabelText('Photos of the finished work (up to 10)');
    const photo = (i: number) => new File(['x'], `p${i}.jpg`, { type: 'image/jpeg' });
    await user.upload(
      input,
      Array.from({ length: 11 }, (_, i) => photo(i)),
    );
    expect(await screen.findByText('Choose at most 10 photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeDisabled();

    await user.upload(input, [photo(1), photo(2)]);
    expect(screen.getByText('2 photos chosen')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note for the customer (optional)'), 'Done');
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/jobs/j1/complete'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/jobs/j1/complete'))!;
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('note')).toBe('Done');
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['p1.jpg', 'p2.jpg']);
  });

  it('the customer confirms the work is done; the provider reads when it confirms itself', async () => {
    const { user, calls } = openJob(
      makeJob({ status: 'completion_requested', autoConfirmAt: '2030-12-14T12:00:00.000Z' }),
      { status: 'completed', allowedActions: [] },
    );
    expect(
      await screen.findByText('Without an answer from you, the work counts as done on Dec 14, 2030.'),
    ).toBeVisible();
    expect(offered()).toEqual(['Confirm the work is done', 'Send the work back', 'Cancel the job']);
    await user.click(screen.getByRole('button', { name: 'Confirm the work is done' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/api/jobs/j1/confirm', undefined]]));
  });

  it('tells the provider the job waits for the customer to confirm, and until when', async () => {
    openJob(
      makeJob({
        status: 'completion_requested',
        viewerRole: 'provider',
        autoConfirmAt: '2030-12-14T12:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText(
        'Waiting for the customer to confirm the work is done (it confirms itself on Dec 14, 2030).',
      ),
    ).toBeInTheDocument();
    expect(offered()).toEqual(['Cancel the job']);
  });

  it('sends the work back only with a reason of 10 to 500 characters', async () => {
    const { user, calls } = openJob(makeJob({ status: 'completion_requested' }), {
      status: 'in_progress',
      allowedActions: ['cancel', 'decideChange'],
    });
    await user.click(await screen.findByRole('button', { name: 'Send the work back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the work back?' });
    const reason = within(dialog).getByLabelText('Reason');
    await user.type(reason, 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Give a reason of at least 10 characters')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('At most 500 characters')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'The sink still leaks');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([['/api/jobs/j1/reopen', { reason: 'The sink still leaks' }]]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('In progress')).toBeInTheDocument();
  });

  it('warns that a cancellation within 48 hours of the start date is late, then cancels with the reason', async () => {
    const { user, calls } = openJob(makeJob({ status: 'scheduled', scheduledDate: ymd(1) }), {
      status: 'cancelled',
      allowedActions: [],
      cancelReason: 'We are moving house',
      lateCancellation: true,
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel the job' });
    cancel.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this job?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/This is a late cancellation/);
    // Escape keeps the job: nothing is sent.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the job' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel this job?' });
    await user.type(within(again).getByLabelText('Reason'), 'We are moving house');
    await user.click(within(again).getByRole('button', { name: 'Cancel the job' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([['/api/jobs/j1/cancel', { reason: 'We are moving house' }]]),
    );
    expect(await screen.findByText('Reason: We are moving house')).toBeInTheDocument();
    expect(screen.getByText(/Recorded as a late cancellation/)).toBeInTheDocument();
  });

  it('does not warn when the start date is further than 48 hours away, or not set', async () => {
    const { user } = openJob(makeJob({ status: 'scheduled', scheduledDate: ymd(10) }));
    await user.click(await screen.findByRole('button', { name: 'Cancel the job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this job?' });
    expect(within(dialog).queryByText(/late cancellation/)).toBeNull();
    await expectNoAxeViolations();
  });

  it('the provider proposes a change order, a saving as a negative amount', async () => {
    const { user, calls } = openJob(makeJob({ status: 'in_progress', viewerRole: 'provider' }));
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Propose change order' }));
    expect(await screen.findByText('Name the change')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in dollars')).toBeInTheDocument();
    await user.type(screen.getByLabelText('What changes'), 'Reuse the old sink');
    await user.type(screen.getByLabelText('Amount in dollars (negative for a saving)'), '-3000');
    await user.click(screen.getByRole('button', { name: 'Propose change order' }));
    expect(await screen.findByText(/A saving cannot take the total below \$0/)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.clear(screen.getByLabelText('Amount in dollars (negative for a saving)'));
    await user.type(screen.getByLabelText('Amount in dollars (negative for a saving)'), '-50.5');
    await user.type(screen.getByLabelText('Why (optional)'), 'The customer keeps her sink');
    await user.click(screen.getByRole('button', { name: 'Propose change order' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        [
          '/api/jobs/j1/change-orders',
          { label: 'Reuse the old sink', amount: -50.5, reason: 'The customer keeps her sink' },
        ],
      ]),
    );
  });

  it('the customer approves a pending change order; the provider waits for it', async () => {
    const pending = {
      id: 'co1',
      label: 'Extra outlet',
      amount: 150,
      reason: 'Asked on site',
      status: 'pending' as const,
      createdAt: '2026-11-21T10:00:00.000Z',
      decidedAt: null,
    };
    const { user, calls, unmount } = openJob(makeJob({ status: 'in_progress', changeOrders: [pending] }), {
      status: 'in_progress',
      total: 2550,
      changeOrders: [{ ...pending, status: 'approved', decidedAt: '2026-11-21T11:00:00.000Z' }],
    });
    const list = await screen.findByRole('list', { name: 'Change orders' });
    expect(list).toHaveTextContent('Extra outlet');
    expect(list).toHaveTextContent('+$150.00');
    expect(list).toHaveTextContent('Waiting for a decision');
    expect(within(list).getByRole('button', { name: 'Decline Extra outlet' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Approve Extra outlet' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([['/api/jobs/j1/change-orders/co1/approve', undefined]]),
    );
    expect(await within(list).findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Current total').nextSibling).toHaveTextContent('$2,550.00');
    expect(within(list).queryByRole('button', { name: 'Approve Extra outlet' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    openJob(makeJob({ status: 'in_progress', viewerRole: 'provider', changeOrders: [pending] }));
    expect(
      await screen.findByText('Waiting for the customer to approve or decline your change order.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Extra outlet' })).toBeNull();
  });

  it('keeps the server reason on screen when a move is refused', async () => {
    const { user } = renderApp({
      path: '/jobs/j1',
      user: provider,
      routes: {
        'GET /api/jobs/j1': {
          body: { job: makeJob({ status: 'scheduled', viewerRole: 'provider', scheduledDate: ymd(0) }) },
        },
        'POST /api/jobs/j1/start': {
          status: 409,
          body: { error: 'The job is in_progress: it cannot start again', code: 'CONFLICT' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Start the work' }));
    expect(await screen.findByText('The job is in_progress: it cannot start again')).toBeInTheDocument();
  });

  it('on a completed job shows the final total, the agreed price and the estimate range side by side, and the photos', async () => {
    openJob(
      makeJob({
        status: 'completed',
        total: 2550,
        completionNote: 'All cabinets hung',
        photos: [
          { id: 'ph1', url: '/api/jobs/j1/photos/ph1' },
          { id: 'ph2', url: '/api/jobs/j1/photos/ph2' },
        ],
      }),
    );
    expect(await screen.findByText('Final total')).toBeInTheDocument();
    expect(screen.getByText('Final total').nextSibling).toHaveTextContent('$2,550.00');
    expect(screen.getByText('Agreed price').nextSibling).toHaveTextContent('$2,400.00');
    expect(screen.getByText("The estimate's range").nextSibling).toHaveTextContent('$1,901 – $2,851');
    expect(screen.getByText('All cabinets hung')).toBeInTheDocument();
    const photos = screen.getByRole('list', { name: 'Completion photos' });
    expect(within(photos).getByRole('img', { name: 'Completion photo 1 of 2' })).toHaveAttribute(
      'src',
      '/api/jobs/j1/photos/ph1',
    );
    expect(screen.getByText('This job is completed: nothing more to do.')).toBeInTheDocument();
    expect(offered()).toEqual([]);
    await expectNoAxeViolations();
  });

  it('says when the job is not found, and offers Try again when it cannot be read', async () => {
    const first = renderApp({
      path: '/jobs/j1',
      user: customer,
      routes: { 'GET /api/jobs/j1': { status: 404, body: { error: 'Job not found', code: 'NOT_FOUND' } } },
    });
    expect(await screen.findByText('Job not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All jobs' })).toHaveAttribute('href', '/jobs');
    first.unmount();
    vi.unstubAllGlobals();

    let fail = true;
    const { user } = renderApp({
      path: '/jobs/j1',
      user: customer,
      routes: {
        'GET /api/jobs/j1': () =>
          fail ? { status: 500, body: INTERNAL_ERROR } : { body: { job: makeJob() } },
      },
    });
    expect(await screen.findByText('Loading the job...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading this job. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen Remodel - Kitchen' }),
    ).toBeInTheDocument();
  });
});
