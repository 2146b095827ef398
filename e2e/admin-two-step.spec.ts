// Two-step verification for admins (decision 0028), in dark mode at phone width, keyboard on the way to the set-up,
// axe on every new state. With the default ADMIN_TWO_STEP=optional, a new admin's dashboard suggests two-step in one
// line that leads to /settings#two-step; once it is on, the line is gone. With ADMIN_TWO_STEP=required (the second
// server of playwright.config.ts, its own data dir), the admin tools show the set-up card until it is on, and then
// open in the same session.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { JOURNEY_PASSWORD, signIn, signUpCustomer, uniqueEmail, verifyFromMail } from './support/accounts.ts';
import { E2E_ADMIN, adminApi } from './support/admin.ts';
import { requiredTwoStepBaseUrl } from './support/servers.ts';
import { codeFor } from './support/two-step.ts';

async function phoneInDarkMode(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
}

/** Follows a link to the set-up with the keyboard, and turns two-step on there with the key shown on screen. */
async function setUpFrom(page: Page, linkName: string, password: string) {
  const link = page.getByRole('link', { name: linkName });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings#two-step$/);
  await expect(page.locator('#two-step')).toBeFocused();
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await section.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  await section.getByLabel('6-digit code from the app').fill(codeFor(secret));
  await section.getByLabel('Your password').fill(password);
  await section.getByLabel('Your password').press('Enter');
  await expect(
    section.getByRole('list', { name: /Save your recovery codes/ }).getByRole('listitem'),
  ).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
}

test('with two-step optional, the admin dashboard suggests it until it is on', async ({ page, baseURL }) => {
  const email = uniqueEmail('admin-2sv');
  await signUpCustomer(page, baseURL!, email);
  // Two-step is set up only on a proven address (decision 0006).
  await verifyFromMail(page, email);
  const api = await adminApi(baseURL!);
  const found = await api.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  const id = ((await found.json()) as { users: { id: string }[] }).users[0]!.id;
  const promoted = await api.put(`/api/admin/users/${id}/role`, { data: { role: 'admin' } });
  expect(promoted.status(), await promoted.text()).toBe(200);

  await phoneInDarkMode(page);
  await signIn(page, email, JOURNEY_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard/admin');
  await expect(page.getByText('Your admin account is protected by a password only.')).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  await expectAccessible(page);

  await setUpFrom(page, 'Turn on two-step verification', JOURNEY_PASSWORD);
  await expectAccessible(page);

  await page.goto('/dashboard/admin');
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  await expect(page.getByText('Your admin account is protected by a password only.')).toHaveCount(0);
});

test.describe('on a server with ADMIN_TWO_STEP=required', () => {
  test.use({ baseURL: requiredTwoStepBaseUrl });

  test('with two-step required, the admin tools wait for it and open in the same session', async ({
    page,
  }) => {
    await phoneInDarkMode(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Turn on two-step verification' }),
    ).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
    await expectAccessible(page);
    const refused = await page.request.get('/api/admin/users');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'TWO_STEP_REQUIRED' });

    await setUpFrom(page, 'Set up two-step verification', E2E_ADMIN.password);

    await page.goto('/admin');
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Turn on two-step verification' })).toHaveCount(0);
    await expectAccessible(page);
    expect((await page.request.get('/api/admin/users')).status()).toBe(200);
  });
});
