// The admin console's Reviews tab against a scripted API: the reviews per status, what each shows, Hide / Remove /
// Restore confirmed and sent with the right body, the toasts, the empty and error states.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '#domain/schemas/review.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { renderApp, type RecordedCall, type RouteTable } from '#web/test/render.tsx';
import { admin } from '../test-data.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: 'r1',
    jobId: 'j1',
    authorSide: 'customer',
    authorId: 'c1',
    authorName: 'Dana K.',
    subjectId: 'p1',
    subjectName: 'Pat P.',
    rating: 2,
    subRatings: { quality: 2, communication: 3, punctuality: 1, value: 2 },
    text: 'He left the job half done. Call him at 555-0100 and tell him.',
    moderation: 'visible',
    moderationReason: null,
    moderatedAt: null,
    publishedAt: '2026-11-02T10:00:00.000Z',
    category: 'kitchen',
    city: 'Jacksonville',
    completedMonth: '2026-10',
    priceFacts: {
      estimateMin: 1900,
      estimateMax: 2850,
      agreed: 2400,
      final: 2688,
      approvedChangeOrders: 2,
      sentence: '12 % above the agreed price, with 2 approved change orders',
    },
    reports: [
      {
        id: 'rep1',
        reason: 'personal_data',
        note: 'It has his phone number',
        reporterName: 'Pat P.',
        createdAt: '2026-11-03T12:00:00.000Z',
        resolved: false,
      },
    ],
    openReports: 1,
    ...overrides,
  };
}

