// The provider's plan screen: a provider on the free plan
// (a customer the admin made a provider) picks Deluxe on /subscription, the 7-day trial starts and the current plan card says so; the trial's tasks
// are saved; Enterprise answers with the contact-sales message. axe checks the screen in light and dark, and
// at phone width nothing scrolls sideways.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, signIn, verifiedAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';

test('a free provider starts a Deluxe trial from /subscription and picks the trial tasks', async ({
  page,
  baseURL,
}) => {
  // A customer the admin made a provider: on the free plan, with the account's one trial unused.
  const provider = await verifiedAccount(baseURL!, 'customer', 'Fran');
  const admin = await adminApi(baseURL!);
  const promoted = await admin.put(`/api/admin/users/${provider.id}/role`, { data: { role: 'provider' } });
  expect(promoted.ok(), await promoted.text()).toBe(true);
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(
    page.getByText('The Free plan has no access to posted work. Pick a plan below.'),
  ).toBeVisible();
  await expectAccessible(page);

  const plans = page.getByRole('group', { name: 'Plans' });
  await expect(plans.getByText('Most popular')).toBeVisible();
  await plans.getByRole('button', { name: 'Contact Sales' }).click();
  await expect(page.getByText(/Please contact sales to set it up/).first()).toBeVisible();

  // Keyboard: the Deluxe card's button, then Update Subscription.
  const deluxe = plans.getByRole('listitem').filter({ hasText: 'Deluxe' }).getByRole('button');
  await deluxe.focus();
  await page.keyboard.press('Enter');
  await expect(deluxe).toHaveText('Selected');
  await expect(
    page.getByRole('status').filter({ hasText: 'Deluxe starts with a 7-day free trial.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(page.getByText('Subscription updated').first()).toBeVisible();
  await expect(page.getByText('Free trial: 7 days remaining')).toBeVisible();
  await expect(plans.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expectAccessible(page);

  // The trial's tasks: any of the category on Deluxe.
  const tasks = page.getByRole('group', { name: 'Home Repair tasks' });
  await tasks.getByRole('checkbox', { name: 'HVAC' }).check();
  await tasks.getByRole('checkbox', { name: 'Siding' }).check();
  await page.getByRole('button', { name: 'Save trial tasks' }).click();
  await expect(page.getByText('Trial tasks updated').first()).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Home Repair tasks' }).getByRole('checkbox', { name: 'Siding' }),
  ).toBeChecked();

  // The dashboard shows the trial, the plan and the open categories.
  await page.goto('/dashboard/provider');
  await expect(page.getByText('Free trial: 7 days remaining')).toBeVisible();
  const stats = page.getByLabel('Statistics');
  await expect(stats).toContainText('Deluxe');
  await expect(stats).toContainText('Sent Bids');
  await expect(page.getByRole('region', { name: 'My Tasks' }).getByText('Open to you').first()).toBeVisible();
  await expectAccessible(page);
});

test('at phone width in dark mode the plan screen fits and reads well', async ({ browser, baseURL }) => {
  const provider = await verifiedAccount(baseURL!, 'provider', 'Gail', 'starter');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/subscription');
  await expect(page.getByText(/Free trial: \d+ days? remaining/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Home Repair tasks' }).getByRole('radio').first(),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await context.close();
});
