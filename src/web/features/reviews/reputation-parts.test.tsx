// The reputation figures beside names (a provider's rating summary, a customer's facts) and the provider's own
// reputation card: their words, plurals and spoken labels, nothing without data, the card's loading, empty and error
// states.
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerFacts } from '#domain/schemas/review.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR, makeReputation } from '#web/test/builders.ts';
import { mockApi, renderWithProviders } from '#web/test/render.tsx';
import { CustomerFactsLine, LazyReputationCard, RatingSummary } from './reputation-parts.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const facts = (overrides: Partial<CustomerFacts> = {}): CustomerFacts => ({
  completedJobs: 3,
  hires: 4,
  lateCancellations: 1,
  rating: 4.5,
  count: 2,
  ...overrides,
});

describe('RatingSummary', () => {
  it('reads "★ 4.8 (12) · 92 % on price" and says it in words', async () => {
    renderWithProviders(
      <p>
        <RatingSummary summary={{ rating: 4.8, count: 12, priceAccuracy: 0.92, completedJobs: 13 }} />
      </p>,
    );
    const summary = await screen.findByRole('img', {
      name: 'Rated 4.8 out of 5 from 12 reviews; 92 % of jobs finished within 5 % of the agreed price',
    });
    expect(summary).toHaveTextContent(/^★ 4\.8 \(12\) · 92 % on price$/);
    await expectNoAxeViolations();
  });

  it('says "1 review" for one, keeps a whole rating to one decimal, and leaves the price out before a completed job', async () => {
    renderWithProviders(
      <RatingSummary summary={{ rating: 5, count: 1, priceAccuracy: null, completedJobs: 0 }} />,
    );
    const summary = await screen.findByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' });
    expect(summary).toHaveTextContent(/^★ 5\.0 \(1\)$/);
  });

  it('says "No reviews yet" without reviews, with the price accuracy once a job is completed', async () => {
    const { rerender } = renderWithProviders(
      <RatingSummary summary={{ rating: null, count: 0, priceAccuracy: null, completedJobs: 0 }} />,
    );
    expect(await screen.findByRole('img', { name: 'No reviews yet' })).toHaveTextContent(/^No reviews yet$/);
    rerender(<RatingSummary summary={{ rating: null, count: 0, priceAccuracy: 1, completedJobs: 2 }} />);
    expect(
      await screen.findByRole('img', {
        name: 'No reviews yet; 100 % of jobs finished within 5 % of the agreed price',
      }),
    ).toHaveTextContent(/^No reviews yet · 100 % on price$/);
  });

  it('shows nothing when the server sent no summary', () => {
    const { container } = renderWithProviders(
      <span data-testid="box">
        <RatingSummary summary={undefined} />
      </span>,
    );
    expect(within(container).getByTestId('box')).toBeEmptyDOMElement();
  });
});

describe('CustomerFactsLine', () => {
  it('reads "3 jobs completed · 4 hires · 1 late cancellation · ★ 4.5 (2)" with the rating in words', async () => {
    renderWithProviders(
      <p data-testid="line">
        <CustomerFactsLine facts={facts()} />
      </p>,
    );
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(screen.getByTestId('line')).toHaveTextContent(
      /^3 jobs completed · 4 hires · 1 late cancellation · ★ 4\.5 \(2\)$/,
    );
    await expectNoAxeViolations();
  });

  it('writes the singular and plural right and leaves the rating out without one', async () => {
    renderWithProviders(
      <p data-testid="line">
        <CustomerFactsLine
          facts={facts({ completedJobs: 1, hires: 1, lateCancellations: 2, rating: null, count: 0 })}
        />
      </p>,
    );
    expect(screen.getByTestId('line')).toHaveTextContent(/^1 job completed · 1 hire · 2 late cancellations$/);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says "New customer" before the first hire, and nothing without facts', async () => {
    const { rerender } = renderWithProviders(
      <p data-testid="line">
        <CustomerFactsLine facts={facts({ completedJobs: 0, hires: 0, lateCancellations: 0, count: 0 })} />
      </p>,
    );
    expect(await screen.findByText('New customer')).toBeInTheDocument();
    expect(screen.getByTestId('line')).toHaveTextContent(/^New customer$/);
    rerender(
      <p data-testid="line">
        <CustomerFactsLine facts={undefined} />
      </p>,
    );
    expect(screen.getByTestId('line')).toBeEmptyDOMElement();
  });
});

describe('the reputation card', { timeout: 20_000 }, () => {
  it('loads, then shows the rating, the distribution in text, the sub-ratings, the record and the ranking link', async () => {
    const { calls } = mockApi({ 'GET /api/providers/p1/reputation': { body: makeReputation() } });
    renderWithProviders(<LazyReputationCard providerId="p1" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reputation');
    const card = await screen.findByRole('region', { name: 'Your reputation' });
    expect(await within(card).findByText('4.8')).toBeInTheDocument();
    expect(card).toHaveTextContent('out of 5 from 12 reviews');
    const bars = within(card).getByRole('list', { name: 'Ratings by stars' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '5 stars10 reviews',
      '4 stars1 review',
      '3 stars1 review',
      '2 stars0 reviews',
      '1 star0 reviews',
    ]);
    const term = (name: string) => within(card).getByText(name).closest('div');
    expect(term('Quality')).toHaveTextContent('4.9');
    expect(term('Punctuality')).toHaveTextContent('Not rated yet');
    expect(term('Completed jobs')).toHaveTextContent('13');
    expect(term('Completion rate')).toHaveTextContent('93 %');
    expect(term('Late cancellations (12 months)')).toHaveTextContent('1');
    expect(term('Price accuracy')).toHaveTextContent('92 %');
    expect(term('Price accuracy')).toHaveTextContent('Jobs finished within 5 % of the agreed price');
    expect(term('Median first response')).toHaveTextContent('Usually replies within 30 minutes');
    expect(within(card).getByRole('link', { name: 'How ranking works' })).toHaveAttribute(
      'href',
      '/how-ranking-works',
    );
    expect(calls.map((c) => c.path)).toEqual(['/api/providers/p1/reputation']);
    await expectNoAxeViolations();
  });

  it('before any review says how one is earned, and still shows the record', async () => {
    mockApi({
      'GET /api/providers/p1/reputation': {
        body: makeReputation({
          rating: null,
          count: 0,
          distribution: [0, 0, 0, 0, 0],
          subRatings: { quality: null, communication: null, punctuality: null, value: null },
          completedJobs: 0,
          completionRate: null,
          lateCancellations: 0,
          priceAccuracy: null,
          medianFirstResponseSeconds: null,
        }),
      },
    });
    renderWithProviders(<LazyReputationCard providerId="p1" />);
    const card = await screen.findByRole('region', { name: 'Your reputation' });
    expect(
      await within(card).findByText('No reviews yet: finished jobs can be reviewed for 14 days'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Ratings by stars' })).toBeNull();
    expect(card).toHaveTextContent('No hires yet');
    expect(card).toHaveTextContent('No completed jobs yet');
    expect(card).toHaveTextContent('No replies yet');
    await expectNoAxeViolations();
  });

  it('says when it cannot load, and Try again reads it again', async () => {
    let fail = true;
    mockApi({
      'GET /api/providers/p1/reputation': () =>
        fail ? { status: 500, body: INTERNAL_ERROR } : { body: makeReputation() },
    });
    const { user } = renderWithProviders(<LazyReputationCard providerId="p1" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your reputation could not be loaded.');
    await expectNoAxeViolations();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('out of 5 from 12 reviews')).toBeInTheDocument();
  });
});
