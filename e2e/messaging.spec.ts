// Messaging in two browsers at once: a deluxe
// provider writes to a customer from the posted estimates; the customer, on /messages, sees the conversation
// and the unread badge arrive without reloading, opens it and replies with Enter; the reply reaches the
// provider's open dialog live; what the provider sends while the customer's network is down arrives once it
// is back; a message deleted by its sender turns into "This message was removed" on the other side; the lists
// and the thread read well at phone width. axe checks each screen on the way.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';

async function signedInPage(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const connected = (page: Page) => expect(page.getByText('Connected', { exact: true }).first()).toBeVisible();

test('a provider and a customer talk about a posted estimate, live in both browsers', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Carla');
  const provider = await verifiedAccount(baseURL!, 'provider', 'Pablo');
  const title = `Cabinet refit ${tag}`;
  const estimateId = await postedEstimate(customer.api, title);

  // The customer waits on an empty inbox.
  const carla = await signedInPage(browser, customer.email);
  await carla.goto('/messages');
  await expect(carla.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(carla.getByText('No messages yet.')).toBeVisible();
  await connected(carla);
  await expect(carla.getByTestId('unread-badge')).toHaveCount(0);
  await expectAccessible(carla);

  // The provider finds the estimate among the posted ones and writes from the dialog.
  const pablo = await signedInPage(browser, provider.email);
  await pablo.goto('/posted-estimates');
  await pablo.getByLabel('Search posted estimates').fill(title);
  await pablo.getByRole('button', { name: `Message about ${title}` }).click();
  const dialog = pablo.getByRole('dialog', { name: `Message about "${title}"` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(dialog.getByText('Connected', { exact: true })).toBeVisible();
  await expectAccessible(pablo);
  const first = 'Hello Carla, I can refit these cabinets next week.';
  await dialog.getByRole('textbox', { name: 'Message' }).fill(first);
  await dialog.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText(first);
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // Without a reload, the conversation and its unread count reach the customer.
  const conversations = carla.getByRole('list', { name: 'Conversations' });
  const row = conversations.getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText(first);
  await expect(row).toContainText('1 unread');
  await expect(carla.getByTestId('unread-badge').first()).toContainText('1');
  await expectAccessible(carla);

  // Opening it reads it; Shift+Enter adds a line, Enter sends.
  await row.click();
  await expect(carla).toHaveURL(new RegExp(`/messages/${estimateId}/${provider.id}$`));
  await expect(carla.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const thread = carla.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText(first);
  await expect(carla.getByTestId('unread-badge')).toHaveCount(0);
  const composer = carla.getByRole('textbox', { name: 'Message' });
  await composer.fill('Great, Tuesday works.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Gate code is 4512.');
  await expect(composer).toHaveValue('Great, Tuesday works.\nGate code is 4512.');
  await composer.press('Enter');
  await expect(thread).toContainText('Gate code is 4512.');
  await expectAccessible(carla);

  // The reply appears in the provider's open dialog, live.
  const providerThread = dialog.getByRole('list', { name: 'Messages' });
  await expect(providerThread).toContainText('Gate code is 4512.');

  // The customer's network drops; what the provider sends meanwhile arrives when it comes back, once.
  await carla.context().setOffline(true);
  await expect(carla.getByText('Offline', { exact: true }).first()).toBeVisible();
  const missed = 'Are you around on Wednesday as well?';
  await dialog.getByRole('textbox', { name: 'Message' }).fill(missed);
  await dialog.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(providerThread).toContainText(missed);
  await expect(thread).not.toContainText(missed);
  await carla.context().setOffline(false);
  await connected(carla);
  await expect(thread.getByText(missed)).toHaveCount(1);

  // The provider takes a message back: the customer sees it removed, still without a reload.
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Ignore this one, wrong estimate.');
  await dialog.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(thread).toContainText('Ignore this one, wrong estimate.');
  const mine = providerThread.getByRole('listitem').filter({ hasText: 'Ignore this one, wrong estimate.' });
  await mine.getByRole('button', { name: 'Delete message' }).click();
  const confirm = pablo.getByRole('dialog', { name: 'Delete this message?' });
  await expect(confirm).toContainText('The other person will see it as removed.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(providerThread).not.toContainText('Ignore this one, wrong estimate.');
  await expect(thread).toContainText('This message was removed');
  await expect(thread).not.toContainText('Ignore this one, wrong estimate.');

  // The provider's own list holds the conversation, with the customer's name.
  await pablo.keyboard.press('Escape');
  await pablo.goto('/provider/messages');
  const providerRow = pablo.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Carla/ });
  await expect(providerRow).toContainText(title);
  await expectAccessible(pablo);

  // The provider answered the customer within a minute: the customer's list says so beside the name.
  await carla.goto('/messages');
  await expect(conversations.getByRole('link', { name: new RegExp(title) })).toContainText(
    'Usually replies within 1 minute',
  );

  await carla.context().close();
  await pablo.context().close();
});

test('at phone width in dark mode, the dashboard, the inbox and a thread fit the screen', async ({
  browser,
  baseURL,
}) => {
  const customer = await verifiedAccount(baseURL!, 'customer', 'Nora');
  const provider = await verifiedAccount(baseURL!, 'provider', 'Omar');
  // A title long enough that one unbroken line of it is wider than the phone.
  const estimateId = await postedEstimate(
    customer.api,
    `Phone thread ${Date.now().toString(36)}: replace the kitchen cabinets and the worn countertop by the sink`,
  );
  const sent = await provider.api.post('/api/messages', {
    data: {
      estimateId,
      receiverId: customer.id,
      content: 'A message long enough to wrap on a narrow phone screen.',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, customer.email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  // The dashboard's recent estimates and messages carry the long title without widening the page.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Recent Messages' })).toContainText('narrow phone screen');
  await expect(page.getByRole('region', { name: 'Recent Estimates' })).toContainText('Phone thread');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.goto('/messages');
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('narrow phone screen');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: 'Back to messages' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
