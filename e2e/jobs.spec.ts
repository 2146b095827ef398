// From a quote to a finished job in the browser: a provider bids and quotes the customer's own lines with an
// extra; a second provider bids without a price; the customer compares the quotes against the estimate,
// downloads the quote as a PDF and hires at the quote's total; the two agree a start date, the provider starts
// and marks the work done, the customer confirms, and the estimate is completed; the bidder not hired reads
// "Not selected". axe checks each new screen.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';

/** The dollars of a "$1,234.50" text. */
const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function openJob(page: Page, title: string) {
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await page.getByRole('list', { name: 'Jobs' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a quote compared, downloaded and accepted; a start date agreed; the work started, done and confirmed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Iris');
  const title = `Kitchen cabinets ${tag}`;
  const estimateId = await postedEstimate(customer.api, title);
  const quoter = await verifiedAccount(baseURL!, 'provider', 'Quinn');
  const other = await verifiedAccount(baseURL!, 'provider', 'Otto');

  // The provider bids (one click), then quotes the estimate's own line 10 % above it, with an extra.
  const proContext = await browser.newContext();
  const pro = await proContext.newPage();
  await signIn(pro, quoter.email, JOURNEY_PASSWORD);
  await expect(pro).not.toHaveURL(/\/login/);
  await pro.goto('/provider/posted-estimates');
  await pro.getByLabel('Category').selectOption('kitchen');
  await pro.getByRole('button', { name: `Send Bid on ${title}` }).click();
  await expect(pro.getByText('Bid placed successfully').first()).toBeVisible();
  await pro
    .getByRole('dialog', { name: `Message about "${title}"` })
    .getByRole('button', { name: 'Close' })
    .click();
  await pro.getByRole('button', { name: `Add a quote for ${title}` }).click();
  const form = pro.getByRole('dialog', { name: `Quote ${title}` });
  await expect(form).toBeVisible();
  const line = form.getByLabel(/^Your price for /).first();
  const estimateAmount = Number(await line.inputValue());
  expect(estimateAmount).toBeGreaterThan(0);
  const quoted = Math.round(estimateAmount * 1.1 * 100) / 100;
  await line.fill(String(quoted));
  await form.getByRole('button', { name: 'Add an extra' }).click();
  await form.getByLabel('Extra 1: what').fill('Haul away the old cabinets');
  await form.getByLabel('Extra 1: price ($)').fill('150');
  await form.getByLabel('What the price leaves out (optional)').fill('Painting the walls');
  await expectAccessible(pro);
  await form.getByRole('button', { name: 'Save quote' }).click();
  await expect(pro.getByText('Quote saved').first()).toBeVisible();
  await expect(pro.getByRole('button', { name: `Edit quote for ${title}` })).toBeVisible();
  const total = Math.round((quoted + 150) * 100) / 100;

  // A second provider bids without a price.
  expect((await other.api.post(`/api/tasks/${estimateId}/bid`)).status()).toBe(201);

  // The customer compares: the line beside the estimate, the extra, the total; "No price yet" for the other.
  const ownerContext = await browser.newContext({ acceptDownloads: true });
  const owner = await ownerContext.newPage();
  await signIn(owner, customer.email, JOURNEY_PASSWORD);
  await expect(owner).not.toHaveURL(/\/login/);
  await owner.goto(`/estimates/${estimateId}`);
  const bids = owner.getByRole('list', { name: 'Bids' });
  await expect(bids).toContainText('Haul away the old cabinets');
  await expect(bids).toContainText('Not in your estimate');
  await expect(bids).toContainText(/more \(\+10(\.0)?%\)/);
  await expect(bids).toContainText('No price yet');
  await expect(bids).toContainText('Painting the walls');
  await expectAccessible(owner);

  // The quote as a PDF.
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    bids.getByRole('link', { name: /^Download PDF of .*Quinn/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Hiring names the quote's total.
  await bids.getByRole('button', { name: /^Accept Quinn/ }).click();
  const hire = owner.getByRole('dialog', { name: /^Hire .+ for \$[\d,.]+\?$/ });
  const named = (await hire.getByRole('heading').first().textContent()) ?? '';
  expect(dollars(named.slice(named.lastIndexOf('$')))).toBeCloseTo(total, 2);
  await hire.getByRole('button', { name: 'Hire', exact: true }).click();
  await expect(owner).toHaveURL(/\/jobs\/[\w-]+$/);
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(owner.getByText('Hired', { exact: true }).first()).toBeVisible();
  await expectAccessible(owner);

  // The customer proposes today as the start date; the provider confirms it, starts, and marks the work done.
  const today = new Date().toISOString().slice(0, 10);
  await owner.getByLabel('Start date').fill(today);
  await owner.getByRole('button', { name: 'Propose this date' }).click();
  await expect(owner.getByText(/Waiting for .+ to confirm the date/)).toBeVisible();

  await openJob(pro, title);
  await expectAccessible(pro);
  await pro.getByRole('button', { name: /^Confirm the start date/ }).click();
  await expect(pro.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await pro.getByRole('button', { name: 'Start the work' }).click();
  await expect(pro.getByText('In progress', { exact: true }).first()).toBeVisible();
  await pro
    .getByLabel('Note for the customer (optional)')
    .fill('All cabinets hung and the old ones hauled away.');
  await pro.getByRole('button', { name: 'Mark as done' }).click();
  await expect(pro.getByText(/Waiting for the customer to confirm the work is done/)).toBeVisible();
  await proContext.close();

  // The customer confirms: the job and the estimate are completed, the final total beside the agreed price.
  await owner.reload();
  await expect(
    owner.getByText('All cabinets hung and the old ones hauled away.', { exact: true }),
  ).toBeVisible();
  await owner.getByRole('button', { name: 'Confirm the work is done' }).click();
  await expect(owner.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Timeline' })).toContainText(/confirmed/i);
  await expectAccessible(owner);
  await owner.goto(`/estimates/${estimateId}`);
  await expect(owner.getByText('Completed', { exact: true }).first()).toBeVisible();
  await ownerContext.close();

  // The bidder not hired reads "Not selected" among their bids, on a phone.
  const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await otherContext.newPage();
  await signIn(phone, other.email, JOURNEY_PASSWORD);
  await expect(phone).not.toHaveURL(/\/login/);
  await phone.goto('/dashboard/provider');
  const yours = phone.getByRole('region', { name: 'Your bids' });
  await expect(yours).toContainText(title);
  await expect(yours).toContainText('Not selected');
  await expectAccessible(phone);
  await otherContext.close();
});
