// The provider dashboard: a starter provider sees the task limit banner, locked
// categories and a disabled "Upgrade Required" for work outside the plan, upgrades to Deluxe in the Upgrade
// Membership dialog and the work opens; a deluxe provider with the dashboard open is told of a new posting at
// once (the New Notifications card counts it without a reload), opens it and marks all read. axe on each screen.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { BATHROOM, JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';

test('a starter provider meets the plan limits and upgrades to Deluxe from the dashboard', async ({
  page,
  baseURL,
}) => {
  const customer = await verifiedAccount(baseURL!, 'customer', 'Bea');
  const title = `Vanity swap ${Date.now().toString(36)}`;
  await postedEstimate(customer.api, title, BATHROOM);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Stan', 'starter');
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/dashboard/provider');
  await expect(page.getByText('Limit reached')).toBeVisible();
  await expect(page.getByText('Customers messaged this month: 0 of 25')).toBeVisible();
  const myTasks = page.getByRole('region', { name: 'My Tasks' });
  await expect(myTasks.getByText('Locked. Upgrade to Deluxe to unlock this category.').first()).toBeVisible();
  await expectAccessible(page);

  // Bathroom work is outside a Kitchen Remodel starter plan.
  await page.goto('/provider/posted-estimates');
  await page.getByLabel('Category').selectOption('bathroom');
  const upgrade = page.getByRole('button', { name: 'Upgrade Required' }).first();
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Not subscribed to this category').first()).toBeVisible();
  await expectAccessible(page);

  // The Upgrade Membership dialog, by keyboard: Deluxe, the category's tasks, pay.
  await page.goto('/dashboard/provider');
  await page.getByRole('button', { name: 'Upgrade Membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade Membership' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Deluxe/ }).check();
  await dialog.getByRole('checkbox', { name: 'Bathroom Remodel' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Changing your plan…' })).toBeVisible();
  await expect(page.getByText('Subscription upgraded successfully!').first()).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByLabel('Statistics')).toContainText('Deluxe');
  await expect(page.getByText('Limit reached')).toBeHidden();

  await page.goto('/provider/posted-estimates');
  await page.getByLabel('Category').selectOption('bathroom');
  await expect(page.getByRole('button', { name: `Send Bid on ${title}` })).toBeVisible();
});

test('a deluxe provider hears of a new posting at once, opens it and marks all read', async ({
  page,
  baseURL,
}) => {
  const provider = await verifiedAccount(baseURL!, 'provider', 'Dora');
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  // The realtime channel is open (its first frame is 'ready') before anything is posted.
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto('/dashboard/provider');
  await expect.poll(() => frames.some((f) => f.includes('"ready"'))).toBe(true);
  const stats = page.getByLabel('Statistics');
  await expect(stats).toContainText('New Notifications');
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  const before = Number(
    (await stats.locator('div', { hasText: 'New Notifications' }).locator('dd').textContent()) ?? 0,
  );

  const customer = await verifiedAccount(baseURL!, 'customer', 'Nell');
  const title = `Pantry cabinets ${Date.now().toString(36)}`;
  const id = await postedEstimate(customer.api, title);

  // Pushed over the realtime channel: no reload.
  await expect(stats.locator('div', { hasText: 'New Notifications' }).locator('dd')).toHaveText(
    String(before + 1),
  );
  const item = notifications.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('(unread)');
  await expect(item).toContainText('Priority');
  await expectAccessible(page);

  await notifications.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(stats.locator('div', { hasText: 'New Notifications' }).locator('dd')).toHaveText('0');
  await expect(notifications.getByRole('button', { name: 'Mark all as read' })).toBeHidden();
  await notifications.getByRole('link').filter({ hasText: 'job in' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${id}$`));
  // A provider reads the posted estimate (no owner actions on it).
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Posted by')).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expectAccessible(page);
});
