// The city cost guides in the browser (decision 0047): a guide's price at each grade with each line's arithmetic
// and source, the local factor and its source, what is not included, the accuracy sentence in the words
// (and "not enough"), "Price your own job" with the choices made, the nearby places and the other categories; the
// index and its places by category; the pricing accuracy page; loading, Not Found and failure states; the footer
// link; axe on each.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCents } from '#domain/money';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { currentPath, defineRoutes, renderApp } from '#web/test/render.tsx';
import { makeGuide, makeIndex, makePricingAccuracy, placeOf, TOO_FEW } from '../cost-guides-test-data.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const GUIDE_PATH = '/cost-guides/kitchen/jacksonville-fl';
const SENTENCE =
  'Of 12 kitchen jobs hired in the last 12 months, 9 were agreed inside our range; the median was 6 % above our estimate.';

describe('a cost guide', { timeout: 30_000 }, () => {
  it('shows the typical price at every grade, line by line with its arithmetic and sources, and how close we came', async () => {
    const guide = makeGuide();
    renderApp({
      path: GUIDE_PATH,
      routes: defineRoutes({ 'GET /api/cost-guides/:category/:place': { body: guide } }),
    });
    const h1 = await screen.findByRole('heading', {
      level: 1,
      name: 'Kitchen Remodel cost in Jacksonville, FL',
    });
    await waitFor(() => expect(document.title).toBe('Kitchen Remodel cost in Jacksonville, FL · HomeFix'));
    const standard = guide.grades.find((g) => g.grade === 'Standard')!;
    const card = h1.closest('article')!;
    expect(card).toHaveTextContent(`Typical price, Standard grade${formatCents(standard.totalCents)}`);
    expect(card).toHaveTextContent(guide.typicalJob.description);

    // The grades table: each grade's factor, total and range.
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Economy',
      'Standard',
      'Medium',
      'Premium',
    ]);
    for (const [i, grade] of guide.grades.entries()) {
      expect(rows[i]).toHaveTextContent(formatCents(grade.totalCents));
    }
    // Each line's arithmetic, in every grade.
    for (const grade of guide.grades)
      for (const line of grade.lines) expect(screen.getAllByText(line.arithmetic).length).toBeGreaterThan(0);
    // The unit prices' sources link to their pages; a source's range that ours is outside of is named.
    const sink = guide.grades[1]!.lines.find((l) => l.subtaskId === 'kitchen-sink-faucet')!;
    expect(sink.sourceUrls.length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /^allinfohome\.com/ })[0]).toHaveAttribute(
      'href',
      sink.sourceUrls[0],
    );
    const lights = guide.grades[1]!.lines.find((l) => l.subtaskId === 'kitchen-recessed-lighting')!;
    expect(lights.rangesDiffering.length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(
        /budgeting\.thenest\.com publishes \$150\.00 to \$200\.00; our unit price of \$280\.00 is outside that range\./,
      ).length,
    ).toBeGreaterThan(0);

    // The local factor with its source, what is not included, when prices were reviewed.
    const factor = screen.getByRole('region', { name: 'The local factor' });
    expect(factor).toHaveTextContent(`times ${placeOf('jacksonville-fl').multiplier}`);
    expect(factor).toHaveTextContent('2024');
    expect(within(factor).getByRole('link', { name: /regional price parities/i })).toHaveAttribute(
      'href',
      guide.localFactor.sourceUrl,
    );
    const excluded = screen.getByRole('region', { name: 'Not included' });
    for (const e of guide.exclusions) expect(excluded).toHaveTextContent(e);
    expect(excluded).toHaveTextContent('Unit prices last reviewed on November 23, 2026.');

    // The accuracy, as the issue words it.
    expect(screen.getByRole('region', { name: 'How close our prices came' })).toHaveTextContent(SENTENCE);

    // Price your own job: the wizard with the choices made.
    expect(screen.getByRole('link', { name: 'Price your own job' })).toHaveAttribute(
      'href',
      guide.wizardPath,
    );
    expect(guide.wizardPath).toBe(
      `/estimates/create?category=kitchen&task=kitchen-remodel&region=${guide.place.regionId}`,
    );

    // Nearby places and the place's other categories.
    const nearby = screen.getByRole('region', { name: 'Kitchen in nearby places' });
    expect(
      within(nearby)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(guide.nearby.map((p) => p.path));
    const others = screen.getByRole('region', { name: 'Other jobs in Jacksonville, FL' });
    expect(within(others).getByRole('link', { name: 'HVAC' })).toHaveAttribute(
      'href',
      '/cost-guides/hvac/jacksonville-fl',
    );
    expect(within(others).getAllByRole('link')).toHaveLength(7);
    await expectNoAxeViolations();
  });

  it('says "Not enough hired jobs yet to compare." with fewer than 5 jobs, and names the place when it alone has 5', async () => {
    renderApp({
      path: GUIDE_PATH,
      routes: defineRoutes({
        'GET /api/cost-guides/:category/:place': { body: makeGuide('kitchen', 'jacksonville-fl', TOO_FEW) },
      }),
    });
    const region = await screen.findByRole('region', { name: 'How close our prices came' });
    expect(region).toHaveTextContent('Not enough hired jobs yet to compare.');
    expect(region).not.toHaveTextContent(/\d+ %/);
  });

  it('opens another guide from its links, and the wizard from "Price your own job"', async () => {
    const { user, location } = renderApp({
      path: GUIDE_PATH,
      routes: defineRoutes({
        'GET /api/cost-guides/:category/:place': ({ path }) => {
          const [, , , category, place] = path.split('/');
          return { body: makeGuide(category as 'kitchen', place!) };
        },
      }),
    });
    const others = await screen.findByRole('region', { name: 'Other jobs in Jacksonville, FL' });
    await user.click(within(others).getByRole('link', { name: 'Bathroom' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bathroom Remodel cost in Jacksonville, FL' }),
    ).toBeInTheDocument();
    expect(currentPath(location)).toBe('/cost-guides/bathroom/jacksonville-fl');
    // The keyboard reaches Price your own job.
    const price = screen.getByRole('link', { name: 'Price your own job' });
    price.focus();
    await user.keyboard('{Enter}');
    // Signed out: the sign-in first, which returns to the wizard with the choices made.
    const wizard = makeGuide('bathroom').wizardPath;
    await waitFor(() => expect(currentPath(location)).toBe(`/login?next=${encodeURIComponent(wizard)}`));
  });

  it('shows a loading state, then Not Found for an unknown category or place', async () => {
    let answer: (() => void) | null = null;
    renderApp({
      path: '/cost-guides/roofing/atlantis-xx',
      routes: defineRoutes({
        'GET /api/cost-guides/:category/:place': () =>
          new Promise((resolve) => {
            answer = () =>
              resolve({
                status: 404,
                body: { error: 'There is no cost guide for this category and place', code: 'NOT_FOUND' },
              });
          }),
      }),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the cost guide');
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found · HomeFix'));
  });

  it('a failure to load says so and tries again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: GUIDE_PATH,
      routes: defineRoutes({
        'GET /api/cost-guides/:category/:place': () =>
          fail ? { status: 500, body: INTERNAL_ERROR } : { body: makeGuide() },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This cost guide could not be loaded.');
    await expectNoAxeViolations();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kitchen Remodel cost in Jacksonville, FL' }),
    ).toBeInTheDocument();
  });
});

describe('the cost guides index', { timeout: 30_000 }, () => {
  it('lists the categories with their prices and accuracy, and every place linked to the chosen category', async () => {
    const { user, location } = renderApp({
      path: '/cost-guides',
      routes: defineRoutes({ 'GET /api/cost-guides': { body: makeIndex() } }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'What home repairs cost where you live' }),
    ).toBeInTheDocument();
    const jobs = screen.getByRole('region', { name: 'Jobs' });
    expect(
      within(jobs)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Kitchen', 'Bathroom', 'Flooring', 'Electrical', 'Siding', 'Concrete', 'HVAC', 'Landscaping']);
    expect(jobs).toHaveTextContent(SENTENCE);
    expect(jobs).toHaveTextContent('Standard grade: $10,000 to $15,000, by place');
    const places = screen.getByRole('region', { name: 'Kitchen prices by place' });
    expect(
      within(places).getByRole('link', { name: 'Jacksonville, FL: kitchen cost guide' }),
    ).toHaveAttribute('href', '/cost-guides/kitchen/jacksonville-fl');
    await expectNoAxeViolations();

    // Another category: the same places link to its guides.
    await user.click(within(places).getByRole('link', { name: 'HVAC' }));
    expect(currentPath(location)).toBe('/cost-guides?category=hvac');
    const hvac = await screen.findByRole('region', { name: 'HVAC prices by place' });
    expect(within(hvac).getByRole('link', { name: 'HVAC' })).toHaveAttribute('aria-current', 'page');
    expect(within(hvac).getByRole('link', { name: 'Jacksonville, FL: HVAC cost guide' })).toHaveAttribute(
      'href',
      '/cost-guides/hvac/jacksonville-fl',
    );
  });

  it('a failure to load says so and tries again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/cost-guides',
      routes: defineRoutes({
        'GET /api/cost-guides': () => (fail ? { status: 503 } : { body: makeIndex() }),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cost guides could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Kitchen prices by place' })).toBeInTheDocument();
  });

  it('is linked from every page’s footer', async () => {
    renderApp({ path: '/privacy-policy' });
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Cost guides' })).toHaveAttribute('href', '/cost-guides');
  });
});

describe('the pricing accuracy page', { timeout: 30_000 }, () => {
  it('gives each category’s comparison, no figure from fewer than 5 jobs, and how it is computed', async () => {
    renderApp({
      path: '/pricing-accuracy',
      routes: defineRoutes({ 'GET /api/pricing-accuracy': { body: makePricingAccuracy() } }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How close our prices came' }),
    ).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'By kind of job' });
    const items = within(results).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(items[0]).toHaveTextContent(`Kitchen${SENTENCE}`);
    expect(items[6]).toHaveTextContent('HVACNot enough hired jobs yet to compare.');
    expect(screen.getByText(/Computed on/)).toHaveTextContent(
      'Computed on November 27, 2026, from the jobs hired since November 27, 2025.',
    );
    expect(screen.getByRole('region', { name: 'How it is computed' })).toHaveTextContent(
      'No figure is shown from fewer than 5 jobs.',
    );
    await expectNoAxeViolations();
  });

  it('a failure to load says so and tries again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/pricing-accuracy',
      routes: defineRoutes({
        'GET /api/pricing-accuracy': () =>
          fail ? { status: 500, body: INTERNAL_ERROR } : { body: makePricingAccuracy() },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The comparison could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'By kind of job' })).toBeInTheDocument();
  });
});
