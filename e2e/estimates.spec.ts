// Estimate journeys: a customer builds an estimate through every wizard
// step with the keyboard, checks the live price against the domain's pricing, saves, posts, finds it in the
// posted list, unposts and deletes it; a free customer reaches the posted limit and finds the upgrade path.
// axe runs on every screen on the way.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatCents } from '../src/domain/format.ts';
import { priceEstimate } from '../src/domain/pricing.ts';
import { expectAccessible } from './support/a11y.ts';
import { acceptTerms, fillIdentity, uniqueEmail, verifyFromMail } from './support/accounts.ts';

const PASSWORD = 'Sturdy-pass1';

async function signUpVerifiedCustomer(page: Page) {
  const email = uniqueEmail('estimates');
  await page.goto('/signup');
  await page.getByRole('radio', { name: /hire a pro/i }).check();
  await fillIdentity(page, email, PASSWORD);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-not-verified/);
  await verifyFromMail(page, email);
  return email;
}

/** Focuses a control and presses a key on it: the journey never clicks. */
async function press(target: Locator, key = 'Enter') {
  await target.focus();
  await expect(target).toBeFocused();
  await target.press(key);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test('a customer builds, saves, posts, finds, unposts and deletes an estimate with the keyboard', async ({
  page,
}) => {
  // Every step of the wizard plus axe on each screen: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  await signUpVerifiedCustomer(page);

  await page.goto('/dashboard/customer');
  await expect(page.getByRole('list', { name: 'Statistics' })).toBeVisible();
  await expect(page.getByText('No estimates yet. Create your first estimate!')).toBeVisible();
  await expectAccessible(page);

  await press(page.getByRole('link', { name: 'Create New Estimate' }));
  await expect(page).toHaveURL(/\/estimates\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Estimate' })).toBeVisible();
  await expectAccessible(page);

  // Start page -> category (arrow keys move within the radio group) -> task.
  await press(page.getByRole('button', { name: 'Start Estimate' }));
  await expect(page.getByRole('heading', { name: 'Select Category' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await press(page.getByRole('radio', { name: /^Kitchen/ }), 'Space');
  await expect(page.getByRole('link', { name: /Watch Kitchen tutorial videos/ })).toBeVisible();
  await expectAccessible(page);
  await press(next(page));

  await expect(page.getByRole('heading', { name: 'Pick Your Task' })).toBeVisible();
  await press(page.getByRole('radio', { name: /^Kitchen Remodel/ }), 'Space');
  await press(next(page));

  // Subtasks: at least one.
  await expect(page.getByRole('heading', { name: 'Choose Subtasks' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await press(page.getByRole('checkbox', { name: /^Cabinets/ }), 'Space');
  await press(page.getByRole('checkbox', { name: /^Countertops/ }), 'Space');
  await press(page.getByRole('checkbox', { name: /^Sink and faucet/ }), 'Space');
  await expectAccessible(page);
  await press(next(page));

  // Grade, with the live price panel from here on.
  await expect(page.getByRole('heading', { name: 'Choose a Grade Level' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Live price' })).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await press(page.getByRole('radio', { name: /^Medium/ }), 'Space');
  await expectAccessible(page);
  await press(next(page));

  // Measurements, one subtask at a time; the input drops what is not a digit or the first point.
  await expect(page.getByText('Subtask 1 of 3')).toBeVisible();
  const length = page.getByLabel('Length (ft)');
  await length.focus();
  await page.keyboard.type('1x2');
  await expect(length).toHaveValue('12');
  await expect(next(page)).toBeEnabled();
  await expectAccessible(page);
  await press(next(page));

  await expect(page.getByText('Subtask 2 of 3')).toBeVisible();
  await page.getByLabel('Length (ft)').focus();
  await page.keyboard.type('10.5');
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('Width (ft)').focus();
  await page.keyboard.type('2');
  await press(next(page));

  await expect(page.getByText('Subtask 3 of 3')).toBeVisible();
  await page.getByLabel('Quantity (each)').focus();
  await page.keyboard.type('1');
  // Back keeps what was entered.
  await press(page.getByRole('button', { name: 'Back' }));
  await expect(page.getByLabel('Length (ft)')).toHaveValue('10.5');
  await press(next(page));
  await expect(page.getByLabel('Quantity (each)')).toHaveValue('1');
  await press(next(page));

  // Region: searchable, required.
  await expect(page.getByRole('heading', { name: 'Choose Your Region' })).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Estimate' });
  await expect(generate).toBeDisabled();
  const region = page.getByRole('combobox', { name: 'Region', exact: true });
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.type('Jacksonville');
  await expect(page.getByRole('listbox', { name: 'Regions' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await expect(region).toHaveAttribute(
    'aria-activedescendant',
    (await page.getByRole('option', { name: /^Jacksonville, FL/ }).getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Enter');
  await expect(region).toHaveValue('Jacksonville, FL');
  await expect(page.getByRole('listbox', { name: 'Regions' })).toBeHidden();

  // A reload keeps the half-built estimate.
  await page.reload();
  await expect(region).toHaveValue('Jacksonville, FL');
  await press(generate);

  // Final: the summary and the price the domain computes, to the cent.
  const price = priceEstimate({
    category: 'kitchen',
    task: 'kitchen-remodel',
    subtasks: ['kitchen-cabinets', 'kitchen-countertops', 'kitchen-sink-faucet'],
    measurements: {
      'kitchen-cabinets': { length: '12' },
      'kitchen-countertops': { length: '10.5', width: '2' },
      'kitchen-sink-faucet': { quantity: '1' },
    },
    gradeLevel: 'Medium',
    region: 'Jacksonville, FL',
  });
  await expect(page.getByRole('heading', { name: 'This is your estimate.' })).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Live price' });
  await expect(panel.getByText(formatCents(price.finalCents)).first()).toBeVisible();
  await expect(panel.getByText(/Jacksonville, FL/)).toBeVisible();
  await expect(panel.getByText(/BEA Regional Price Parities/)).toBeVisible();
  await press(panel.getByText('Price source').first());
  await expect(panel.getByText(/Spec part 2 §9/).first()).toBeVisible();
  await expect(page.getByText('Number of subtasks')).toBeVisible();
  await expectAccessible(page);

  await press(page.getByRole('button', { name: 'Save' }));
  await expect(page).toHaveURL(/\/saved-estimates$/);
  await expect(page.getByText('Estimate saved successfully!').first()).toBeVisible();
  const title = 'Kitchen Remodel - Kitchen';
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  // Other journeys post estimates with the same generated title: this one is told apart by its address.
  const href = await page.getByRole('link', { name: title }).getAttribute('href');
  expect(href).toMatch(/^\/estimates\/[0-9a-f-]{36}$/);
  await expectAccessible(page);

  // Post it.
  await press(page.getByRole('button', { name: `Post ${title}` }));
  await expect(page.getByText('Estimate posted').first()).toBeVisible();
  await expect(page.getByText('No saved estimates available.')).toBeVisible();

  // Find it in the posted list by its title.
  await page.goto('/posted-estimates');
  await page.getByLabel('Search posted estimates').focus();
  await page.keyboard.type('Kitchen Remodel');
  const card = page
    .getByRole('list', { name: 'Posted estimates' })
    .getByRole('link', { name: title })
    .and(page.locator(`[href="${href}"]`));
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // The detail: the server's price equals the preview, with the breakdown.
  await press(card);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(formatCents(price.finalCents)).first()).toBeVisible();
  await expect(page.getByText('Subtasks and price breakdown')).toBeVisible();
  await expect(page.getByText('Sink and faucet installation')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message Providers' })).toBeVisible();
  await expectAccessible(page);

  // Unpost, then delete with confirmation: both in the More actions menu, which the keyboard opens and walks.
  const more = page.getByRole('button', { name: 'More actions' });
  await press(more);
  await press(page.getByRole('menuitem', { name: 'Unpost' }));
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message Providers' })).toHaveCount(0);
  await press(more);
  await press(page.getByRole('menuitem', { name: 'Delete' }));
  const dialog = page.getByRole('dialog', { name: 'Delete Estimate' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await press(dialog.getByRole('button', { name: 'Delete' }));
  await expect(page).toHaveURL(/\/estimates$/);
  await expect(page.getByText('Estimate deleted successfully!').first()).toBeVisible();
  await expect(page.getByText('No estimates yet. Create your first estimate!')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/my-estimates');
  await expect(page.getByText('No estimates yet. Create your first estimate!')).toBeVisible();
  await expectAccessible(page);
  // Every customer's posted estimates are listed here (other journeys post too): this one is gone from them.
  await page.goto('/posted-projects');
  await expect(
    page
      .getByRole('list', { name: 'Posted estimates' })
      .or(page.getByText('No posted estimates found matching your criteria.')),
  ).toBeVisible();
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  await expectAccessible(page);
});

test('a free customer reaches the posted limit and sees the upgrade path', async ({ page }) => {
  await signUpVerifiedCustomer(page);
  const origin = new URL(page.url()).origin;
  for (const task of ['cabinets', 'countertops']) {
    const res = await page.request.post('/api/estimates', {
      headers: { origin },
      data: {
        category: 'kitchen',
        task,
        subtasks: ['kitchen-demolition'],
        measurements: { 'kitchen-demolition': { squareFootage: '100' } },
        gradeLevel: 'Standard',
        region: 'Austin, TX',
      },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/saved-estimates');
  await press(page.getByRole('button', { name: 'Post Cabinets - Kitchen' }));
  await expect(page.getByText('Estimate posted').first()).toBeVisible();

  // The banner says the monthly posted limit is used up.
  await expect(page.getByText('Limit reached').first()).toBeVisible();
  await expectAccessible(page);

  await press(page.getByRole('button', { name: 'Post Countertops - Kitchen' }));
  const alert = page.getByRole('alert').filter({ hasText: 'posted estimate per month' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Limit reached')).toBeVisible();
  await press(alert.getByRole('link', { name: 'Upgrade to Premium' }));

  await expect(page).toHaveURL(/\/customer\/subscription$/);
  await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expectAccessible(page);
  await press(page.getByRole('button', { name: 'Choose Premium (7-day free trial)' }));
  await press(page.getByRole('button', { name: 'Update Subscription' }));
  await expect(page.getByText('Subscription updated').first()).toBeVisible();
  await expect(page.getByText(/^Free trial ends on/)).toBeVisible();

  // On Premium the second estimate posts.
  await page.goto('/saved-estimates');
  await press(page.getByRole('button', { name: 'Post Countertops - Kitchen' }));
  await expect(page.getByText('Estimate posted').first()).toBeVisible();
  await expect(page.getByText('No saved estimates available.')).toBeVisible();

  // Premium adds pictures to an estimate; the server re-encodes them and serves them back.
  await page.goto('/posted-estimates');
  await press(page.getByRole('link', { name: 'Countertops - Kitchen' }));
  await expect(page.getByText('0 of 5')).toBeVisible();
  await page
    .getByLabel(/Add a picture/)
    .setInputFiles({ name: 'sink.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Picture added').first()).toBeVisible();
  const img = page.getByRole('img', { name: 'Picture 1 of Countertops - Kitchen' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(4);
  await expect(page.getByText('1 of 5')).toBeVisible();
  await expectAccessible(page);
});

/** A 4 x 4 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4z8AARwgWXg4ArpMP8bh5W0YAAAAASUVORK5CYII=',
  'base64',
);

test('in dark mode on a phone, a customer prices and saves an automotive estimate', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpVerifiedCustomer(page);

  await page.goto('/estimates/create');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await press(page.getByRole('button', { name: 'Start Estimate' }));
  await press(page.getByRole('radio', { name: /^Automotive/ }), 'Space');
  await expect(page.getByRole('link', { name: /Watch Automotive tutorial videos/ })).toBeVisible();
  await expectAccessible(page);
  await press(next(page));
  await press(page.getByRole('radio', { name: /^Brakes/ }), 'Space');
  await press(next(page));
  await press(page.getByRole('checkbox', { name: /^Brake pad replacement/ }), 'Space');
  await press(page.getByRole('checkbox', { name: /^Brake fluid flush/ }), 'Space');
  await expectAccessible(page);
  await press(next(page));
  await press(page.getByRole('radio', { name: /^Premium/ }), 'Space');
  await press(next(page));

  // Quantity labels by measurement type, with the unit in brackets.
  await expect(page.getByText('Subtask 1 of 2')).toBeVisible();
  const axles = page.getByLabel('Number of Axles (axle)');
  await axles.focus();
  await page.keyboard.type('2');
  await expectAccessible(page);
  await press(next(page));
  await expect(page.getByText('No measurements required for this item.')).toBeVisible();
  await press(next(page));

  await press(page.getByRole('combobox', { name: 'Region', exact: true }), 'ArrowDown');
  await page.keyboard.type('Anchorage');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Region', exact: true })).toHaveValue('Anchorage, AK');
  await press(page.getByRole('button', { name: 'Generate Estimate' }));
  await expect(page.getByRole('heading', { name: 'This is your estimate.' })).toBeVisible();
  await expect(page.getByText(/^Our server priced it at/)).toBeVisible();
  await expectAccessible(page);

  await press(page.getByRole('button', { name: 'Save' }));
  await expect(page).toHaveURL(/\/saved-estimates$/);
  await expectAccessible(page);
  await press(page.getByRole('link', { name: 'Brakes - Automotive' }));
  await expect(page.getByText('Brake pad replacement').first()).toBeVisible();
  await expect(page.getByText(/Automotive prices are U\.S\. national averages/)).toBeVisible();
  await expectAccessible(page);

  await page.goto('/dashboard/customer');
  await expect(page.getByRole('link', { name: 'Brakes - Automotive' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/customer/subscription');
  await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expectAccessible(page);
});
