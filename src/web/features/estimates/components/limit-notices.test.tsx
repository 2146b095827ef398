// A customer's plan limits: from 80 percent of a limit a notice informs (role status, the information style) what
// is used and what Premium allows; only a request the server refused is shown as an error (role alert, the error
// style). A first visit, with nothing used, shows neither.
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EstimateUsage } from '#domain/schemas/estimate-api.schema';
import { estimatePage, makeEstimate } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1' });

const usage = (posted: number, saved = 1): EstimateUsage => ({
  plan: 'free',
  generated: { used: 2, limit: 10 },
  saved: { used: saved, limit: 5 },
  posted: { used: posted, limit: 1 },
  picturesPerEstimate: 0,
  periodStart: '2026-11-01T00:00:00.000Z',
  resetsAt: '2026-12-01T00:00:00.000Z',
});

/** The banner around a title: its role and whether it wears the error colours. */
function bannerOf(title: string) {
  const banner = screen.getByText(title).closest('[role]');
  if (!banner) throw new Error(`no banner titled ${title}`);
  return banner as HTMLElement;
}

describe('customer plan-limit notices', { timeout: 20_000 }, () => {
  it('a first visit with nothing used shows no notice and no error', async () => {
    renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': { body: estimatePage([]) },
        'GET /api/estimates/usage': { body: usage(0, 0) },
      },
    });
    expect(await screen.findByText('No saved estimates available.')).toBeInTheDocument();
    expect(screen.queryByText(/^Limit (reached|exceeded)$/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('at the posted limit it informs; a refused post is then an error', async () => {
    const { user } = renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': { body: estimatePage([makeEstimate()]) },
        'GET /api/estimates/usage': { body: usage(1) },
        'PATCH /api/estimates/e1/post': {
          status: 403,
          body: {
            error:
              'Limit reached: your Free plan includes 1 posted estimate per month (public projects count too). Upgrade to Premium to post up to 10 per month.',
            code: 'PLAN_LIMIT',
          },
        },
      },
    });
    expect(await screen.findByText('Limit reached')).toBeInTheDocument();
    const notice = bannerOf('Limit reached');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveClass('bg-blue-50');
    expect(notice).not.toHaveClass('bg-red-50');
    expect(notice).toHaveTextContent('You have used your 1 free post this month. Premium posts up to 10.');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Post/ }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Limit reached');
    expect(refusal).toHaveTextContent('your Free plan includes 1 posted estimate per month');
    expect(refusal).toHaveClass('bg-red-50');
    // The notice stays what it was: information.
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveClass('bg-blue-50');
  });

  it('near a limit it says how much is used of it', async () => {
    renderApp({
      path: '/saved-estimates',
      user: customer,
      routes: {
        'GET /api/estimates': { body: estimatePage([makeEstimate()]) },
        'GET /api/estimates/usage': { body: usage(0, 4) },
      },
    });
    expect(await screen.findByText('Approaching limit')).toBeInTheDocument();
    const notice = bannerOf('Approaching limit');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent(
      'You have saved 4 estimates; the Free plan keeps 5. Premium keeps unlimited saved estimates.',
    );
  });
});
