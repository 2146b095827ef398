// Booking a site visit in the browser (decisions 0048 and 0049): a provider with a 25-mile area around 10001 sees on
// /tasks the job in Hackensack, NJ (07601, 10 miles away) and not the one in Whitehouse, NJ (08888, 40 miles); having
// bid on the near one, the provider proposes two times on the estimate page, typed in the job's time zone; the
// customer sees them on her estimate page and on her dashboard's Visits section, books one, and the mail with the
// calendar invite arrives for both, its start the chosen instant in UTC. axe checks each new screen.
import { expect, test } from '@playwright/test';
import { formatVisitTime, jobTimeZone, wallTimeToInstant } from '../src/domain/site-visits.ts';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, postedEstimate, signIn, verifiedAccount } from './support/accounts.ts';
import { mailsTo } from './support/mail.ts';

/** The calendar attachment of the newest mail to `to` whose subject starts so, decoded; undefined until it came. */
function inviteMailedTo(to: string, subjectStart: string): { raw: string; ics: string } | undefined {
  const mails = mailsTo(to).filter((m) => m.text.includes(`Subject: ${subjectStart}`));
  const mail = mails.at(-1);
  if (!mail) return undefined;
  // The text/calendar part: its headers, a blank line, then its body in base64 (the capture's undoing of
  // quoted-printable soft breaks may have taken a last "=" and its line break: Node decodes it without).
  const part =
    /Content-Type: text\/calendar[^]*?Content-Transfer-Encoding: base64[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(
      mail.text,
    );
  if (!part) return undefined;
  const ics = Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { raw: mail.text, ics };
}

test('a provider with a 25-mile area sees the job 10 miles away and not the one 40 miles away, proposes times, the customer books one and both get the calendar invite', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const customer = await verifiedAccount(baseURL!, 'customer', 'Vera');
  const title = `Leaky sink ${tag}`;
  const estimateId = await postedEstimate(customer.api, title, undefined, '07601');
  const farTitle = `Far sink ${tag}`;
  const farCustomer = await verifiedAccount(baseURL!, 'customer', 'Fern');
  await postedEstimate(farCustomer.api, farTitle, undefined, '08888');
  const provider = await verifiedAccount(baseURL!, 'provider', 'Vito');
  const area = await provider.api.put('/api/provider/service-area', {
    data: { zip: '10001', radiusMiles: 25 },
  });
  expect(area.status(), await area.text()).toBe(200);
  const estimate = (await (await customer.api.get(`/api/estimates/${estimateId}`)).json()) as {
    zipCode: string;
    state: string;
    region: string;
  };
  const zone = jobTimeZone({
    zipCode: estimate.zipCode,
    state: estimate.state,
    regionLabel: estimate.region,
  });

  // Two times 5 and 6 days ahead at 9:00 and 14:30, the job's clock.
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const first = `${day(5)}T09:00`;
  const second = `${day(6)}T14:30`;
  const secondUtc = wallTimeToInstant(second, zone)!;

  // The provider finds the near job, and not the far one, among the tasks in the area, bids, and proposes times on
  // the estimate page.
  const proContext = await browser.newContext();
  const pro = await proContext.newPage();
  await signIn(pro, provider.email, JOURNEY_PASSWORD);
  await expect(pro).not.toHaveURL(/\/login/);
  await pro.goto('/tasks');
  await expect(pro.getByLabel('Within my service area')).toBeChecked();
  await pro.getByLabel('Search tasks').fill(tag);
  const nearCard = pro.getByRole('listitem').filter({ has: pro.getByRole('link', { name: title }) });
  await expect(nearCard).toContainText('10 mi away');
  await expect(pro.getByRole('link', { name: farTitle })).toHaveCount(0);
  expect((await provider.api.post(`/api/tasks/${estimateId}/bid`)).status()).toBe(201);
  await pro.goto(`/estimates/${estimateId}`);
  await expect(pro.getByRole('heading', { name: 'Propose a site visit' })).toBeVisible();
  await pro.getByLabel(/^Time 1/).fill(first);
  await pro.getByRole('button', { name: 'Add another time' }).click();
  await pro.getByLabel(/^Time 2/).fill(second);
  await pro.getByLabel('Length').nth(1).selectOption('90');
  await expectAccessible(pro);
  await pro.getByRole('button', { name: 'Send times' }).click();
  await expect(pro.getByText('Visit times sent to the customer').first()).toBeVisible();
  await expect(pro.getByText(/Waiting for Vera T\. to choose/)).toBeVisible();

  // The customer sees them on her dashboard and books the second on the estimate page.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, customer.email, JOURNEY_PASSWORD);
  await expect(owner).not.toHaveURL(/\/login/);
  await owner.goto('/dashboard/customer');
  const visits = owner.getByRole('region', { name: 'Visits' });
  await expect(visits.getByRole('link', { name: `Site visit: ${title}` })).toBeVisible();
  await expectAccessible(owner);
  await visits.getByRole('link', { name: `Site visit: ${title}` }).click();
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const chosenText = formatVisitTime(secondUtc, zone);
  await owner
    .getByRole('radio', { name: new RegExp(chosenText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .check();
  await expectAccessible(owner);
  await owner.getByRole('button', { name: 'Book this time' }).click();
  await expect(owner.getByText('Site visit booked').first()).toBeVisible();
  await expect(owner.getByText(`When: ${chosenText} (1 h 30 min)`)).toBeVisible();

  // Both get the mail with the invite: its start is the chosen instant in UTC; no street address yet.
  const icsStart = secondUtc
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  for (const email of [customer.email, provider.email]) {
    let invite: { raw: string; ics: string } | undefined;
    await expect
      .poll(() => (invite = inviteMailedTo(email, 'Site visit booked')), {
        timeout: 15_000,
        message: `the invite mailed to ${email}`,
      })
      .toBeTruthy();
    expect(invite!.raw).toContain('site-visit.ics');
    expect(invite!.ics).toContain('BEGIN:VCALENDAR');
    expect(invite!.ics).toContain(`DTSTART:${icsStart}`);
    expect(invite!.ics).toContain(`Site visit: ${title}`);
  }

  // The provider's bid list shows the booked visit.
  await pro.goto('/dashboard/provider');
  await expect(pro.getByRole('region', { name: 'Visits' }).getByText('Booked')).toBeVisible();
  await expectAccessible(pro);
  await proContext.close();
  await ownerContext.close();
});
