// A provider's published reviews as a list, and what a card offers: the reviewed party answers once and edits the
// answer within 48 hours; a signed-in reader reports a review with a reason; a hidden review reads the moderator's
// line; paging, the empty and the error states.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview } from '#domain/schemas/review.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import {
  makeUser,
  mockApi,
  renderWithProviders,
  sessionRoute,
  type RecordedCall,
} from '#web/test/render.tsx';
import { makePublicReview } from '../review-test-data.ts';
import { ReviewList } from './ReviewList.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });
const reader = makeUser({ id: 'c9', firstName: 'Robin', lastName: 'Reader' });

const page = (items: PublicReview[], total = items.length, p = 1) => ({
  body: { items, total, page: p, pageSize: 10 },
});

const writes = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method !== 'GET' && c.path.startsWith('/api/reviews/'))
    .map((c) => [c.method, c.path, c.body]);

const hour = 3_600_000;
const answer = (editableInMs: number) => ({
  text: 'Thank you, Casey!',
  createdAt: '2026-11-28T12:00:00.000Z',
  updatedAt: '2026-11-28T12:00:00.000Z',
  editableUntil: new Date(Date.now() + editableInMs).toISOString(),
});

function openList(user: typeof provider | null, reviews: () => PublicReview[], extra = {}) {
  const api = mockApi({
    ...sessionRoute(user),
    'GET /api/providers/p1/reviews': () => page(reviews()),
    ...extra,
  });
  const view = renderWithProviders(<ReviewList subject="provider" id="p1" />);
  return { ...view, ...api };
}