const pageOf = (items: AdminReview[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function openTab<T>(routes: RouteTable<T>) {
  return renderApp({ path: '/admin?tab=reviews', user: admin, routes });
}

/** The list answers per status; each call's path is kept. */
function listRoute(byStatus: Partial<Record<string, AdminReview[]>>, paths: string[] = []) {
  return (call: RecordedCall) => {
    paths.push(call.path);
    const status = new URL(call.path, 'http://x').searchParams.get('status') ?? '';
    return { body: pageOf(byStatus[status] ?? []) };
  };
}

describe('Reviews tab', { timeout: 20_000 }, () => {
  it('lists the reported reviews first with the text as written, the job facts and the reports', async () => {
    const paths: string[] = [];
    openTab({ 'GET /api/admin/reviews': listRoute({ reported: [review()] }, paths) });
    expect(await screen.findByRole('tab', { name: 'Reviews', selected: true })).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Dana K. about Pat P.' });
    expect(paths[0]).toBe('/api/admin/reviews?status=reported&page=1');
    expect(screen.getByLabelText('Show')).toHaveValue('reported');
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Dana K. → about Pat P.');
    expect(card).toHaveTextContent('Customer about their pro');
    expect(within(card).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Quality 2/5 · Communication 3/5 · Punctuality 1/5 · Value 2/5');
    expect(card).toHaveTextContent('He left the job half done. Call him at 555-0100 and tell him.');
    expect(card).toHaveTextContent('Visible');
    expect(card).toHaveTextContent(
      'Job: Kitchen · Jacksonville · completed October 2026 · 12 % above the agreed price, with 2 approved change orders',
    );
    const reports = within(card).getByRole('heading', { name: 'Reports (1 open)' });
    expect(reports).toBeInTheDocument();
    expect(card).toHaveTextContent('It shared personal data');
    expect(card).toHaveTextContent('“It has his phone number”');
    expect(card).toHaveTextContent(/By Pat P\. on 11\/03\/2026/);
    // A visible review may be hidden or removed, not restored.
    expect(
      within(card).getByRole('button', { name: 'Hide the review by Dana K. about Pat P.' }),
    ).toBeVisible();
    expect(
      within(card).getByRole('button', { name: 'Remove the review by Dana K. about Pat P.' }),
    ).toBeVisible();
    expect(within(card).queryByRole('button', { name: /^Restore/ })).toBeNull();
    await expectNoAxeViolations();
  });

  it('filters by status on the server and says what is empty for each', async () => {
    const paths: string[] = [];
    const hidden = review({
      id: 'r2',
      moderation: 'hidden',
      moderationReason: 'harassment',
      moderatedAt: '2026-11-04T09:00:00.000Z',
      reports: [],
      openReports: 0,
    });
    const { user } = openTab({ 'GET /api/admin/reviews': listRoute({ hidden: [hidden] }, paths) });
    expect(await screen.findByText('No reported reviews')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Hidden');
    const card = await screen.findByRole('listitem', { name: 'Dana K. about Pat P.' });
    expect(paths.at(-1)).toBe('/api/admin/reviews?status=hidden&page=1');
    expect(card).toHaveTextContent('Text hidden: harassment');
    expect(card).toHaveTextContent(/Since 11\/04\/2026/);
    // Still the text as written, for the admin.
    expect(card).toHaveTextContent('He left the job half done.');
    expect(within(card).queryByRole('button', { name: /^Hide/ })).toBeNull();
    expect(within(card).getByRole('button', { name: /^Restore/ })).toBeVisible();
    expect(within(card).getByRole('button', { name: /^Remove/ })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Show'), 'Removed');
    expect(await screen.findByText('No removed reviews')).toBeInTheDocument();
    expect(paths.at(-1)).toBe('/api/admin/reviews?status=removed&page=1');
    await user.selectOptions(screen.getByLabelText('Show'), 'All published');
    expect(await screen.findByText('No published reviews yet')).toBeInTheDocument();
    expect(paths.at(-1)).toBe('/api/admin/reviews?status=all&page=1');
    await expectNoAxeViolations();
  });

  it('hides for the chosen reason after a confirmation, refreshes the list and toasts the new text', async () => {
    const bodies: unknown[] = [];
    let list = [review()];
    const paths: string[] = [];
    const { user } = openTab({
      'GET /api/admin/reviews': (c: RecordedCall) => {
        paths.push(c.path);
        return { body: pageOf(list) };
      },
      'POST /api/admin/reviews/r1/hide': (c) => {
        bodies.push(c.body);
        list = [];
        return { body: review({ moderation: 'hidden', moderationReason: 'harassment' }) };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Dana K. about Pat P.' });
    await user.click(within(card).getByRole('button', { name: /^Hide/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide review by Dana K. about Pat P.?' });
    expect(dialog).toHaveAccessibleDescription(/Its rating still counts in the reputation\./);
    // The reported reason is chosen first; the four hide reasons are offered, not fake or conflict of interest.
    const group = within(dialog).getByRole('group', { name: 'Reason' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['personal_data', 'harassment', 'illegal', 'off_topic']);
    expect(within(group).getByRole('radio', { name: 'It shared personal data' })).toBeChecked();
    await expectNoAxeViolations();
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([]);
    await user.click(within(card).getByRole('button', { name: /^Hide/ }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('radio', { name: 'Harassment' }));
    await user.click(within(again).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('Review hidden')).toBeInTheDocument();
    expect(screen.getByText('The text now reads “Removed by a moderator: harassment”.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'harassment' }]);
    expect(await screen.findByText('No reported reviews')).toBeInTheDocument();
    expect(paths.length).toBeGreaterThanOrEqual(2);
    // Keyboard users land on the tab's heading, not on the page's top.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reviews', level: 2 })).toHaveFocus());
  });

  it('removes only as fake or a conflict of interest, and says it leaves the reputation', async () => {
    const bodies: unknown[] = [];
    const { user } = openTab({
      'GET /api/admin/reviews': { body: pageOf([review()]) },
      'POST /api/admin/reviews/r1/remove': (c) => {
        bodies.push(c.body);
        return { body: review({ moderation: 'removed', moderationReason: 'conflict_of_interest' }) };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Dana K. about Pat P.' });
    await user.click(within(card).getByRole('button', { name: /^Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove review by Dana K. about Pat P.?' });
    expect(dialog).toHaveAccessibleDescription(/no longer count in Pat P\.’s reputation/);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['fake', 'conflict_of_interest']);
    expect(within(dialog).getByRole('radio', { name: 'It was found fake' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'A conflict of interest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }));
    expect(await screen.findByText('Review removed')).toBeInTheDocument();
    expect(screen.getByText('It no longer counts in Pat P.’s reputation.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'conflict_of_interest' }]);
  });

  it('restores a removed review without a body; a refusal toasts and keeps the review', async () => {
    const calls: RecordedCall[] = [];
    let ok = false;
    const removed = review({
      moderation: 'removed',
      moderationReason: 'fake',
      moderatedAt: '2026-11-04T09:00:00.000Z',
    });
    const { user } = openTab({
      'GET /api/admin/reviews': listRoute({ reported: [removed] }),
      'POST /api/admin/reviews/r1/restore': (c) => {
        calls.push(c);
        return ok
          ? { body: review() }
          : { status: 409, body: { error: 'This review is not removed', code: 'CONFLICT' } };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Dana K. about Pat P.' });
    expect(card).toHaveTextContent('Removed: it was found fake');
    expect(within(card).queryByRole('button', { name: /^Remove/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /^Restore/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Restore review by Dana K. about Pat P.?' });
    expect(dialog).toHaveAccessibleDescription(/count in Pat P\.’s reputation again/);
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Restore review' }));
    expect(await screen.findByText('Review not changed')).toBeInTheDocument();
    expect(screen.getByText('This review is not removed')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    ok = true;
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore review' }));
    expect(await screen.findByText('Review restored')).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/admin/reviews/r1/restore', undefined],
      ['POST', '/api/admin/reviews/r1/restore', undefined],
    ]);
  });

  it('offers no action on a review about the signed-in admin (the server refuses it): another admin decides', async () => {
    openTab({
      'GET /api/admin/reviews': { body: pageOf([review({ subjectId: admin.id, subjectName: 'Ada A.' })]) },
    });
    const card = await screen.findByRole('listitem', { name: 'Dana K. about Ada A.' });
    expect(card).toHaveTextContent('You wrote this review or it is about you: another admin decides on it.');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says when the list cannot load, and Try again reads it again', async () => {
    let fail = true;
    const { user } = openTab({
      'GET /api/admin/reviews': () =>
        fail ? { status: 500, body: INTERNAL_ERROR } : { body: pageOf([review()]) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the reviews.');
    await expectNoAxeViolations();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Dana K. about Pat P.' })).toBeInTheDocument();
  });
});
