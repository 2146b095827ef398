// The job page's review section: each state a party meets (may review, blind after writing with the exact
// sentence, the other has written, both published, the window closed, not completed, loading and error), the star
// groups by keyboard, the side's own sub-ratings, the text's count, what is sent, and the server's field errors at
// their fields.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '#domain/schemas/job.schema';
import type { JobReviews as JobReviewsAnswer } from '#domain/schemas/review.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import {
  makeUser,
  mockApi,
  renderApp,
  renderWithProviders,
  sessionRoute,
  type RecordedCall,
} from '#web/test/render.tsx';
import { makeJobReviews, makeProviderReview, makePublicReview } from '../review-test-data.ts';
import { JobReviews } from './JobReviews.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1', firstName: 'Casey', lastName: 'Jones' });
const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat', lastName: 'Lee' });

/** The section for `who`: GET answers `first` until a write (POST or PUT) answers `after`, then that. */
function openReviews(
  first: JobReviewsAnswer,
  { who = customer, after = first }: { who?: typeof customer; after?: JobReviewsAnswer } = {},
) {
  let current = first;
  const api = mockApi({
    ...sessionRoute(who),
    'GET /api/jobs/j1/reviews': () => ({ body: current }),
    'POST /api/jobs/j1/reviews': () => {
      current = after;
      return { status: 201 as const, body: after };
    },
    'PUT /api/reviews/r1': () => {
      current = after;
      return { body: after };
    },
  });
  const view = renderWithProviders(<JobReviews jobId="j1" timeZone="UTC" />, '/jobs/j1');
  return { ...view, ...api };
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== 'GET' && c.path.includes('review')).map((c) => [c.method, c.path, c.body]);

