// Helpers for the account tests: payloads, cookies and users made straight in the database.
import type { LightMyRequestResponse as Response } from 'fastify';
import type { RegisterInput } from '#domain/schemas/auth.schema';
import { regions } from '#domain/regions/index';
import type { BuiltApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { insertUser, type NewUser } from './auth.repo.ts';

export const PASSWORD = 'Secret123';
/** A region that exists, and an id that no region has. */
export const REGION_ID = regions[0]?.id ?? 0;
export const UNKNOWN_REGION_ID = Math.max(0, ...regions.map((r) => r.id)) + 1;
let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++seq}@example.com`;

export function customerPayload(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    firstName: 'Casey',
    lastName: 'Customer',
    email: uniqueEmail('customer'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: 'customer',
    termsAccepted: true,
    ...overrides,
  };
}

export function providerPayload(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return customerPayload({
    firstName: 'Pat',
    lastName: 'Provider',
    email: uniqueEmail('provider'),
    role: 'provider',
    subscriptionPlan: 'starter',
    selectedCategory: 'home-repair',
    selectedTasks: ['painting'],
    selectedRegion: REGION_ID,
    ...overrides,
  });
}

/** The session cookie the response sets, as a Cookie header value ("sid=..."), or undefined. */
export function sessionCookie(res: Response): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c && c.value ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

export function setCookieHeader(res: Response): string {
  const h = res.headers['set-cookie'];
  const list = Array.isArray(h) ? h : h ? [h] : [];
  return list.find((v) => v.startsWith(`${SESSION_COOKIE}=`)) ?? '';
}

export function postJson(
  app: BuiltApp,
  url: string,
  payload: object,
  cookie?: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function login(app: BuiltApp, email: string, password = PASSWORD, rememberMe?: boolean) {
  const res = await postJson(app, '/api/auth/login', {
    email,
    password,
    ...(rememberMe ? { rememberMe } : {}),
  });
  return { res, cookie: sessionCookie(res) };
}

export function me(app: BuiltApp, cookie?: string) {
  return app.inject({ method: 'GET', url: '/auth/me', headers: cookie ? { cookie } : {} });
}

/** A user made directly in the database (for roles that cannot sign up, such as admin). */
export async function createUser(
  db: Db,
  values: Partial<NewUser> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = PASSWORD, ...rest } = values;
  const user = await insertUser(db, {
    email: uniqueEmail(rest.role ?? 'user'),
    firstName: 'Test',
    lastName: 'User',
    passwordHash: await hashPassword(password),
    ...rest,
  });
  if (!user) throw new Error('user not created');
  return { ...user, password };
}
