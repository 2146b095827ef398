// Journeys of the public projects: an anonymous visitor browses
// Jacksonville projects and filters by category; a visitor fills /post, signs in and posts the same answers,
// then finds the project in the list; a provider sends an offer; the owner connects; the provider sees
// "Contact shared. You're connected!" and the owner's contact. axe checks every screen; /projects at 390 px.
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { signIn, uniqueEmail } from './support/accounts.ts';
import { linkFromMail } from './support/mail.ts';

const PASSWORD = 'Sturdy-pass1';
/** Jacksonville, FL in the region list. */
const JACKSONVILLE_REGION = 272601;

/** A signed-in API client for a new account whose email is confirmed through the mailed link. */
async function verifiedAccount(
  baseURL: string,
  role: 'customer' | 'provider',
  firstName: string,
): Promise<{ api: APIRequestContext; email: string }> {
  const email = uniqueEmail(role);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/register', {
    data: {
      firstName,
      lastName: role === 'customer' ? 'Homeowner' : 'Builder',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
      termsAccepted: true,
      ...(role === 'provider'
        ? {
            subscriptionPlan: 'deluxe',
            selectedCategory: 'home-repair',
            selectedTasks: ['bathroom-remodel'],
            selectedRegion: JACKSONVILLE_REGION,
          }
        : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(await linkFromMail(email, '/verify-email')).searchParams.get('token');
  const verified = await api.post('/api/verify-email', { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { api, email };
}

async function postViaApi(api: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const res = await api.post('/api/tasks/post', { data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { project: { id: string } }).project.id;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an anonymous visitor browses Jacksonville projects, filters by category and searches', async ({
  page,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const { api } = await verifiedAccount(baseURL!, 'customer', 'Bea');
  // A free customer posts one project a month: three owners.
  await postViaApi(api, {
    title: `Kitchen island ${tag}`,
    category: 'Kitchen',
    city: 'Jacksonville',
    minBudget: '3000',
    maxBudget: '6000',
  });
  const { api: api2 } = await verifiedAccount(baseURL!, 'customer', 'Cy');
  await postViaApi(api2, { title: `Tub to shower ${tag}`, category: 'Bathroom', city: 'Jacksonville' });
  const { api: api3 } = await verifiedAccount(baseURL!, 'customer', 'Di');
  await postViaApi(api3, { title: `Orlando patio ${tag}`, category: 'Concrete', city: 'Orlando' });

  await page.goto('/');
  await page.getByRole('link', { name: 'Browse Projects' }).first().click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Orlando patio ${tag}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Search projects').fill(`island ${tag}`);
  await expect(page.getByRole('link', { name: `Kitchen island ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Tub to shower ${tag}` })).toHaveCount(0);
  await page.getByLabel('Search projects').fill('no-such-project-anywhere');
  await expect(page.getByText('No projects match your search.')).toBeVisible();

  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Projects' })).toBeVisible();
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Jacksonville');
  await expect(page.getByRole('link', { name: `Kitchen island ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Tub to shower ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Orlando patio ${tag}` })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel('Category').selectOption('kitchen');
  await expect(page).toHaveURL(/category=kitchen/);
  await expect(page.getByRole('link', { name: `Kitchen island ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Tub to shower ${tag}` })).toHaveCount(0);
  await page.getByLabel('Category').selectOption('hvac');
  await expect(page.getByText('No projects match your filters.')).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: into the list and onto a project.
  await page.getByLabel('Category').selectOption('kitchen');
  await page.getByRole('link', { name: `Kitchen island ${tag}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Kitchen island ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to send an offer' })).toBeVisible();
  await expectAccessible(page);

  // /mvp carries the same two actions.
  await page.goto('/mvp');
  await expect(page.getByRole('main').getByRole('link', { name: 'Post My Project' })).toHaveAttribute(
    'href',
    '/post',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse Projects' })).toHaveAttribute(
    'href',
    '/browse',
  );
  await expectAccessible(page);

  // The provider page.
  await page.goto('/provider-mvp');
  await expect(page.getByText('$99')).toBeVisible();
  await expect(page.getByText('$500')).toBeVisible();
  await expectAccessible(page);
});

test('/projects on a phone: one column, no sideways scrolling, dark mode clean', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Projects' })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await noHorizontalScroll(page);
  const cards = page.locator('main ul > li');
  if ((await cards.count()) >= 2) {
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(a!.width).toBeGreaterThan(300);
  }
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectAccessible(page);
});

test('a customer posts, a provider offers, the owner connects and the provider gets the contact', async ({
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const title = `Redo the guest bath ${tag}`;
  const { email: ownerEmail } = await verifiedAccount(baseURL!, 'customer', 'Olive');
  const { email: providerEmail } = await verifiedAccount(baseURL!, 'provider', 'Pat');

  // An anonymous visitor fills the form, is asked to sign in and comes back to the same answers.
  const owner = await (await browser.newContext({ baseURL })).newPage();
  await owner.goto('/');
  await owner.getByRole('link', { name: 'Post My Project' }).first().click();
  await expect(owner).toHaveURL(/\/post$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Post My Project' })).toBeVisible();
  await expectAccessible(owner);
  await owner.getByLabel('Project title').fill(title);
  await owner.getByLabel('Category').selectOption('Bathroom');
  await expect(owner.getByLabel('City')).toHaveValue('Jacksonville');
  await owner.getByLabel('Description').fill('Replace the vanity and retile the floor.');
  await owner.getByLabel('Minimum budget').fill('4,000');
  await owner.getByLabel('Maximum budget').fill('2000');
  await owner.getByRole('button', { name: 'Post Project' }).click();
  await expect(owner.getByText('Sign up or log in to post your project')).toBeVisible();
  await expectAccessible(owner);
  await owner.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(owner).toHaveURL(/\/login\?next=%2Fpost$/);
  await owner.getByLabel('Email').fill(ownerEmail);
  await owner.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await owner
    .getByRole('main')
    .getByRole('button', { name: /^log in$/i })
    .click();
  await expect(owner).toHaveURL(/\/post$/);
  await expect(owner.getByLabel('Project title')).toHaveValue(title);
  await expect(owner.getByLabel('Minimum budget')).toHaveValue('4,000');

  // The server is the one validation: min above max comes back as a field message.
  await owner.getByRole('button', { name: 'Post Project' }).click();
  await expect(owner.getByText('Maximum budget must be at least the minimum budget')).toBeVisible();
  await expectAccessible(owner);
  await owner.getByLabel('Maximum budget').fill('7000');
  await owner.getByRole('button', { name: 'Post Project' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(owner.getByText('$4,000 – $7,000')).toBeVisible();
  await expect(owner.getByText('No messages yet.')).toBeVisible();
  const projectUrl = owner.url();

  // It is in the live list.
  await owner.goto('/projects?category=bathroom');
  await expect(owner.getByRole('link', { name: title })).toBeVisible();

  // A provider sends an offer.
  const provider = await (await browser.newContext({ baseURL })).newPage();
  await signIn(provider, providerEmail, PASSWORD);
  await expect(provider).toHaveURL(/\/dashboard/);
  await provider.goto(projectUrl);
  await expect(provider.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectAccessible(provider);
  await provider.getByLabel('Message', { exact: true }).fill('Licensed and insured, can start next week.');
  await provider.getByLabel('Offer amount (USD, optional)').fill('5200.50');
  await provider.getByRole('button', { name: 'Send' }).click();
  await expect(provider.getByText('Message sent')).toBeVisible();
  await expect(provider.getByText('Offer: $5,200.50')).toBeVisible();
  await expect(provider.getByText(ownerEmail)).toHaveCount(0);

  // The owner sees the offer and shares the contact.
  await owner.goto(projectUrl);
  await expect(owner.getByText('Licensed and insured, can start next week.')).toBeVisible();
  await expect(owner.getByText('Offer: $5,200.50')).toBeVisible();
  await expectAccessible(owner);
  await owner.getByRole('button', { name: /Share my contact/ }).click();
  await expect(owner.getByText("Contact shared. You're connected!")).toBeVisible();
  await expect(owner.getByText('Connected', { exact: true })).toBeVisible();

  // The provider now sees the owner's contact; an anonymous reader never does.
  await provider.reload();
  await expect(provider.getByText("Contact shared. You're connected!")).toBeVisible();
  await expect(provider.getByText(ownerEmail)).toBeVisible();
  await expectAccessible(provider);

  const anonymous = await (await browser.newContext({ baseURL })).newPage();
  await anonymous.goto(projectUrl);
  await expect(anonymous.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(anonymous.getByText(ownerEmail)).toHaveCount(0);
  await expect(anonymous.getByText('Licensed and insured')).toHaveCount(0);
  await expect(anonymous.getByText('1 offer')).toBeVisible();
  // The shared link carries the project's title for link previews.
  const html = await (await anonymous.request.get(projectUrl)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
});
