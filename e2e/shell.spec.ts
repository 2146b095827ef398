// The shell as a new visitor meets it: the index.html shell shown before the app's script
// arrives, the header and beta banner at phone width, the bottom bar's one-line labels and the one wording for
// signing in and out.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { E2E_ADMIN } from './support/admin.ts';
import { uniqueEmail } from './support/accounts.ts';

/** Console messages about the Content Security Policy (Chromium reports each refused script, style or element). */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  return found;
}

/** Signs the page's browser context in (call after a first page.goto, for the origin header). */
async function signInByApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
}

test.describe('the shell before the script arrives', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`shows the brand, a header bar and a loading line, allowed by the CSP (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const violations = cspViolations(page);
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/login');

      const shell = page.locator('[data-app-shell]');
      await expect(shell.getByRole('link', { name: 'HomeFix home' })).toBeVisible();
      await expect(shell.getByRole('status')).toHaveText('Loading HomeFix…');
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // The page is themed before any script of ours runs (theme-init.js is not under /assets).
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const dark = await page.evaluate((bg) => {
        const probe = document.createElement('canvas').getContext('2d')!;
        probe.fillStyle = bg;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
        return (r! + g! + b!) / 3 < 128;
      }, background);
      expect(dark).toBe(colorScheme === 'dark');
      await expectAccessible(page);
      expect(violations).toEqual([]);
    });
  }

  test('the app replaces the shell, with its header where the shell drew it', async ({ page }) => {
    const violations = cspViolations(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    const shellBrand = await page.locator('[data-app-shell] header a').boundingBox();
    const shellHeader = await page.locator('[data-app-shell] header').boundingBox();

    await page.unroute('**/assets/*.js');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.locator('[data-app-shell]')).toHaveCount(0);
    const header = page.locator('header').first();
    const appBrand = await header.getByRole('link', { name: 'HomeFix home' }).boundingBox();
    const appHeader = await header.boundingBox();
    // Same bar height and brand place; the app adds the beta banner above once its config arrives.
    expect(appHeader!.height).toBe(shellHeader!.height);
    expect(appBrand!.x).toBe(shellBrand!.x);
    expect(appBrand!.width).toBe(shellBrand!.width);
    expect(appBrand!.y - appHeader!.y).toBe(shellBrand!.y - shellHeader!.y);
    expect(violations).toEqual([]);
  });
});

test.describe('at phone width (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a visitor sees Log In and Sign Up in the header and can reach the beta feedback link', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['Log In', 'Sign Up']) {
      const button = header.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    const banner = page.getByRole('region', { name: 'Beta notice' });
    const feedback = banner.getByRole('link', { name: 'Give feedback' });
    await expect(feedback).toBeVisible();
    await expect(feedback).toBeInViewport({ ratio: 1 });
    // Nothing in the header or the banner sticks out of the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await header.getByRole('button', { name: 'Log In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to HomeFix' });
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(header.getByRole('button', { name: 'Log In', exact: true })).toBeFocused();

    // The section links live in the menu, which loads when its button is pressed.
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Features' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await feedback.click();
    await expect(page).toHaveURL(/\/feedback$/);
  });

  /** Each label of the bottom bar is one line: its height is one line-height of its own text. */
  async function expectOneLineLabels(page: Page, expected: string[]) {
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await expect(bar).toBeVisible();
    const labels = await bar.locator(':scope > a > span, :scope > button > span').evaluateAll((spans) =>
      spans.map((s) => ({
        text: s.textContent,
        height: s.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(s).lineHeight),
        right: s.getBoundingClientRect().right,
      })),
    );
    expect(labels.map((l) => l.text)).toEqual(expected);
    for (const l of labels) {
      expect(l.height, `${l.text} wraps`).toBeLessThanOrEqual(l.lineHeight + 0.5);
      expect(l.right, `${l.text} is cut off`).toBeLessThanOrEqual(390);
    }
  }

  test("an admin's bottom bar (the longest: six items) reads on one line per item; Sign out is in the user menu", async ({
    page,
  }) => {
    await page.goto('/');
    await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/dashboard/admin');
    await expectOneLineLabels(page, ['Dashboard', 'Estimates', 'Jobs', 'Messages', 'Profile', 'Admin']);
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await expect(bar.getByRole('button')).toHaveCount(0);
    await expect(bar.getByRole('link', { name: 'Saved Estimates' })).toHaveAttribute(
      'href',
      '/saved-estimates',
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /log ?out/i })).toHaveCount(0);
  });

  test("a provider's bottom bar reads on one line per item", async ({ page }) => {
    await page.goto('/');
    const regions = (await (await page.request.get('/api/regions')).json()) as { id: number }[];
    const email = uniqueEmail('phone-provider');
    const res = await page.request.post('/api/auth/register', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        firstName: 'Pat',
        lastName: 'Lee',
        email,
        password: 'Sturdy-pass1',
        confirmPassword: 'Sturdy-pass1',
        role: 'provider',
        subscriptionPlan: 'deluxe',
        selectedCategory: 'home-repair',
        selectedTasks: ['painting'],
        selectedRegion: regions[0]!.id,
        termsAccepted: true,
      },
    });
    expect(res.status()).toBe(201);
    await page.goto('/dashboard/provider');
    await expectOneLineLabels(page, ['Dashboard', 'Tasks', 'Posted', 'Jobs', 'Messages', 'Plan']);
    await expectAccessible(page);
  });
});

test('the top bar says Log In and Sign Up to visitors, and Sign out once signed in', async ({ page }) => {
  await page.goto('/mvp');
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.reload();
  await expect(bar.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(bar.getByText(/^(Logout|Log out)$/)).toHaveCount(0);
});
