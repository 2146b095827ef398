// City cost guides in the browser (decision 0047): a signed-out visitor goes from the footer to /cost-guides, picks
// the kitchen and then Jacksonville, FL, and reads the typical price, the same as GET /api/cost-guides/{category}/
// {place} and as the wizard's own quote function for the typical job (in the HTML the server sends as well as in the
// page); the guide still reads on a phone, with nothing wider than the screen. "Price your own job" leads to the
// wizard, which is for signed-in customers: the visitor is asked to sign in, and signing in returns them to the
// wizard with the kitchen, the kitchen remodel and Jacksonville, FL already chosen, on the subtasks step. The journey
// then finishes the estimate and finds those choices in its summary and the domain's price. axe checks every screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { findPlace, guidePath, typicalJobInput, wizardPath } from '../src/domain/cost-guides.ts';
import { formatCents } from '../src/domain/money.ts';
import { priceEstimate } from '../src/domain/pricing.ts';
import type { CostGuide } from '../src/domain/schemas/cost-guide.schema.ts';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, verifiedAccount } from './support/accounts.ts';

const PLACE = 'jacksonville-fl';
const region = findPlace(PLACE)!;

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

/** Focuses a choice and presses a key on it, as e2e/estimates.spec.ts does (the cards' inputs are visually hidden). */
async function press(target: Locator, key: string) {
  await target.focus();
  await expect(target).toBeFocused();
  await target.press(key);
}

test('a visitor finds a kitchen cost guide, checks its price, and prices their own job in the wizard with the choices made', async ({
  page,
  baseURL,
  request,
}) => {
  // Two screens of guides, sign-in and the whole wizard, with axe on each: longer than a minute on a busy machine.
  test.setTimeout(150_000);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Gale');

  // What the guide must say: the API's answer, which is the wizard's quote function for the typical job.
  const answer = await request.get(`/api/cost-guides/kitchen/${PLACE}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const guide = (await answer.json()) as CostGuide;
  const standard = guide.grades.find((g) => g.grade === 'Standard')!;
  expect(standard.totalCents).toBe(priceEstimate(typicalJobInput('kitchen', 'Standard', region)).finalCents);
  expect(guide.wizardPath).toBe(wizardPath('kitchen', 'kitchen-remodel', region.id));
  const typicalPrice = formatCents(standard.totalCents);
  const title = `${guide.typicalJob.taskName} cost in Jacksonville, FL`;

  // 1. From the footer of the home page to the index of the guides.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cost guides', exact: true }).click();
  await expect(page).toHaveURL(/\/cost-guides$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What home repairs cost where you live' }),
  ).toBeVisible();
  await expectAccessible(page);

  // 2. The kitchen's places, then Florida's, then Jacksonville.
  await page.getByRole('link', { name: 'Kitchen prices by place', exact: true }).click();
  await expect(page).toHaveURL(/\/cost-guides\?category=kitchen#places$/);
  const places = page.getByRole('region', { name: 'Kitchen prices by place' });
  await expect(places.getByRole('link', { name: 'Kitchen', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const florida = places.locator('details').filter({ has: page.locator('summary', { hasText: /^FL\b/ }) });
  await florida.locator('summary').click();
  await expect(florida).toHaveAttribute('open', '');
  await expectAccessible(page);
  // The link's name is its place's and the job's (Chromium puts a space before the visually hidden ", FL").
  await florida.getByRole('link', { name: /^Jacksonville ?, FL: kitchen cost guide$/ }).click();

  // 3. The guide: the typical price as the API and the quote function give it, each grade, the arithmetic.
  await expect(page).toHaveURL(new RegExp(`${guidePath('kitchen', PLACE)}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · HomeFix`);
  const article = page.getByRole('article', { name: title });
  await expect(article.getByText('Typical price, Standard grade')).toBeVisible();
  await expect(article.getByText(typicalPrice, { exact: true })).toBeVisible();
  const grades = page.getByRole('table', { name: /typical job's total at each grade/ });
  for (const g of guide.grades)
    await expect(grades.getByRole('row', { name: new RegExp(`^${g.grade} `) })).toContainText(
      formatCents(g.totalCents),
    );
  // Standard's lines are open, each with its arithmetic.
  await expect(page.getByText(standard.lines[0]!.arithmetic, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The same price is in the HTML the server sends, before any script runs.
  const served = await request.get(guidePath('kitchen', PLACE));
  expect(served.status()).toBe(200);
  const html = await served.text();
  const root = html.indexOf('<div id="root">');
  expect(root).toBeGreaterThan(-1);
  expect(html.slice(root, html.indexOf('<script type="application/json"', root))).toContain(typicalPrice);

  // 4. On a phone: the heading, the price and "Price your own job" read, and nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(article.getByText(typicalPrice, { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const priceYourOwn = page.getByRole('link', { name: 'Price your own job' });
  await priceYourOwn.scrollIntoViewIfNeeded();
  await expect(priceYourOwn).toBeInViewport();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // 5. "Price your own job": the wizard is for signed-in customers, so the visitor signs in first and is brought
  // back to the wizard's address with its choices.
  await priceYourOwn.click();
  await expect(page).toHaveURL(/\/login\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(guide.wizardPath);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(JOURNEY_PASSWORD);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^log in$|^sign in$/i })
    .click();

  // 6. The wizard opens on the subtasks of the kitchen remodel: the category and the task are chosen.
  await expect(page).toHaveURL(/\/estimates\/create$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Subtasks' })).toBeVisible();
  await expect(page.getByText('Step 3 of 7')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Cabinets/ })).not.toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pick Your Task' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Kitchen Remodel/ })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Select Category' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Kitchen/ })).toBeChecked();
  await next(page).click();
  await next(page).click();

  // 7. Their own job: 14 ft of cabinets at Standard; the region is already Jacksonville, FL.
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Subtasks' })).toBeVisible();
  await press(page.getByRole('checkbox', { name: /^Cabinets/ }), 'Space');
  await next(page).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a Grade Level' })).toBeVisible();
  await press(page.getByRole('radio', { name: /^Standard/ }), 'Space');
  await next(page).click();
  await page.getByLabel('Length (ft)').fill('14');
  await next(page).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Region' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('Jacksonville, FL');
  const generate = page.getByRole('button', { name: 'Generate Estimate' });
  await expect(generate).toBeEnabled();
  await expectAccessible(page);
  await generate.click();

  const own = priceEstimate({
    category: 'kitchen',
    task: 'kitchen-remodel',
    subtasks: ['kitchen-cabinets'],
    measurements: { 'kitchen-cabinets': { length: '14' } },
    gradeLevel: 'Standard',
    region: region.id,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'This is your estimate.' })).toBeVisible();
  const summary = page.getByRole('form', { name: 'This is your estimate.' }).locator('dl');
  const row = (term: string) =>
    summary.locator('div', { has: page.locator('dt').getByText(term, { exact: true }) });
  await expect(row('Task').locator('dd')).toHaveText('Kitchen Remodel (Kitchen)');
  await expect(row('Region').locator('dd')).toHaveText('Jacksonville, FL');
  await expect(row('Estimated total').locator('dd')).toHaveText(formatCents(own.finalCents));

  await customer.api.dispose();
});