describe('a provider’s reviews', { timeout: 30_000 }, () => {
  it('lists the published reviews, newest first, with their facts; signed out: no Report, no answer form', async () => {
    const { calls } = openList(null, () => [
      makePublicReview(),
      makePublicReview({
        id: 'r3',
        authorName: 'Former customer',
        hidden: true,
        text: 'Removed by a moderator: harassment',
        city: null,
        priceFacts: { ...makePublicReview().priceFacts, sentence: 'Finished at the agreed price' },
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });
    expect(screen.getByRole('heading', { name: 'Reviews (2)' })).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('article');
    expect(first).toHaveTextContent('Pat fitted the cabinets neatly');
    expect(second).toHaveAccessibleName('Former customer · customer');
    expect(second).toHaveTextContent('Removed by a moderator: harassment');
    expect(second).toHaveTextContent('Kitchen · November 2026');
    expect(second).toHaveTextContent('Finished at the agreed price');
    expect(calls.find((c) => c.path.startsWith('/api/providers/'))?.path).toBe(
      '/api/providers/p1/reviews?page=1&pageSize=10',
    );
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.queryByLabelText('Answer this review publicly')).toBeNull();
    await expectNoAxeViolations();
  });

  it('the reviewed provider answers once; the card then shows the answer', async () => {
    let answered = false;
    const { user, calls } = openList(
      provider,
      () => [makePublicReview({ response: answered ? answer(47 * hour) : null })],
      {
        'POST /api/reviews/r1/response': () => {
          answered = true;
          return { status: 201 as const, body: makePublicReview({ response: answer(48 * hour) }) };
        },
      },
    );
    const field = await screen.findByLabelText('Answer this review publicly');
    await user.click(screen.getByRole('button', { name: 'Publish answer' }));
    expect(await screen.findByText('Write your answer')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.type(field, '  Thank you, Casey!  ');
    await user.click(screen.getByRole('button', { name: 'Publish answer' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([['POST', '/api/reviews/r1/response', { text: 'Thank you, Casey!' }]]),
    );
    expect(await screen.findByText('Your answer')).toBeInTheDocument();
    expect(screen.getByText('Thank you, Casey!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Answer this review publicly')).toBeNull();
  });

  it('the answer can be edited within 48 hours (PUT), not after', async () => {
    const { user, calls, unmount } = openList(
      provider,
      () => [makePublicReview({ response: answer(2 * hour) })],
      {
        'PUT /api/reviews/r1/response': { body: makePublicReview({ response: answer(2 * hour) }) },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit your answer' }));
    const field = screen.getByLabelText('Edit your public answer');
    expect(field).toHaveValue('Thank you, Casey!');
    await user.clear(field);
    await user.type(field, 'Thanks again, Casey.');
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([['PUT', '/api/reviews/r1/response', { text: 'Thanks again, Casey.' }]]),
    );
    unmount();
    vi.unstubAllGlobals();

    openList(provider, () => [makePublicReview({ response: answer(-hour) })]);
    expect(await screen.findByText('Thank you, Casey!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit your answer' })).toBeNull();
  });

  it('shows a reader other than the reviewed party the answer, as the pro’s', async () => {
    openList(reader, () => [makePublicReview({ response: answer(hour) })]);
    expect(await screen.findByText("The pro's answer")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit your answer' })).toBeNull();
  });

  it('a signed-in reader reports a review with a reason and a note, by keyboard', async () => {
    const { user, calls } = openList(reader, () => [makePublicReview()], {
      'POST /api/reviews/r1/report': {
        status: 201 as const,
        body: { ok: true as const, message: 'Thanks: your report is with the moderators' },
      },
    });
    const report = await screen.findByRole('button', { name: 'Report the review by Casey J.' });
    report.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'It shares personal data' })).toHaveFocus();
    expect(writes(calls)).toEqual([]);
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Harassment' })).toBeChecked();
    await user.type(
      within(dialog).getByLabelText('Note for the moderator (optional)'),
      ' Insults my family ',
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        ['POST', '/api/reviews/r1/report', { reason: 'harassment', note: 'Insults my family' }],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Thanks: your report is with the moderators')).toBeInTheDocument();
  });

  it('keeps the server’s refusal of a report in the dialog', async () => {
    const { user } = openList(reader, () => [makePublicReview()], {
      'POST /api/reviews/r1/report': {
        status: 409,
        body: { error: 'You have already reported this review', code: 'CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Report the review by Casey J.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('radio', { name: 'It is fake' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already reported this review',
    );
  });

  it('pages ten at a time', async () => {
    const api = mockApi({
      ...sessionRoute(null),
      'GET /api/providers/p1/reviews?page=1&pageSize=10': page([makePublicReview()], 12),
      'GET /api/providers/p1/reviews?page=2&pageSize=10': page(
        [makePublicReview({ id: 'r12', text: 'The twelfth review, the oldest of them.' })],
        12,
        2,
      ),
    });
    const second = renderWithProviders(<ReviewList subject="provider" id="p1" />);
    const pager = await screen.findByRole('navigation', { name: 'Review pages' });
    expect(pager).toHaveTextContent('Showing 1 to 10 of 12 reviews');
    await second.user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The twelfth review, the oldest of them.')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Showing 11 to 12 of 12 reviews');
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('/api/providers'))).toEqual([
      '/api/providers/p1/reviews?page=1&pageSize=10',
      '/api/providers/p1/reviews?page=2&pageSize=10',
    ]);
  });

  it('says when there are no reviews yet, and offers Try again when they cannot be read', async () => {
    const first = openList(null, () => []);
    expect(
      await screen.findByText(
        'No reviews yet: a pro is reviewed only by customers whose job they completed.',
      ),
    ).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    let fail = true;
    mockApi({
      ...sessionRoute(null),
      'GET /api/customers/c1/reviews': () =>
        fail ? { status: 500, body: INTERNAL_ERROR } : page([makePublicReview({ authorSide: 'provider' })]),
    });
    const { user } = renderWithProviders(<ReviewList subject="customer" id="c1" />);
    expect(screen.getByText('Loading the reviews...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Reviews (1)' })).toBeInTheDocument();
  });
});
