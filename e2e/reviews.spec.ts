// Reviews in the browser (decision 0044): after a job the two finished together, the customer reviews the
// provider and reads that her review waits, blind, for his; the provider, who cannot read hers yet, reviews her;
// then both reviews appear at once on the job page for both of them, with the price facts beside them; the
// provider answers hers publicly. The job is brought to completion through the API; the reviews through the
// screens. axe checks the form, the blind state and the published reviews.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';

const today = () => new Date().toISOString().slice(0, 10);

async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** A job of the customer's posted estimate with the provider, hired, started, done and confirmed; its id. */
async function completedJob(customer: APIRequestContext, pro: APIRequestContext, estimateId: string) {
  const placed = await ok<{ bid: { id: string } }>(await pro.post(`/api/tasks/${estimateId}/bid`));
  const { jobId } = await ok<{ jobId: string }>(
    await customer.post(`/api/estimates/${estimateId}/bids/${placed.bid.id}/accept`, {
      data: { price: 1200 },
    }),
  );
  await ok(await customer.post(`/api/jobs/${jobId}/schedule`, { data: { date: today() } }));
  await ok(await pro.post(`/api/jobs/${jobId}/schedule/confirm`));
  await ok(await pro.post(`/api/jobs/${jobId}/start`));
  await ok(await pro.post(`/api/jobs/${jobId}/complete`, { data: { note: 'All done' } }));
  await ok(await customer.post(`/api/jobs/${jobId}/confirm`));
  return jobId;
}

/** Rates every star group of the open review form: the overall rating by keyboard, the sub-ratings by click. */
async function rate(page: Page, groups: string[], stars: number) {
  const overall = page.getByRole('group', { name: 'Overall rating' });
  await overall.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 1; i < stars; i++) await page.keyboard.press('ArrowRight');
  await expect(overall.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
  for (const g of groups) {
    // A mouse clicks the star itself (the radio's label).
    const group = page.getByRole('group', { name: g });
    await group
      .locator('label')
      .filter({ hasText: `${stars} stars` })
      .click();
    await expect(group.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
  }
}

test('a customer and a provider review each other after a finished job, and both reviews appear only once both wrote', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Cora');
  const title = `Kitchen cabinets ${tag}`;
  const estimateId = await postedEstimate(customer.api, title);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Petra');
  const jobId = await completedJob(customer.api, provider.api, estimateId);

  // The customer writes first: the form names the provider, and after saving the review waits, blind.
  const cContext = await browser.newContext();
  const cPage = await cContext.newPage();
  await signIn(cPage, customer.email, JOURNEY_PASSWORD);
  await expect(cPage).not.toHaveURL(/\/login/);
  await cPage.goto(`/jobs/${jobId}#reviews`);
  await expect(cPage.getByRole('heading', { name: 'Review Petra T.' })).toBeVisible();
  await rate(cPage, ['Quality', 'Communication', 'Punctuality', 'Value'], 5);
  const customerText = `Petra fitted every cabinet square and left the kitchen spotless ${tag}.`;
  await cPage.getByLabel('Your review').fill(customerText);
  await expect(cPage.getByText(`${customerText.length} / 2000`)).toBeVisible();
  await expectAccessible(cPage);
  await cPage.getByRole('button', { name: 'Save my review' }).click();
  await expect(
    cPage.getByText(/^Your review is saved\. It will be published when Petra T\. reviews too, or on .+\.$/),
  ).toBeVisible();
  await expectAccessible(cPage);

  // The provider reads only that she has written, never what: then reviews her.
  const pContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pPage = await pContext.newPage();
  await signIn(pPage, provider.email, JOURNEY_PASSWORD);
  await expect(pPage).not.toHaveURL(/\/login/);
  await pPage.goto(`/jobs/${jobId}#reviews`);
  await expect(pPage.getByText('Cora T. has written their review.')).toBeVisible();
  await expect(pPage.getByText(customerText)).toHaveCount(0);
  await rate(pPage, ['Clarity', 'Responsiveness', 'Fairness'], 4);
  const providerText = `Cora knew what she wanted and paid on the day ${tag}.`;
  await pPage.getByLabel('Your review').fill(providerText);
  await pPage.getByRole('button', { name: 'Save my review' }).click();

  // The second review publishes both at once: the provider now reads hers, with the price facts.
  const published = pPage.getByRole('list', { name: 'Published reviews' });
  await expect(published.getByText(customerText)).toBeVisible();
  await expect(published.getByText(providerText)).toBeVisible();
  await expect(published.getByText('Finished at the agreed price').first()).toBeVisible();
  await expectAccessible(pPage);

  // She reads both too, after a reload.
  await cPage.reload();
  const hers = cPage.getByRole('list', { name: 'Published reviews' });
  await expect(hers.getByText(providerText)).toBeVisible();
  await expect(hers.getByText(customerText)).toBeVisible();

  // The provider answers the review of her work, publicly; the customer reads the answer.
  const review = published.getByRole('article', { name: /^Cora T\. · customer/ });
  await review
    .getByLabel('Answer this review publicly')
    .fill('Thank you, Cora: a pleasure to work in your kitchen.');
  await review.getByRole('button', { name: 'Publish answer' }).click();
  await expect(review.getByText('Your answer', { exact: true })).toBeVisible();
  await cPage.reload();
  await expect(cPage.getByText('Thank you, Cora: a pleasure to work in your kitchen.')).toBeVisible();

  // The provider's public reviews list the customer's review (published reviews are public).
  const list = await customer.api.get(`/api/providers/${provider.id}/reviews`);
  expect(((await list.json()) as { items: { text: string }[] }).items.map((r) => r.text)).toEqual([
    customerText,
  ]);

  await cContext.close();
  await pContext.close();
});
