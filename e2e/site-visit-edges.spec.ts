// A site visit that can no longer happen, in the browser (decision 0049, "Around the edges"): a bidder's proposed
// times are cancelled when the customer unposts the job; the customer's estimate page still shows the visit,
// cancelled by her with the reason, and the provider's dashboard shows it cancelled with the same reason. axe
// checks both screens.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';

test('unposting the job cancels the proposed visit: both parties read why', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Una');
  const title = `Cracked tile ${tag}`;
  const estimateId = await postedEstimate(customer.api, title, undefined, '07601');
  const provider = await verifiedAccount(baseURL!, 'provider', 'Ugo');
  expect((await provider.api.post(`/api/tasks/${estimateId}/bid`)).status()).toBe(201);
  const start = new Date(Math.ceil((Date.now() + 72 * 3_600_000) / 3_600_000) * 3_600_000).toISOString();
  const proposed = await provider.api.post(`/api/estimates/${estimateId}/site-visits`, {
    data: { slots: [{ start, minutes: 60 }] },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const unposted = await customer.api.put(`/api/estimates/${estimateId}/status`, {
    data: { status: 'draft' },
  });
  expect(unposted.status(), await unposted.text()).toBe(200);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, customer.email, JOURNEY_PASSWORD);
  await expect(owner).not.toHaveURL(/\/login/);
  await owner.goto(`/estimates/${estimateId}`);
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const section = owner.getByRole('region', { name: 'Site visit' });
  await expect(section.getByText('Cancelled by you: “The customer unposted the job”')).toBeVisible();
  await expect(section.getByText('No visit is open.')).toBeVisible();
  await expectAccessible(owner);

  const proContext = await browser.newContext();
  const pro = await proContext.newPage();
  await signIn(pro, provider.email, JOURNEY_PASSWORD);
  await expect(pro).not.toHaveURL(/\/login/);
  await pro.goto('/dashboard/provider');
  const visits = pro.getByRole('region', { name: 'Visits' });
  await expect(visits.getByRole('link', { name: `Site visit: ${title}` })).toBeVisible();
  await expect(visits.getByText(/Cancelled by Una .\.: “The customer unposted the job”/)).toBeVisible();
  await expectAccessible(pro);
  await proContext.close();
  await ownerContext.close();
});
