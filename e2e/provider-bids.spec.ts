// The bid loop in the browser: a deluxe provider finds a
// posted estimate on /provider/posted-estimates, sends a bid, the message dialog opens and a message goes to the
// customer; a provider without a plan sees "No Access" with the reason; the owner sees the bid next to the
// priced range and hires its provider, and the estimate is hired. axe checks each screen.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';

test('a deluxe provider bids and writes; a provider without a plan cannot; the owner accepts the bid', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Olive');
  const title = `Pantry cabinets ${tag}`;
  const estimateId = await postedEstimate(customer.api, title);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Bram');

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/posted-estimates');
  await expect(page.getByRole('heading', { level: 1, name: 'Posted Estimates' })).toBeVisible();
  await page.getByLabel('Category').selectOption('kitchen');
  const send = page.getByRole('button', { name: `Send Bid on ${title}` });
  await expect(send).toBeVisible();
  await expectAccessible(page);
  await send.click();
  await expect(page.getByText('Bid placed successfully').first()).toBeVisible();
  const dialog = page.getByRole('dialog', { name: `Message about "${title}"` });
  await expect(dialog).toBeVisible();
  const text = 'Hello Olive, I can build these pantry cabinets next week.';
  await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
  await dialog.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText(text);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Message about ${title}` })).toBeVisible();
  await context.close();

  // A customer the admin made a provider has no plan: No Access, with the reason on screen.
  const planless = await verifiedAccount(baseURL!, 'customer', 'Nils');
  const admin = await adminApi(baseURL!);
  expect((await admin.put(`/api/admin/users/${planless.id}/role`, { data: { role: 'provider' } })).ok()).toBe(
    true,
  );
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await signIn(phone, planless.email, JOURNEY_PASSWORD);
  await expect(phone).not.toHaveURL(/\/login/);
  await phone.goto('/provider/posted-estimates');
  const cards = phone.getByRole('list', { name: 'Posted estimates' });
  await expect(cards.getByRole('button', { name: 'No Access' }).first()).toBeVisible();
  await expect(cards.getByText('No permission to message').first()).toBeVisible();
  await expectAccessible(phone);
  await other.close();

  // The owner sees the bid against the priced range and accepts it.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, customer.email, JOURNEY_PASSWORD);
  await expect(owner).not.toHaveURL(/\/login/);
  await owner.goto(`/estimates/${estimateId}`);
  const bids = owner.getByRole('list', { name: 'Bids' });
  await expect(bids).toContainText('Bram Thread');
  await expect(bids).toContainText('Featured');
  await expect(owner.getByText(/Your priced range: \$[\d,.]+ – \$[\d,.]+/)).toBeVisible();
  await expectAccessible(owner);
  await bids.getByRole('button', { name: "Accept Bram Thread's bid" }).click();
  // The bid carries no quote: the dialog names the price the customer confirms (the final estimate).
  const confirm = owner.getByRole('dialog', { name: /^Hire .+ for \$[\d,.]+\?$/ });
  await confirm.getByRole('button', { name: 'Hire', exact: true }).click();
  await expect(owner).toHaveURL(/\/jobs\/[\w-]+$/);
  await owner.goto(`/estimates/${estimateId}`);
  await expect(owner.getByText('Hired', { exact: true }).first()).toBeVisible();
  await ownerContext.close();
});

test('a provider finds posted work on /tasks and /posted-tasks and among the dashboard’s recommendations', async ({
  page,
  baseURL,
}) => {
  const customer = await verifiedAccount(baseURL!, 'customer', 'Tess');
  const title = `Garage shelving ${Date.now().toString(36)}`;
  await postedEstimate(customer.api, title);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Rudy');
  await signIn(page, provider.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Tasks' })).toBeVisible();
  await page.getByLabel('Search tasks').fill(title);
  await page.getByLabel('Sort').selectOption('budget-low-high');
  const tasks = page.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByRole('link', { name: title })).toBeVisible();
  await expect(tasks.getByRole('button', { name: `Send Bid on ${title}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Category').selectOption('hvac');
  await expect(page.getByText('No tasks match your filters.')).toBeVisible();

  await page.goto('/posted-tasks');
  await page.getByLabel('Search title and description').fill(title);
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Kitchen' }).click();
  await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'HVAC' }).click();
  await expect(page.getByText('No tasks match your current filters')).toBeVisible();

  // The dashboard recommends it, with the reason.
  await page.goto('/dashboard/provider');
  const recommended = page.getByRole('region', { name: 'Recommended Tasks', exact: true });
  await expect(recommended.getByRole('link', { name: title })).toBeVisible();
  await expect(recommended).toContainText('Matches your Kitchen Remodel task');
  await expectAccessible(page);
});

test('the owner writes first to a provider who bid but has not written', async ({ page, baseURL }) => {
  const customer = await verifiedAccount(baseURL!, 'customer', 'Wren');
  const title = `Bathroom vanity ${Date.now().toString(36)}`;
  const estimateId = await postedEstimate(customer.api, title);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Quill');
  expect((await provider.api.post(`/api/tasks/${estimateId}/bid`)).status()).toBe(201);

  await signIn(page, customer.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/estimates/${estimateId}`);
  const bids = page.getByRole('list', { name: 'Bids' });
  await bids.getByRole('link', { name: 'Message Quill Thread' }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${estimateId}/${provider.id}$`));
  await expect(page.getByText('Error loading messages.')).toHaveCount(0);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hi Quill, could you come by on Friday to measure?');
  await composer.press('Enter');
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('come by on Friday');
  await expectAccessible(page);

  const thread = await provider.api.get(`/api/messages/${estimateId}/${customer.id}`);
  expect(thread.ok()).toBe(true);
  expect(JSON.stringify(await thread.json())).toContain('come by on Friday');
});
