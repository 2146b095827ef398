import { expect, type Page } from '@playwright/test';
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
