// The route guards by sign-in and role, and the shell's persistent preferences (theme, beta banner).
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { acceptTerms, fillIdentity, uniqueEmail } from './support/accounts.ts';

test('an anonymous visitor is sent to /login from signed-in screens, and to / from admin pages', async ({
  page,
}) => {
  await page.goto('/dashboard/customer');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fcustomer$/);
  await expectAccessible(page);
  await page.goto('/saved-estimates');
  await expect(page).toHaveURL(/\/login\?next=%2Fsaved-estimates$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('a customer is kept away from admin and provider pages', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('radio', { name: /hire a pro/i }).check();
  await fillIdentity(page, uniqueEmail('guarded'), 'Sturdy-pass1');
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-not-verified/);

  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expectAccessible(page);

  await page.goto('/admin');
  await expect(
    page.getByText(/You need admin privileges to access this page\. Your current role is: customer/),
  ).toBeVisible();
  await page
    .getByRole('link', { name: 'Go to Dashboard' })
    .or(page.getByRole('button', { name: 'Go to Dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/dashboard\/customer$/);

  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/forbidden$/);
});

test('unknown screens show the Not Found page', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await expectAccessible(page);
});

test('the theme and a dismissed beta banner persist across a reload', async ({ page }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.goto('/');
  await expectAccessible(page);
  const html = page.locator('html');
  const wasDark = (await html.getAttribute('class'))?.includes('dark') ?? false;
  await page
    .getByRole('button', { name: /theme|dark mode|light mode/i })
    .first()
    .click();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await expectAccessible(page);

  const banner = page
    .getByRole('region', { name: /beta/i })
    .or(page.getByText(/in beta/i))
    .first();
  await expect(banner).toBeVisible();
  await page
    .getByRole('button', { name: /dismiss/i })
    .first()
    .click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  // The built client, its theme script and its styles run under the server's strict CSP.
  expect(cspViolations).toEqual([]);
});
