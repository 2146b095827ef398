import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { findSubtask } from '../../src/domain/catalog/home-repair.ts';
import { measurementFields } from '../../src/domain/pricing.ts';
import { expectAccessible } from './a11y.ts';
import { linkFromMail } from './mail.ts';

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function fillIdentity(page: Page, email: string, password: string) {
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
}

export async function acceptTerms(page: Page) {
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).click();
}

export async function verifyFromMail(page: Page, email: string) {
  const link = await linkFromMail(email, '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expectAccessible(page);
}

export async function signOut(page: Page) {
  await page
    .getByRole('button', { name: /account menu|user menu|open menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: /log out|sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^log in$|^sign in$/i })
    .click();
}

export const JOURNEY_PASSWORD = 'Sturdy-pass1';

/** Signs up a customer (Dana Rivera) through the API; the page's context keeps the session cookie. */
export async function signUpCustomer(
  page: Page,
  baseURL: string,
  email: string,
  password = JOURNEY_PASSWORD,
) {
  const res = await page.request.post('/api/auth/register', {
    headers: { origin: baseURL },
    data: {
      firstName: 'Dana',
      lastName: 'Rivera',
      email,
      password,
      confirmPassword: password,
      role: 'customer',
      termsAccepted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * A verified account registered through the API (the mailed link confirms the email), with its own signed-in
 * request context: customers, or providers of the home-repair category (deluxe unless told otherwise).
 */
export async function verifiedAccount(
  baseURL: string,
  role: 'customer' | 'provider',
  firstName: string,
  plan: 'starter' | 'deluxe' = 'deluxe',
) {
  const email = uniqueEmail(`${firstName.toLowerCase()}-${role}`);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/register', {
    data: {
      firstName,
      lastName: 'Thread',
      email,
      password: JOURNEY_PASSWORD,
      confirmPassword: JOURNEY_PASSWORD,
      role,
      termsAccepted: true,
      ...(role === 'provider'
        ? {
            subscriptionPlan: plan,
            selectedCategory: 'home-repair',
            selectedTasks: ['kitchen-remodel'],
            selectedRegion: 272601,
          }
        : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(await linkFromMail(email, '/verify-email')).searchParams.get('token');
  const ok = await api.post('/api/verify-email', { data: { token } });
  expect(ok.ok(), await ok.text()).toBe(true);
  const me = (await (await api.get('/api/auth/session')).json()) as { user: { id: string } };
  return { api, id: me.user.id, email, name: `${firstName} Thread` };
}

/** What postedEstimate prices: a kitchen remodel's cabinets unless told otherwise. */
const KITCHEN = { category: 'kitchen', task: 'Kitchen Remodel', subtask: 'kitchen-cabinets' };
export const BATHROOM = { category: 'bathroom', task: 'Bathroom Remodel', subtask: 'bathroom-vanity' };

/** A priced estimate saved and posted by a customer's request context; its id. */
export async function postedEstimate(
  api: APIRequestContext,
  title?: string,
  work: typeof KITCHEN = KITCHEN,
  zipCode?: string,
): Promise<string> {
  const subtask = findSubtask(work.subtask)!;
  const created = await api.post('/api/estimates', {
    data: {
      ...(title ? { title } : {}),
      category: work.category,
      task: work.task,
      subtasks: [work.subtask],
      measurements: JSON.stringify({
        [work.subtask]: Object.fromEntries(measurementFields(subtask).map((f) => [f.key, '10'])),
      }),
      gradeLevel: 'Standard',
      region: 'Jacksonville, FL',
      ...(zipCode ? { zipCode } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const saved = (await created.json()) as { id?: string; estimate?: { id: string } };
  const id = saved.id ?? saved.estimate!.id;
  const posted = await api.patch(`/api/estimates/${id}/post`);
  expect(posted.ok(), await posted.text()).toBe(true);
  return id;
}
