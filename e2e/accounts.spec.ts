// Account journeys: sign up, verify the email from the captured mail, sign out, sign in, and
// land on the right dashboard; password reset from the email link.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { linkFromMail } from './support/mail.ts';
import {
  acceptTerms,
  fillIdentity,
  signIn,
  signOut,
  uniqueEmail,
  verifyFromMail,
} from './support/accounts.ts';

const PASSWORD = 'Sturdy-pass1';

test('a customer signs up, verifies the email, signs out and back in to the customer dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('customer');
  await page.goto('/signup');
  await expectAccessible(page);
  await page.getByRole('radio', { name: /hire a pro/i }).check();
  await fillIdentity(page, email, PASSWORD);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Registration successful').first()).toBeVisible();
  await expect(page).toHaveURL(/\/email-not-verified/);
  await expectAccessible(page);

  await verifyFromMail(page, email);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/customer$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Dana');
  await expectAccessible(page);

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Login successful').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/customer$/);
});

test('a provider signs up with a plan, category, task, region and service area, and lands on the provider dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('provider');
  await page.goto('/signup');
  await page.getByRole('radio', { name: /find work/i }).check();
  await fillIdentity(page, email, PASSWORD);

  // The provider rules are enforced before anything is sent.
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText(
      'Service providers must select a subscription plan, category, tasks, and a service region',
    ),
  ).toBeVisible();

  await page.getByRole('radio', { name: /starter/i }).check();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Home Repair' }).click();
  await page.getByRole('checkbox', { name: 'Flooring' }).click();
  await page.getByRole('checkbox', { name: 'Painting' }).click(); // on Starter this replaces Flooring
  await expect(page.getByRole('checkbox', { name: 'Flooring' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Painting' })).toBeChecked();

  const region = page.getByRole('combobox', { name: 'Service region' });
  await region.fill('Jacksonville');
  await page
    .getByRole('listbox', { name: 'Regions' })
    .getByRole('option', { name: /Jacksonville, FL/ })
    .first()
    .click();
  await expect(region).toHaveValue(/^Jacksonville, FL/);
  // The optional service area: a base ZIP code and a radius.
  const area = page.getByRole('group', { name: 'Service area (optional)' });
  await area.getByRole('textbox', { name: 'Base ZIP code' }).fill('07601');
  await area.getByRole('combobox', { name: 'Radius' }).selectOption({ label: '50 miles' });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-not-verified/);

  await verifyFromMail(page, email);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/provider$/);
  await expectAccessible(page);

  // The service area chosen at sign-up is in force in the settings.
  await page.goto('/provider/settings');
  await expect(page.getByRole('textbox', { name: 'Base ZIP code' })).toHaveValue('07601');
  await expect(page.getByRole('combobox', { name: 'Radius' })).toHaveValue('50');
  await expect(page.getByText('Now: 50 miles around 07601 (Hackensack, NJ).')).toBeVisible();

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/provider$/);
});

test('a forgotten password is reset from the emailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  await page.goto('/signup');
  await page.getByRole('radio', { name: /hire a pro/i }).check();
  await fillIdentity(page, email, PASSWORD);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-not-verified/);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).first().click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/check your (email|inbox)/i).first()).toBeVisible();

  const link = await linkFromMail(email, '/reset-password');
  await page.goto(link);
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass2');
  await page.getByLabel('Confirm new password').fill('Brand-new-pass2');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByRole('link', { name: 'Go to log in' })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await signIn(page, email, 'Brand-new-pass2');
  await expect(page).toHaveURL(/\/email-not-verified|\/dashboard\/customer/);

  // The link is single use.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-pass3');
  await page.getByLabel('Confirm new password').fill('Another-pass3');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText(/invalid or expired|failed to reset password/i).first()).toBeVisible();
});
