// Public projects in the marketplace, end to end: a signed-in customer posts a project through /post (reached from
// the top bar) and finds it on her dashboard under My projects; a provider whose plan opens Kitchen is told of it,
// finds it in /tasks marked "Project" on a phone and sends an offer with an amount from the feed; the customer sees
// the offer counted on her dashboard and reads it on the project page. axe checks each screen.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, signIn, verifiedAccount } from './support/accounts.ts';

test('a posted project reaches her dashboard and the provider feeds, and an offer comes back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const title = `Kitchen island ${tag}`;
  // The provider exists before the project: a new project tells the providers whose plan opens its category.
  const provider = await verifiedAccount(baseURL!, 'provider', 'Rafa');
  const customer = await verifiedAccount(baseURL!, 'customer', 'Maya');

  // She posts through /post, reached from the top bar of the public project pages.
  const own = await browser.newContext();
  const page = await own.newPage();
  await signIn(page, customer.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/browse');
  const topBar = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Post My Project', 'Browse Projects']) {
    await expect(topBar.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeVisible();
  await topBar.getByRole('link', { name: 'Post My Project' }).click();
  await expect(page).toHaveURL(/\/post$/);
  await page.getByLabel('Project title').fill(title);
  await page.getByLabel('Category').selectOption('Kitchen');
  await expect(page.getByLabel('City')).toHaveValue('Jacksonville');
  await page.getByLabel('Description').fill('A new island with a prep sink and seating for three.');
  await page.getByLabel('Minimum budget').fill('4000');
  await page.getByLabel('Maximum budget').fill('8000');
  await page.getByRole('button', { name: 'Post Project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('How connecting works:')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The work is then arranged between the two of them');
  await expectAccessible(page);

  // Her dashboard lists it and counts it with her posted work.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/customer$/);
  const mine = page.getByRole('region', { name: 'My projects' });
  const row = mine.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Jacksonville');
  await expect(row).toContainText('No offers yet');
  await expect(row).toContainText('Live');
  await expect(page.getByLabel('Statistics')).toContainText('incl. 1 project');
  await expectAccessible(page);

  // The provider, on a phone: told of it, then finds it in /tasks marked "Project" and sends an offer.
  const pro = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await pro.newPage();
  await signIn(phone, provider.email, JOURNEY_PASSWORD);
  await expect(phone).not.toHaveURL(/\/login/);
  await phone.goto('/dashboard/provider');
  await expect(
    phone
      .getByRole('region', { name: /Notifications/ })
      .getByRole('link', { name: 'New Kitchen project in Jacksonville' }),
  ).toHaveAttribute('href', /\/projects\/[0-9a-f-]+$/);
  await phone.goto('/tasks');
  await phone.getByLabel('Search tasks').fill(tag);
  const card = phone
    .getByRole('list', { name: 'Tasks' })
    .getByRole('listitem')
    .filter({ has: phone.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Project', { exact: true })).toBeVisible();
  await expect(card).toContainText('Budget $4,000 – $8,000 · Jacksonville · No offers yet');
  await expect(card.getByRole('button', { name: /Send Bid/ })).toHaveCount(0);
  await expectAccessible(phone);
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await card.getByRole('button', { name: `Send an offer on ${title}` }).click();
  const dialog = phone.getByRole('dialog', { name: `Send an offer on ${title}` });
  await expect(dialog).toContainText('HomeFix shares the customer’s name, email and phone');
  await dialog.getByLabel('Message').fill('I build islands every month and can start next week.');
  await dialog.getByLabel('Offer amount (USD, optional)').fill('6500');
  await expectAccessible(phone);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Message sent')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card).toContainText('1 offer');
  await pro.close();

  // She sees the offer: counted on her dashboard, read on the project page.
  await page.reload();
  await expect(row).toContainText('1 offer');
  await row.getByRole('link', { name: title }).click();
  const offers = page.getByRole('region', { name: 'Offers and messages' });
  await expect(offers).toContainText('Offer: $6,500.00');
  await expect(offers).toContainText('I build islands every month and can start next week.');
  await expect(offers.getByRole('button', { name: /Share my contact with/ })).toBeVisible();
  await expectAccessible(page);
  await own.close();
});
