// Journeys of the account screens: a customer edits the profile,
// sets the messaging limit and asks to become a provider; an admin approves through the API; the user sees
// "approved" and, now a provider, fills in the business profile within the description bounds. Another user
// changes plan and cancels the account, which then cannot sign in. axe checks every screen, light and dark.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { signIn, signUpCustomer, uniqueEmail } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';

const PASSWORD = 'Sturdy-pass1';

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test('a customer edits the profile, sets the messaging limit, becomes a provider and fills the business profile', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('profile');
  await signUpCustomer(page, baseURL!, email);

  // Personal information.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const emailField = page.getByLabel('Email', { exact: true });
  await expect(emailField).toBeDisabled();
  await expect(emailField).toHaveValue(email);
  await expect(page.getByText('You cannot change your email address.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Danielle');
  await page.getByLabel('Phone (optional)').fill('904-555-0142');
  await page.getByLabel('City (optional)').fill('Jacksonville');
  await page.getByLabel('State (optional)').fill('FL');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Profile updated');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('904-555-0142');
  // The user menu shows the new name.
  await expect(page.getByRole('button', { name: /Account menu for Danielle Rivera/ })).toBeVisible();

  // Messaging limit, from the user menu.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('radio', { name: /20 providers/ })).toBeChecked();
  await expectAccessible(page);
  // Keyboard only: arrows move through the choices, Tab reaches the button, Enter saves.
  await page.getByRole('radio', { name: /20 providers/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '10 providers' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save preferences' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Your messaging preferences have been saved.');
  await page.reload();
  await expect(page.getByRole('radio', { name: '10 providers' })).toBeChecked();

  // Role request: the form's rule first, then a real request.
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Please select a role and provide a reason for the request.')).toBeVisible();
  await page.getByRole('radio', { name: 'Service Provider' }).check();
  await page.getByLabel('Reason').fill('I also run a small painting business.');
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText(/submitted for admin review/).first()).toBeVisible();
  const history = page.getByRole('list', { name: 'Request history' });
  await expect(history.getByText('pending')).toBeVisible();
  await expect(page.getByText('Your request is waiting for review')).toBeVisible();
  await expectAccessible(page);

  // An admin approves it through the API.
  const admin = await adminApi(baseURL!);
  const pending = await admin.get('/api/admin/role-requests');
  expect(pending.ok()).toBe(true);
  const mine = ((await pending.json()) as { id: string; user: { email: string } }[]).find(
    (r) => r.user.email === email,
  );
  expect(mine, 'the pending request in the admin queue').toBeTruthy();
  const review = await admin.put(`/api/admin/role-requests/${mine!.id}`, {
    data: { status: 'approved', adminComment: 'Welcome aboard.' },
  });
  expect(review.status(), await review.text()).toBe(200);
  await admin.dispose();

  await page.reload();
  await expect(history.getByText('approved')).toBeVisible();
  await expect(history.getByText('Welcome aboard.')).toBeVisible();
  await expect(history.getByText(/^Reviewed /)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Account information' }).getByText('Service Provider'),
  ).toBeVisible();
  await expectAccessible(page);

  // Now a provider: the user menu's Profile leads to the business profile, with its description bounds.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/provider\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Profile' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('First name')).toHaveValue('Danielle');
  await expectAccessible(page);
  const description = page.getByLabel('Business description');
  await description.fill('Too short');
  await expect(page.getByText('9 / 499 characters (at least 10)')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expectAccessible(page);
  await description.fill('x'.repeat(500));
  await expect(page.getByText('Description must be less than 500 characters')).toBeVisible();
  // 499 characters with no space at either end (the count is of the trimmed text).
  const text = `Interior and exterior painting. ${'Careful prep, clean lines. '.repeat(20)}`
    .slice(0, 499)
    .trimEnd()
    .padEnd(499, '.');
  await description.fill(text);
  await expect(page.getByText('499 / 499 characters (at least 10)')).toBeVisible();
  await page.getByLabel('Company name').fill('Rivera Painting');
  await page.getByLabel('Phone number').fill('904-555-0142');
  await page.getByLabel('Zip code').fill('32202');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Profile updated');
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Rivera Painting');
  await expect(page.getByLabel('Business description')).toHaveValue(/^Interior and exterior painting\./);

  // Provider settings: the names only.
  await page.goto('/provider/settings');
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await page.getByLabel('Last name').fill('Rivera-Diaz');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Profile updated');
  await expectAccessible(page);

  // Every screen again in dark mode.
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const path of ['/settings', '/provider/profile', '/provider/settings', '/account']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
    await expectAccessible(page);
  }
});

test('a customer changes plan and cancels the account, which cannot sign in again', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('cancel');
  await signUpCustomer(page, baseURL!, email);

  await page.goto('/dashboard/customer');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Subscription' })).toBeDisabled();
  await expectAccessible(page);

  // Premium starts the 7-day trial; its end date shows until an expiry date exists.
  await page.getByRole('button', { name: 'Choose Premium' }).click();
  await page.getByRole('button', { name: 'Update Subscription' }).click();
  await expectToast(page, 'Subscription updated');
  await expect(page.getByText(/^Free trial ends on /)).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Premium' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();

  // Back to Free, then Premium again: the trial was used, so it is paid and "Renews on" shows.
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await page.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(
    page.getByRole('listitem', { name: 'Free' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();
  await expect(page.getByText(/^Free trial ends on /)).toBeHidden();
  await expect(page.getByText('Starts with a 7-day free trial')).toBeHidden();
  await page.getByRole('button', { name: 'Choose Premium' }).click();
  await page.getByRole('button', { name: 'Update Subscription' }).click();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByText(/^Free trial ends on /)).toBeHidden();

  // The personal information screen in dark mode.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await expectAccessible(page);
  await page.goto('/account');

  // Cancel: the dialog first, "Keep my account" changes nothing.
  // By keyboard: Enter opens the dialog, Escape closes it and gives focus back.
  const cancel = page.getByRole('button', { name: 'Cancel account' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel your account?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Cancel account' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel my account' }).click();
  await expectToast(page, 'Account Canceled');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  // The session is gone and the account cannot sign in again.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The address may sign up again later, as a new account.
  await page.context().clearCookies();
  await signUpCustomer(page, baseURL!, email);
  await page.goto('/profile');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('');
});