const group = (name: string) => screen.getByRole('group', { name });
const star = (groupName: string, n: number) =>
  within(group(groupName)).getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}` });

const TEXT = 'Pat fitted the cabinets neatly and cleaned up every day.';

describe('the review section of a completed job', { timeout: 30_000 }, () => {
  it('offers the customer a form to review the provider, until the window closes', async () => {
    openReviews(makeJobReviews());
    expect(await screen.findByRole('heading', { name: 'Review Pat L.' })).toBeInTheDocument();
    expect(screen.getByText('You can review until Dec 10, 2026.')).toBeInTheDocument();
    // The customer rates the provider's quality, communication, punctuality and value.
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Overall rating',
      'Quality',
      'Communication',
      'Punctuality',
      'Value',
    ]);
    const radios = within(group('Overall rating')).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    radios.forEach((r, i) => expect(r).toHaveAccessibleName(i === 0 ? '1 star' : `${i + 1} stars`));
    expect(screen.getByText('0 / 2000 (at least 20)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How reviews and ranking work' })).toHaveAttribute(
      'href',
      '/how-ranking-works',
    );
    await expectNoAxeViolations();
  });

  it('asks the provider for the customer’s clarity, responsiveness and fairness', async () => {
    openReviews(makeJobReviews({ yourSide: 'provider', otherName: 'Casey J.' }), { who: provider });
    expect(await screen.findByRole('heading', { name: 'Review Casey J.' })).toBeInTheDocument();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Overall rating',
      'Clarity',
      'Responsiveness',
      'Fairness',
    ]);
    expect(screen.queryByRole('group', { name: 'Quality' })).toBeNull();
  });

  it('moves through the stars with the arrow keys and from group to group with Tab', async () => {
    const { user } = openReviews(makeJobReviews());
    await screen.findByRole('heading', { name: 'Review Pat L.' });
    await user.tab();
    expect(star('Overall rating', 1)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(star('Overall rating', 4)).toBeChecked();
    expect(star('Overall rating', 4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(star('Overall rating', 3)).toBeChecked();
    expect(within(group('Overall rating')).getByText('3 of 5')).toBeInTheDocument();
    await user.tab();
    expect(star('Quality', 1)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(star('Quality', 2)).toBeChecked();
    expect(star('Overall rating', 3)).toBeChecked();
  });

  it('checks the stars and the text before sending, counting the characters as they are typed', async () => {
    const { user, calls } = openReviews(makeJobReviews());
    const text = await screen.findByLabelText('Your review');
    await user.type(text, 'Good work');
    expect(screen.getByText('9 / 2000 (at least 20)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save my review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByText('Rate quality from 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByText('Rate value from 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByText('Write at least 20 characters')).toBeInTheDocument();
    // Focus goes to the first field in error.
    expect(star('Overall rating', 1)).toHaveFocus();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);
  });

  it('sends the review, then explains the blind state in one sentence, with Edit', async () => {
    const mine = {
      id: 'r1',
      authorSide: 'customer' as const,
      rating: 4,
      subRatings: { quality: 5, communication: 4, punctuality: 3, value: 4 },
      text: TEXT,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
      published: false,
    };
    const { user, calls } = openReviews(makeJobReviews(), {
      after: makeJobReviews({ canReview: false, refusal: 'alreadyReviewed', mine }),
    });
    await screen.findByRole('heading', { name: 'Review Pat L.' });
    await user.click(star('Overall rating', 4));
    await user.click(star('Quality', 5));
    await user.click(star('Communication', 4));
    await user.click(star('Punctuality', 3));
    await user.click(star('Value', 4));
    await user.type(screen.getByLabelText('Your review'), `  ${TEXT}  `);
    expect(screen.getByText(`${TEXT.length} / 2000`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save my review' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        [
          'POST',
          '/api/jobs/j1/reviews',
          { rating: 4, quality: 5, communication: 4, punctuality: 3, value: 4, text: TEXT },
        ],
      ]),
    );
    expect(
      await screen.findByText(
        'Your review is saved. It will be published when Pat L. reviews too, or on Dec 10, 2026.',
      ),
    ).toBeInTheDocument();
    // Focus moves to the section's heading, where a keyboard user reads on.
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toHaveFocus();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save my review' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('lets the author edit the review until it is published (PUT with the whole review)', async () => {
    const mine = {
      id: 'r1',
      authorSide: 'customer' as const,
      rating: 4,
      subRatings: { quality: 5, communication: 4, punctuality: 3, value: 4 },
      text: TEXT,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
      published: false,
    };
    const blind = makeJobReviews({ canReview: false, refusal: 'alreadyReviewed', mine });
    const { user, calls } = openReviews(blind, {
      after: { ...blind, mine: { ...mine, rating: 5, updatedAt: '2026-11-28T10:00:00.000Z' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit your review' }));
    expect(star('Overall rating', 4)).toBeChecked();
    expect(star('Punctuality', 3)).toBeChecked();
    expect(screen.getByLabelText('Your review')).toHaveValue(TEXT);
    await user.click(star('Overall rating', 5));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        [
          'PUT',
          '/api/reviews/r1',
          { rating: 5, quality: 5, communication: 4, punctuality: 3, value: 4, text: TEXT },
        ],
      ]),
    );
    expect(await screen.findByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('shows the server’s field errors at their fields', async () => {
    mockApi({
      ...sessionRoute(customer),
      'GET /api/jobs/j1/reviews': { body: makeJobReviews() },
      'POST /api/jobs/j1/reviews': {
        status: 400,
        body: {
          error: 'Please check the highlighted fields',
          code: 'VALIDATION',
          fields: { quality: 'Rate quality from 1 to 5', text: 'Write at least 20 characters' },
        },
      },
    });
    const { user } = renderWithProviders(<JobReviews jobId="j1" timeZone="UTC" />, '/jobs/j1');
    await screen.findByRole('heading', { name: 'Review Pat L.' });
    for (const g of ['Overall rating', 'Quality', 'Communication', 'Punctuality', 'Value']) {
      await user.click(star(g, 5));
    }
    await user.type(screen.getByLabelText('Your review'), TEXT);
    await user.click(screen.getByRole('button', { name: 'Save my review' }));
    const qualityError = await within(group('Quality')).findByText('Rate quality from 1 to 5');
    expect(group('Quality')).toHaveAttribute('aria-describedby', qualityError.id);
    expect(screen.getByText('Write at least 20 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
    expect(star('Quality', 5)).toHaveFocus();
  });

  it('keeps a refusal without fields on screen (a review already written elsewhere)', async () => {
    mockApi({
      ...sessionRoute(customer),
      'GET /api/jobs/j1/reviews': { body: makeJobReviews() },
      'POST /api/jobs/j1/reviews': {
        status: 409,
        body: { error: 'You have already reviewed this job', code: 'CONFLICT' },
      },
    });
    const { user } = renderWithProviders(<JobReviews jobId="j1" timeZone="UTC" />, '/jobs/j1');
    await screen.findByRole('heading', { name: 'Review Pat L.' });
    for (const g of ['Overall rating', 'Quality', 'Communication', 'Punctuality', 'Value']) {
      await user.click(star(g, 4));
    }
    await user.type(screen.getByLabelText('Your review'), TEXT);
    await user.click(screen.getByRole('button', { name: 'Save my review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already reviewed this job');
  });

  it('says when the other party has written theirs (only that, not what)', async () => {
    openReviews(makeJobReviews({ otherReviewed: true }));
    expect(await screen.findByText('Pat L. has written their review.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review Pat L.' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows both reviews once published, each with its facts; Report only on the other party’s', async () => {
    const mineMade = {
      id: 'r1',
      authorSide: 'customer' as const,
      rating: 5,
      subRatings: { quality: 5, communication: 4, punctuality: 5, value: 4 },
      text: TEXT,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
      published: true,
    };
    openReviews(
      makeJobReviews({
        canReview: false,
        refusal: 'alreadyReviewed',
        mine: mineMade,
        otherReviewed: true,
        published: true,
        reviews: [makePublicReview(), makeProviderReview()],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Published reviews' });
    const [mine, theirs] = within(list).getAllByRole('article');
    expect(mine).toHaveAccessibleName('Casey J. · customer');
    expect(within(mine!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(mine).toHaveTextContent('Kitchen · Jacksonville · November 2026');
    expect(mine).toHaveTextContent('6 % above the agreed price, with 1 approved change order');
    expect(mine).toHaveTextContent('Estimate:$1,901 – $2,851');
    expect(mine).toHaveTextContent('Agreed:$2,400.00');
    expect(mine).toHaveTextContent('Final:$2,550.00');
    expect(within(mine!).getByText('Quality').nextSibling).toHaveTextContent('5 / 5');
    expect(theirs).toHaveAccessibleName('Pat L. · pro');
    expect(theirs).toHaveTextContent('Casey knew what she wanted and answered quickly.');
    expect(within(theirs!).getByText('Clarity').nextSibling).toHaveTextContent('4 / 5');
    // The reader (from the session) may report the other party's review.
    expect(
      await within(theirs!).findByRole('button', { name: 'Report the review by Pat L.' }),
    ).toBeInTheDocument();
    expect(within(mine!).queryByRole('button', { name: /Report/ })).toBeNull();
    // The customer is the subject of Pat's review: she may answer it.
    expect(within(theirs!).getByLabelText('Answer this review publicly')).toBeInTheDocument();
    expect(within(mine!).queryByLabelText('Answer this review publicly')).toBeNull();
    expect(screen.queryByText(/Your review is saved/)).toBeNull();
    await expectNoAxeViolations();
  });

  it('says the window closed when the caller did not review in time', async () => {
    openReviews(makeJobReviews({ canReview: false, refusal: 'windowClosed' }));
    expect(
      await screen.findByText('The time to review this job closed on Dec 10, 2026.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save my review' })).toBeNull();
  });

  it('says when the window closed but the other party’s review was published', async () => {
    openReviews(
      makeJobReviews({
        canReview: false,
        refusal: 'windowClosed',
        otherReviewed: true,
        published: true,
        reviews: [makeProviderReview()],
      }),
    );
    expect(
      await screen.findByText('The time to review this job closed on Dec 10, 2026.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says reviews open once the job is completed', async () => {
    openReviews(makeJobReviews({ canReview: false, refusal: 'notCompleted', windowClosesAt: null }));
    expect(
      await screen.findByText(
        'Reviews open once the job is completed: then you and Pat L. have 14 days to review each other.',
      ),
    ).toBeInTheDocument();
  });

  it('shows loading, then the error with Try again', async () => {
    let fail = true;
    mockApi({
      ...sessionRoute(customer),
      'GET /api/jobs/j1/reviews': () =>
        fail ? { status: 500, body: INTERNAL_ERROR } : { body: makeJobReviews() },
    });
    const { user } = renderWithProviders(<JobReviews jobId="j1" timeZone="UTC" />, '/jobs/j1');
    expect(screen.getByText('Loading the reviews...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Review Pat L.' })).toBeInTheDocument();
  });
});

describe('the job page', { timeout: 30_000 }, () => {
  const job = (status: Job['status']): Job => ({
    id: 'j1',
    estimateId: 'e1',
    estimateTitle: 'Kitchen Remodel - Kitchen',
    status,
    agreedPrice: 2400,
    total: 2400,
    estimateMin: 1900.8,
    estimateMax: 2851.2,
    timeZone: 'UTC',
    proposedDate: null,
    proposedBy: null,
    scheduledDate: '2026-11-20',
    completionNote: null,
    photos: [],
    cancelReason: null,
    lateCancellation: false,
    autoConfirmAt: null,
    changeOrders: [],
    timeline: [],
    customer: { id: 'c1', name: 'Casey J.', city: 'Jacksonville' },
    provider: { id: 'p1', name: 'Pat L.', companyName: 'Lee Builders' },
    viewerRole: 'customer',
    allowedActions: [],
    createdAt: '2026-11-20T10:00:00.000Z',
  });

  it('shows the review section of a completed job (lazily, at #reviews), and none before', async () => {
    const first = renderApp({
      path: '/jobs/j1',
      user: customer,
      routes: {
        'GET /api/jobs/j1': { body: { job: job('completed') } },
        'GET /api/jobs/j1/reviews': { body: makeJobReviews() },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Review Pat L.' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reviews' })).toHaveAttribute('id', 'reviews');
    first.unmount();
    vi.unstubAllGlobals();

    const { calls } = renderApp({
      path: '/jobs/j1',
      user: customer,
      routes: { 'GET /api/jobs/j1': { body: { job: job('in_progress') } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Kitchen Remodel - Kitchen' });
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/reviews'))).toBe(false);
  });
});
