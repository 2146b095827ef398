// /how-ranking-works: open to everyone, it states the formula with the constants the ranking code uses, a worked
// example the code computes, what counts, and what a featured listing does and does not change.
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RANKING_PRIOR_STARS, RANKING_PRIOR_WEIGHT } from '#domain/reputation';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('/how-ranking-works', { timeout: 30_000 }, () => {
  it('states the formula, a worked example and what a featured listing does not change, to anyone', async () => {
    renderApp({ path: '/how-ranking-works', user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How reviews and ranking work' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^How reviews and ranking work/);
    expect(
      screen.getByText(
        `score = (${RANKING_PRIOR_STARS.toFixed(1)} × ${RANKING_PRIOR_WEIGHT} + the sum of the ratings) ÷ (${RANKING_PRIOR_WEIGHT} + the number of ratings)`,
      ),
    ).toBeInTheDocument();
    // The formula as published today: a prior of 4.0 stars weighted as 5 reviews.
    expect(
      screen.getByText('score = (4.0 × 5 + the sum of the ratings) ÷ (5 + the number of ratings)'),
    ).toBeVisible();

    const table = screen.getByRole('table', { name: 'Three pros, their ratings and their scores' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['no reviews yet', '(4.0 × 5 + 0) ÷ (5 + 0)', '4.00'],
      ['two reviews, both 5 stars', '(4.0 × 5 + 10) ÷ (5 + 2)', '4.29'],
      ['twenty reviews: sixteen of 5 stars and four of 4 stars', '(4.0 × 5 + 96) ÷ (5 + 20)', '4.64'],
    ]);

    const counts = screen.getByRole('region', { name: 'What counts' });
    expect(counts).toHaveTextContent(/still counts: its rating stays in the score/);
    expect(counts).toHaveTextContent(/found fake or written with a conflict of interest is removed/);
    const featured = screen.getByRole('region', {
      name: 'What a featured listing does, and what it does not',
    });
    expect(featured).toHaveTextContent(/shown in a first group/);
    expect(featured).toHaveTextContent(/changes a pro's score or rating/);
    expect(featured).toHaveTextContent(/No one can pay to hide a review/);
    const reviews = screen.getByRole('region', { name: 'Blind until both have written' });
    expect(reviews).toHaveTextContent(/when the 14 days are over/);
    expect(screen.getByRole('region', { name: 'The price facts beside every review' })).toHaveTextContent(
      /within 5 % of the agreed price/,
    );
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link')).toHaveLength(7);
    await expectNoAxeViolations();
  });
});
