// Pro profiles and credentials in the browser (decision 0046, with the server-rendered page of decision 0045): a
// provider with a business profile uploads a license through /provider/credentials and reads that it waits for
// review; the admin compares the document (an image, shown inline) with the typed details in the Verifications tab
// and approves it; the badge ("Licensed: FL #…, checked …, valid until …") then shows on the provider's public page,
// in the HTML the server sends before any script runs as well as in the hydrated page, and on the provider's bid on
// a customer's estimate, whose "View profile" leads to that page under the company's name. axe checks every new
// screen; the public page is also read at phone width.
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { proPath, proSlug } from '../src/domain/profiles.ts';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';
import { E2E_ADMIN } from './support/admin.ts';

/** Today and a day `days` ahead, as UTC days (decision 0046: a badge's dates are UTC days). */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/**
 * A real, decodable PNG (the server decodes and re-encodes every image, decision 0046): a 64×40 RGB picture of a
 * blue band over white, the stand-in for a photographed license.
 */
function licensePng(): Buffer {
  const width = 64;
  const height = 40;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
    for (let x = 0; x < width; x++) {
      const band = y < 12;
      row.set(band ? [29, 78, 216] : [255, 255, 255], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signed-in page in a context of its own (each person has their own browser). */
async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('a provider uploads a license, an admin approves it, and its badge shows on the public page and on bids', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const provider = await verifiedAccount(baseURL!, 'provider', 'Petra');
  const company = `Petra Cabinets ${tag}`;
  // The business profile names the company: the public page's heading and slug come from it (decision 0046).
  await ok(
    await provider.api.put('/api/profile/provider', {
      data: {
        firstName: 'Petra',
        lastName: 'Thread',
        email: provider.email,
        companyName: company,
        description: 'Kitchen cabinets fitted square, on time, and cleaned up after.',
        phone: '904-555-0142',
        city: 'Jacksonville',
        state: 'FL',
        zipCode: '32202',
      },
    }),
  );
  const profilePath = proPath(
    provider.id,
    proSlug({ companyName: company, firstName: 'Petra', lastName: 'Thread' }),
  );
  const number = `CGC${Date.now().toString().slice(-7)}`;
  const expiresOn = utcDay(400);

  // 1. The provider uploads the license through the form; it shows as waiting for review.
  const pro = await signedInPage(browser, provider.email, JOURNEY_PASSWORD);
  await pro.goto('/provider/credentials');
  await expect(pro.getByRole('heading', { level: 1, name: 'Licenses and insurance' })).toBeVisible();
  await expect(pro.getByText('No licenses or insurance yet')).toBeVisible();
  await expectAccessible(pro);
  await expect(pro.getByRole('radio', { name: 'A license' })).toBeChecked();
  await pro.getByLabel('State that issued it').selectOption('FL');
  await pro.getByLabel('License number').fill(number);
  await pro.getByLabel('Trade').fill('General contractor');
  await pro.getByLabel('Expires on').fill(expiresOn);
  await pro
    .getByLabel('Document (PDF, JPEG or PNG, up to 10 MB)')
    .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: licensePng() });
  await pro.getByRole('button', { name: 'Upload the license' }).click();
  await expect(pro.getByText('License uploaded', { exact: true }).first()).toBeVisible();
  const card = pro.getByRole('listitem', { name: `Florida license #${number}` });
  await expect(card.getByText('Waiting for review').first()).toBeVisible();
  await expect(card).toContainText('General contractor');
  await expect(card).toContainText(expiresOn);
  await expect(card.getByRole('link', { name: /^Download the document/ })).toContainText('PNG');
  await expectAccessible(pro);

  // 2. The admin sees the pending license with its image inline, and approves it.
  const admin = await signedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await admin.getByRole('tab', { name: 'Verifications', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Verifications' })).toBeVisible();
  const who = `Petra Thread (${company})`;
  const title = `FL license #${number} of ${who}`;
  const pending = admin.getByRole('listitem', { name: title });
  await expect(pending.getByText('Waiting for review')).toBeVisible();
  await expect(pending).toContainText('General contractor');
  const image = pending.getByRole('img', {
    name: `The document ${who} uploaded for the FL license #${number}`,
  });
  await expect(image).toBeVisible();
  // The picture really drew (the blob: address loaded under the page's img-src), at the uploaded size.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expectAccessible(admin);
  await pending.getByRole('button', { name: `Approve the ${title}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Approve the ${title}?` });
  const checked = utcDay();
  const badge = `Licensed: FL #${number}, checked ${checked}, valid until ${expiresOn}`;
  await expect(confirm).toContainText(`Its badge will read: “${badge}”.`);
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Credential verified', { exact: true }).first()).toBeVisible();
  await expect(admin.getByRole('listitem', { name: title })).toHaveCount(0);

  // The provider's own screen now reads the badge.
  await pro.reload();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Your badge reads: ${badge}`);

  // 3. The public page carries the badge: first in the HTML the server sends (fetched after the approval, which
  // dropped any kept copy, decision 0045), before any script runs...
  const served = await request.get(profilePath);
  expect(served.status()).toBe(200);
  const html = await served.text();
  const rootStart = html.indexOf('<div id="root">');
  expect(rootStart).toBeGreaterThan(-1);
  const rendered = html.slice(rootStart, html.indexOf('<script type="application/json"', rootStart));
  expect(rendered).toContain(badge);
  expect(rendered).toMatch(new RegExp(`<h1[^>]*>${company}</h1>`));

  // ...then in the hydrated page a signed-out visitor sees.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(profilePath);
  await expect(visitor.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Verified credentials' }).getByText(badge)).toBeVisible();
  await expect(visitor).toHaveTitle(`${company} · HomeFix`);
  await expectAccessible(visitor);

  // 4. The provider bids on a customer's posted estimate; the customer sees the same badge on the bid, and
  // "View profile" opens the pro's page.
  const customer = await verifiedAccount(baseURL!, 'customer', 'Cora');
  const estimateId = await postedEstimate(customer.api, `Kitchen cabinets ${tag}`);
  await ok(await provider.api.post(`/api/tasks/${estimateId}/bid`));
  const buyer = await signedInPage(browser, customer.email, JOURNEY_PASSWORD);
  await buyer.goto(`/estimates/${estimateId}`);
  await expect(buyer.getByRole('heading', { level: 2, name: 'Bids' })).toBeVisible();
  await expect(buyer.getByRole('heading', { level: 3, name: `Petra Thread · ${company}` })).toBeVisible();
  await expect(
    buyer.getByRole('list', { name: "Petra Thread's verified credentials" }).getByText(badge),
  ).toBeVisible();
  await buyer.getByRole('link', { name: 'View profile of Petra Thread' }).click();
  await expect(buyer).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'Verified credentials' }).getByText(badge)).toBeVisible();

  // 5. On a phone the page still leads with the company and shows the badge in full.
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.reload();
  await expect(buyer.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const phoneBadge = buyer.getByRole('list', { name: 'Verified credentials' }).getByText(badge);
  await expect(phoneBadge).toBeVisible();
  await phoneBadge.scrollIntoViewIfNeeded();
  await expect(phoneBadge).toBeInViewport();
  await expectAccessible(buyer);

  await Promise.all([pro, admin, visitor, buyer].map((p) => p.context().close()));
  await Promise.all([provider.api.dispose(), customer.api.dispose()]);
});
