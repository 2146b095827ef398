// Service areas and distance, end to end (decision 0048): a provider sets a 25-mile area around 10001 (Manhattan)
// on /provider/settings; of the jobs a customer posted, /tasks then shows the one in Hackensack, NJ (07601, 10 miles
// away) and not the one in Whitehouse, NJ (08888, 40 miles) nor the one without a ZIP code. With "Within my service
// area" off every job is there, the far one "40 mi away" and the one without a ZIP code under "Distance unknown";
// "Nearest first" orders them by distance. On /pros near 07601 the provider shows 10 miles away within 25 miles, and
// not within 5. axe checks each screen.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';

test('a provider with a 25-mile area sees the job 10 miles away and not the one 40 miles away', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Nia');
  // Three customers: a free plan posts one estimate a month.
  const customers = await Promise.all(
    ['Omar', 'Lena', 'Ravi'].map((name) => verifiedAccount(baseURL!, 'customer', name)),
  );

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/settings');
  const area = page.getByRole('region', { name: 'Service area' });
  await expect(area.getByLabel('Base ZIP code')).toBeVisible();
  await area.getByLabel('Base ZIP code').fill('123');
  await area.getByRole('button', { name: 'Save service area' }).click();
  await expect(area.getByRole('alert')).toHaveText('Enter a valid US ZIP code');
  await area.getByLabel('Base ZIP code').fill('10001');
  await area.getByLabel('Radius').selectOption('25');
  await area.getByRole('button', { name: 'Save service area' }).click();
  await expect(area).toContainText('Now: 25 miles around 10001 (New York, NY).');
  await expectAccessible(page);

  const near = `Near job ${tag}`;
  const far = `Far job ${tag}`;
  const nowhere = `Job without a ZIP ${tag}`;
  await postedEstimate(customers[0]!.api, near, undefined, '07601');
  await postedEstimate(customers[1]!.api, far, undefined, '08888');
  await postedEstimate(customers[2]!.api, nowhere);

  await page.goto('/tasks');
  await expect(page.getByLabel('Within my service area')).toBeChecked();
  await page.getByLabel('Search tasks').fill(tag);
  const tasks = page.getByRole('list', { name: 'Tasks', exact: true });
  const card = (title: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card(near)).toBeVisible();
  await expect(card(near)).toContainText('10 mi away');
  await expect(tasks.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('link', { name: far })).toHaveCount(0);
  await expect(page.getByRole('link', { name: nowhere })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel('Within my service area').uncheck();
  await expect(card(far)).toContainText('40 mi away');
  const unknown = page.getByRole('region', { name: 'Distance unknown' });
  await expect(unknown.getByRole('link', { name: nowhere })).toBeVisible();
  await page.getByLabel('Nearest first').check();
  await expect(tasks.getByRole('link')).toHaveText([near, far]);
  await expectAccessible(page);

  // The directory near a ZIP code: a pro is where their area is drawn around (10001, 10 miles from Hackensack).
  await page.goto('/pros');
  await expect(page.getByLabel('Distance')).toBeDisabled();
  await page.getByLabel('Near ZIP code').fill('07601');
  await page.getByLabel('Distance').selectOption('25');
  await expect(page).toHaveURL(/near=07601&radius=25/);
  await expect(page.getByRole('article').filter({ hasText: 'Nia T.' }).first()).toContainText('10 mi away');
  await expectAccessible(page);
  await page.getByLabel('Distance').selectOption('5');
  await expect(page.getByRole('article').filter({ hasText: 'Nia T.' })).toHaveCount(0);
  await context.close();
});
