// The notification centre in the browser (decision 0043): a customer's bell counts a provider's quoted bid live
// while her page is open, the panel opens the bids, and the one-click unsubscribe link in the mail she was sent
// turns that kind's email off, as /settings then shows. axe checks the panel, the page and /notifications.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';
import { linkFromMail } from './support/mail.ts';

/** A calendar date `days` from today (UTC), as the quote's validUntil takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a bell that counts a quote live, a panel that opens the bids, and an unsubscribe link that turns that mail off', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Bella');
  const title = `Kitchen cabinets ${tag}`;
  const estimateId = await postedEstimate(customer.api, title);
  const pro = await verifiedAccount(baseURL!, 'provider', 'Petra');

  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's realtime channel, ready once the server has it: what follows arrives by push.
  const ready = new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => String(f.payload).includes('"type":"ready"') && resolve()),
    );
  });
  await signIn(page, customer.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await ready;

  // The provider bids with a quote while her page is open: the count arrives over /ws, said politely.
  const bid = await pro.api.post(`/api/tasks/${estimateId}/bid`, {
    data: { extras: [{ label: 'Haul away the old cabinets', amount: 150 }], validUntil: inDays(14) },
  });
  expect(bid.status(), await bid.text()).toBe(201);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByText('1 unread notification', { exact: true })).toBeAttached();

  // The panel: the bid, with who sent it; opening it goes to the bids and marks it read.
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: /New bid from Petra T\./ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('with a quote');
  await expectAccessible(page);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${estimateId}$`));
  await expect(page.getByRole('list', { name: 'Bids' })).toContainText('Haul away the old cabinets');
  await expect(bell).toHaveAccessibleName('Notifications');

  // Every notification, with the Unread filter.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: /New bid from Petra T\./ })).toBeVisible();
  await expectAccessible(page);

  // A bid received is mailed at once; its unsubscribe link turns that kind off, without signing in.
  const unsubscribe = await linkFromMail(customer.email, '/unsubscribe');
  const stranger = await browser.newContext();
  const linkPage = await stranger.newPage();
  await linkPage.goto(unsubscribe);
  await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Emails turned off');
  await expect(linkPage.getByText('A bid or quote received')).toBeVisible();
  await expectAccessible(linkPage);
  await stranger.close();

  await page.goto('/settings#notifications');
  await expect(page.getByLabel('A bid or quote received')).toHaveValue('off');
  await expect(page.getByLabel('A quote revised')).toHaveValue('immediately');
  await context.close();
});
