// Changing the password while signed in (docs/security.md): on /settings by keyboard, in dark mode at phone
// width; the other browser is signed out, this one stays; the old password stops working, the new one signs in.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { signIn, signOut, signUpCustomer, uniqueEmail } from './support/accounts.ts';

const OLD_PASSWORD = 'Sturdy-pass1';
const NEW_PASSWORD = 'Garden gate at dusk 77';

test('a customer changes the password on /settings; another browser is signed out; the new password signs in', async ({
  page,
  baseURL,
  browser,
}) => {
  const email = uniqueEmail('password-change');
  await signUpCustomer(page, baseURL!, email, OLD_PASSWORD);

  // A second browser signed in to the same account.
  const other = await browser.newContext({ baseURL });
  const otherLogin = await other.request.post('/api/auth/login', {
    headers: { origin: baseURL! },
    data: { email, password: OLD_PASSWORD },
  });
  expect(otherLogin.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Change password' });
  await expect(section).toBeVisible();

  // Keyboard only: the wrong current password first.
  await section.getByLabel('Current password').focus();
  await page.keyboard.type('Not-my-password-1');
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(section.getByText('Your current password is not correct')).toBeVisible();
  await expectAccessible(page);

  await section.getByLabel('Current password').fill(OLD_PASSWORD);
  await section.getByLabel('Current password').press('Enter');
  await expect(
    page.getByText('Your password has been changed. Other devices have been signed out.').first(),
  ).toBeVisible();
  await expect(section.getByLabel('New password', { exact: true })).toHaveValue('');
  await expectAccessible(page);

  // This browser is still signed in; the other one is not.
  expect((await page.request.get('/auth/me')).status()).toBe(200);
  expect((await other.request.get('/auth/me')).status()).toBe(401);
  await other.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await signIn(page, email, OLD_PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
});
