// Journeys of the admin console: the journey admin filters users,
// edits one, changes a role inline, previews and soft-deletes two test users and reads the results, approves a
// role request, downloads the catalogue CSV and sees the visit chart; an admin who demotes themselves sees
// "Access Revoked" and leaves the panel; the clean-up tool and the user search find a test account; the admin
// reads a customer's conversation with a provider in All Messages. axe checks every tab on the way.
import { expect, request, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.ts';
import { postedEstimate, signIn, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { adminApi, E2E_ADMIN } from './support/admin.ts';

const PASSWORD = 'Sturdy-pass1';

/** A customer registered through the API in its own context (the page keeps the admin's session). */
async function customer(baseURL: string, firstName: string, tag: string) {
  const email = uniqueEmail(`adm${tag}`);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/register', {
    data: {
      firstName,
      lastName: 'Journey',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'customer',
      termsAccepted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { api, email, name: `${firstName} Journey` };
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

async function signInAs(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('an admin filters, edits, changes a role, bulk soft-deletes, approves a request, exports and reads analytics', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const [edith, rolf, della, dora, reese] = await Promise.all(
    ['Edith', 'Rolf', 'Della', 'Dora', 'Reese'].map((n) => customer(baseURL!, n, tag)),
  );
  const asked = await reese!.api.post('/api/role-requests', {
    data: { requestedRole: 'provider', reason: 'I run a tiling business and want to bid.' },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();
  await expectAccessible(page);

  // Filters: the journey's users by email, then customers only.
  await page.getByLabel('Search users').fill(`adm${tag}`);
  await expect(page.getByText('Showing 1 to 5 of 5 users')).toBeVisible();
  await page.getByLabel('User type').selectOption('customer');
  await expect(page.getByText('Showing 1 to 5 of 5 users')).toBeVisible();
  await page.getByLabel('User type').selectOption('admin');
  await expect(page.getByText('No users match your filters.')).toBeVisible();
  await page.getByLabel('User type').selectOption('all');
  const table = page.getByRole('region', { name: 'Users' });
  await expect(table.getByRole('row', { name: new RegExp(edith!.name) })).toContainText('N/A');

  // Edit User.
  await page.getByRole('button', { name: `Edit ${edith!.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Last name')).toHaveValue('Journey');
  await expect(edit.getByLabel('Subscription')).toHaveCount(0);
  await expectAccessible(page);
  await edit.getByLabel('Last name').fill('Renamed');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'User updated successfully');
  await expect(table.getByRole('row', { name: /Edith Renamed/ })).toBeVisible();

  // Inline role change, confirmed after reading what else changes: Rolf becomes a provider (Subscription then
  // shows his plan).
  await page.getByLabel(`Role of ${rolf!.name}`).selectOption('provider');
  const confirmRole = page.getByRole('dialog', {
    name: `Change ${rolf!.name} from Customer to Service Provider?`,
  });
  await expect(confirmRole).toContainText('The change is recorded in the audit log.');
  await confirmRole.getByRole('button', { name: 'Change role' }).click();
  await expectToast(page, 'User role updated successfully');
  await expect(table.getByRole('row', { name: new RegExp(rolf!.name) })).toContainText('Free');

  // Bulk: two users, preview, soft delete, results.
  await page.getByRole('checkbox', { name: `Select ${della!.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${dora!.name}` }).check();
  await expect(page.getByText('2 users selected')).toBeVisible();
  await page.getByRole('button', { name: 'Preview Deletion' }).click();
  const preview = page.getByRole('dialog', { name: 'Deletion Preview' });
  await expect(preview.getByText(della!.email)).toBeVisible();
  await expect(preview.getByRole('radio', { name: /Soft delete \(recommended\)/ })).toBeChecked();
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Delete 2 users' }).click();
  const results = page.getByRole('dialog', { name: 'Deletion Results' });
  await expect(results.getByText('Soft deletion completed')).toBeVisible();
  await expect(results.getByRole('definition').first()).toHaveText('2');
  await expectAccessible(page);
  await results.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText('Showing 1 to 3 of 3 users')).toBeVisible();
  // The deleted accounts cannot sign in any more.
  const gone = await dora!.api.get('/api/role-requests');
  expect(gone.status()).toBe(401);

  // Role requests: approve Reese's with a comment, with the keyboard.
  await tab(page, 'Role Requests').focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('listitem', { name: `${reese!.name} requests Service Provider` });
  await expect(card).toContainText('I run a tiling business');
  await expectAccessible(page);
  await card.getByLabel('Comment (optional)').fill('Welcome aboard');
  await card.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Role Request Updated');
  await expect(card).toHaveCount(0);

  // Audit log: the deletions are there.
  await tab(page, 'Audit Log').click();
  await expect(page.getByRole('row', { name: /Delete User/ }).first()).toBeVisible();
  await page.getByLabel('Action type').selectOption('Change Role');
  await expect(page.getByRole('row', { name: /Change Role/ }).first()).toBeVisible();
  await expectAccessible(page);

  // Export: the CSV downloads.
  await tab(page, 'Export Data').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^estimate-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectToast(page, 'Download Started');
  await expectAccessible(page);

  // Analytics: this journey's own page views are counted and charted.
  await tab(page, 'Visit Analytics').click();
  await expect(page.getByTestId('visits-chart')).toBeVisible();
  // Top pages ranks the whole run's visits (other journeys sign in far more often); the recent visits hold this
  // journey's own view of /admin (the specs run one at a time).
  await expect(page.getByRole('list', { name: 'Top pages' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByLabel('Recent visits')).toContainText('/admin');
  await expectAccessible(page);

  // The other tabs open their tools in a new tab.
  await tab(page, 'Cleanup').click();
  await expect(page.getByRole('link', { name: /Open Cleanup Tool/ })).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
  await tab(page, 'User Search').click();
  await expect(page.getByRole('link', { name: /Open User Search/ })).toHaveAttribute(
    'href',
    '/admin/replit-db-users',
  );
  await expectAccessible(page);
});

test('the panel in dark mode; the clean-up tool and the user search find test accounts', async ({
  page,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const t = await customer(baseURL!, 'Tidy', tag);
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);

  // Dark mode: the panel's tabs stay readable (axe checks contrast).
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const t of ['users', 'analytics', 'audit', 'role-requests']) {
    await page.goto(`/admin?tab=${t}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectAccessible(page);
  }

  // 390 px: the tables scroll inside their own box, the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/admin', '/admin?tab=analytics', '/admin/cleanup']) {
    await page.goto(path);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/replit-db-users');
  await page.getByLabel('Name or email').fill(t.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 user found')).toBeVisible();
  await expectAccessible(page);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^users-.*\.csv$/);

  await page.goto('/admin/cleanup');
  await page.getByLabel('Search').fill(t.email);
  await expect(page.getByText(/^1 user found/)).toBeVisible();
  await page.getByRole('button', { name: 'Execute Cleanup' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No users selected' })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${t.name}` }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Execute Cleanup' }).click();
  await page
    .getByRole('dialog', { name: 'Execute Cleanup' })
    .getByRole('button', { name: 'Delete 1 user' })
    .click();
  await expect(page.getByRole('heading', { name: 'Soft cleanup completed' })).toBeVisible();
});

test('an admin who demotes themselves sees "Access Revoked" and is taken home', async ({ page, baseURL }) => {
  const tag = Date.now().toString(36);
  const other = await customer(baseURL!, 'Ava', tag);
  const api = await adminApi(baseURL!);
  const found = await api.get(`/api/admin/users?search=${encodeURIComponent(other.email)}`);
  const id = ((await found.json()) as { users: { id: string }[] }).users[0]!.id;
  const promoted = await api.put(`/api/admin/users/${id}/role`, { data: { role: 'admin' } });
  expect(promoted.status(), await promoted.text()).toBe(200);

  await signInAs(page, other.email, PASSWORD);
  await page.goto('/admin');
  await page.getByLabel('Search users').fill(other.email);
  await expect(page.getByText('Showing 1 to 1 of 1 user')).toBeVisible();
  await page.getByLabel(`Role of ${other.name}`).selectOption('customer');
  await page
    .getByRole('dialog', { name: 'Make yourself a Customer?' })
    .getByRole('button', { name: 'Change role' })
    .click();
  await expect(page.getByRole('heading', { name: 'Access Revoked' })).toBeVisible();
  await expectAccessible(page);
  await expect(page).not.toHaveURL(/\/admin/, { timeout: 5000 });
  await page.goto('/admin');
  await expect(page.getByText(/You need admin privileges to access this page/)).toBeVisible();
});

test('an admin reads a conversation between a customer and a provider', async ({ page, baseURL }) => {
  const customerAccount = await verifiedAccount(baseURL!, 'customer', 'Cora');
  const provider = await verifiedAccount(baseURL!, 'provider', 'Pete');
  const id = await postedEstimate(customerAccount.api);
  const sent = await provider.api.post('/api/messages', {
    data: { estimateId: id, receiverId: customerAccount.id, content: 'I can fit your cabinets next week.' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'View All Messages' }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await page.getByLabel('Search threads').fill('Cora Thread');
  const list = page.getByRole('list', { name: 'Message threads' });
  await list
    .getByRole('button', { name: /Cora Thread ↔ Pete Thread/ })
    .first()
    .click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('I can fit your cabinets next week.');
  await expect(messages).toContainText('(Service Provider)');
  await expectAccessible(page);
});
