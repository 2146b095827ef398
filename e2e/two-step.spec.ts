// Two-step verification (decision 0024), in dark mode at phone width: a customer turns it on in /settings with the
// key shown on screen, saves the recovery codes, signs out, signs in with a code their "app" computes from that
// key (here: otpauth in the test, at the real clock), then with a recovery code. Keyboard on the second step;
// axe on every new state.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { signOut, signUpCustomer, uniqueEmail, verifyFromMail } from './support/accounts.ts';
import { codeFor } from './support/two-step.ts';

const PASSWORD = 'Sturdy-pass1';

/**
 * The code an app shows one step (30 s) from now: the server accepts ±1 step and each step once, so the next
 * step's code is never the one already used to turn two-step on or sign in this same half-minute.
 */
const nextCode = (secret: string, steps = 1) => codeFor(secret, steps);

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
}

test('a customer turns on two-step verification, then signs in with a code and with a recovery code', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('two-step');
  await signUpCustomer(page, baseURL!, email, PASSWORD);
  // Two-step is set up only on a proven address (decision 0006).
  await verifyFromMail(page, email);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  await expectAccessible(page);

  // The key the user would type into the app.
  const secret = (await section.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('6-digit code from the app').fill(nextCode(secret, 0));
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByLabel('Your password').press('Enter');

  const codes = section.getByRole('list', { name: /Save your recovery codes/ }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await expect(section.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await expectAccessible(page);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText(/10 of 10 recovery codes left/)).toBeVisible();

  // Signing in now needs the code: the password alone gives the second step, and no session.
  await signOut(page);
  await passwordStep(page, email);
  expect((await page.request.get('/auth/me')).status()).toBe(401);
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  // A wrong code is announced, keyboard only.
  await page.keyboard.type(nextCode(secret) === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' }).first()).toBeVisible();
  await expectAccessible(page);
  await field.fill(nextCode(secret));
  await field.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  expect((await page.request.get('/auth/me')).status()).toBe(200);

  // A recovery code instead, once.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recovery = page.getByLabel('Recovery code');
  await expect(recovery).toBeFocused();
  await expectAccessible(page);
  await recovery.fill(recoveryCodes[0]!);
  await recovery.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/settings');
  await expect(section.getByText(/9 of 10 recovery codes left/)).toBeVisible();
  await expectAccessible(page);
});
