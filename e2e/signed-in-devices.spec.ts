// "Where you're signed in" (ASVS 7.5.2; decision 0025): a customer signed in on a laptop and a phone sees both on
// /settings, signs the phone out by keyboard at phone width in dark mode (with the password again), and the phone
// is signed out at once (its open page by its realtime socket, its next request by the server) while the laptop
// stays signed in.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { signIn, signUpCustomer, uniqueEmail } from './support/accounts.ts';

const PASSWORD = 'Sturdy-pass1';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ userAgent: LAPTOP });

test('a customer sees both devices on /settings, signs the other one out, and it is signed out at its next request', async ({
  page,
  baseURL,
  browser,
}) => {
  const email = uniqueEmail('devices');
  await signUpCustomer(page, baseURL!, email, PASSWORD);
  // Signing in through the form, as a person does on the laptop.
  expect((await page.request.post('/api/auth/logout', { headers: { origin: baseURL! } })).status()).toBe(204);
  await signIn(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);

  // The phone: another browser, signed in through the same form.
  const phone = await browser.newContext({
    baseURL,
    userAgent: PHONE,
    viewport: { width: 390, height: 844 },
  });
  const phonePage = await phone.newPage();
  await signIn(phonePage, email, PASSWORD);
  await expect(phonePage).not.toHaveURL(/\/login/);
  await phonePage.goto('/settings');
  await expect(phonePage.getByRole('region', { name: "Where you're signed in" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: "Where you're signed in" });
  const rows = section.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Chrome on Windows');
  await expect(rows.nth(0)).toContainText('This device');
  await expect(rows.nth(0)).toContainText('Active now');
  await expect(rows.nth(1)).toContainText('Safari on iPhone');
  await expect(rows.nth(1)).not.toContainText('This device');
  await expectAccessible(page);

  // Keyboard only: the phone's Sign out, then the password again in the confirmation (a wrong one first).
  await section.getByRole('button', { name: 'Sign out Safari on iPhone' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign out of Safari on iPhone?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.type('Not-my-password-1');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Your password is not correct')).toBeVisible();
  await expectAccessible(page);
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Safari on iPhone has been signed out.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(section.getByText("You're not signed in anywhere else.")).toBeVisible();
  await expectAccessible(page);

  // The phone's open page hears it over its realtime socket and shows the login page by itself; its next request
  // finds it signed out (401), and so does a reload.
  await expect(phonePage).toHaveURL(/\/login/);
  expect((await phone.request.get('/auth/me')).status()).toBe(401);
  await phonePage.goto('/settings');
  await expect(phonePage).toHaveURL(/\/login/);

  // The laptop is still signed in.
  expect((await page.request.get('/auth/me')).status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  await phone.close();
});
