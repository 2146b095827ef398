// The signed-in user's own account through HTTP: profile, business profile, settings and account
// cancel, each rule at its bounds, mass assignment, and what a closed account leaves behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_LOCKED_MESSAGE } from '#domain/schemas/profile.schema';
import { profileSchema } from '#domain/schemas/account.schema';
import { MESSAGE_LIMIT_MESSAGE } from '#domain/schemas/subscription.schema';
import { auditLog, roleRequests, sessions, users } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeProvider, PASSWORD } from '#server/test/factories';
import { call, loginAs, me, postJson, signIn } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);
const send = (method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object, cookie?: string) =>
  call(t.app, { method, url, payload }, cookie);
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

const business = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: 'Provider',
  companyName: 'Pat Fixes Things LLC',
  description: 'Kitchens, bathrooms and everything in between.',
  phone: '904-555-0100',
  address: '',
  city: 'Jacksonville',
  state: 'FL',
  zipCode: '32202',
  ...overrides,
});

describe('GET /api/profile', () => {
  it('asks to sign in first', async () => {
    expect((await get('/api/profile')).statusCode).toBe(401);
  });

  it("answers the user's own profile in the shared shape, empty fields as null", async () => {
    const c = await makeCustomer(db());
    const res = await get('/api/profile', await loginAs(t.app, c));
    expect(res.statusCode).toBe(200);
    const body = profileSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      id: c.id,
      email: c.email,
      role: 'customer',
      firstName: 'Casey',
      emailVerified: true,
      phone: null,
      companyName: null,
      subscriptionPlan: 'free',
      hasUsedTrial: false,
      messageLimit: 20,
    });
    expect(res.body).not.toContain('passwordHash');
  });

  it('shows the plan in force: a provider whose trial ended is on free, the dates stay', async () => {
    const p = await makeProvider(db(), { plan: 'starter', billing: 'expired-trial' });
    const body = (await get('/api/profile', await loginAs(t.app, p))).json();
    expect(body.subscriptionPlan).toBe('free');
    expect(body.trialEndDate).toBe(p.trialEndDate!.toISOString());
    expect(body.hasUsedTrial).toBe(true);
  });
});

describe('GET /api/profile/categories', () => {
  it('is public and lists the sign-up catalogue: home-repair with its 12 tasks', async () => {
    const res = await get('/api/profile/categories');
    expect(res.statusCode).toBe(200);
    const [cat] = res.json();
    expect(cat.id).toBe('home-repair');
    expect(cat.tasks).toHaveLength(12);
    expect(cat.tasks[0]).toEqual({ id: 'kitchen-remodel', name: 'Kitchen Remodel' });
  });
});

describe('PUT /api/profile/customer', () => {
  it('saves names and the optional contact fields, trimmed; empty ones become null', async () => {
    const c = await makeCustomer(db(), { phone: '111' });
    const cookie = await loginAs(t.app, c);
    const res = await send(
      'PUT',
      '/api/profile/customer',
      {
        firstName: '  Carla ',
        lastName: 'Smith',
        email: c.email,
        phone: '',
        address: '1 Main St',
        city: 'Jacksonville',
        state: 'FL',
        zipCode: '32202',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Carla',
      phone: null,
      address: '1 Main St',
      zipCode: '32202',
    });
    const r = await row(c.id);
    expect([r.firstName, r.phone, r.city]).toEqual(['Carla', null, 'Jacksonville']);
    // The session's user (GET /auth/me) shows the new name at once.
    expect((await me(t.app, cookie)).json().firstName).toBe('Carla');
  });

  it('requires the names with the required messages', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const noFirst = await send('PUT', '/api/profile/customer', { firstName: ' ', lastName: 'X' }, cookie);
    expect(noFirst.statusCode).toBe(400);
    expect(noFirst.json().fields.firstName).toBe('First name is required');
    const noLast = await send('PUT', '/api/profile/customer', { firstName: 'X' }, cookie);
    expect(noLast.statusCode).toBe(400);
    expect(noLast.json().fields.lastName).toBeDefined();
  });

  it('holds the field lengths: phone 30, zip code 20, names 100', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const put = (extra: object) =>
      send('PUT', '/api/profile/customer', { firstName: 'A', lastName: 'B', ...extra }, cookie);
    expect((await put({ phone: '1'.repeat(30), zipCode: '9'.repeat(20) })).statusCode).toBe(200);
    expect((await put({ phone: '1'.repeat(31) })).statusCode).toBe(400);
    expect((await put({ zipCode: '9'.repeat(21) })).statusCode).toBe(400);
    expect((await put({ firstName: 'a'.repeat(100) })).statusCode).toBe(200);
    expect((await put({ firstName: 'a'.repeat(101) })).statusCode).toBe(400);
  });

  it('refuses another email with the form message and changes nothing; the same address in other case passes', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const res = await send(
      'PUT',
      '/api/profile/customer',
      { firstName: 'Changed', lastName: 'Name', email: 'someone-else@example.com' },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: EMAIL_LOCKED_MESSAGE,
      fields: { email: EMAIL_LOCKED_MESSAGE },
    });
    expect((await row(c.id)).firstName).toBe('Casey');
    const same = await send(
      'PUT',
      '/api/profile/customer',
      { firstName: 'Changed', lastName: 'Name', email: ` ${c.email.toUpperCase()} ` },
      cookie,
    );
    expect(same.statusCode).toBe(200);
    expect((await row(c.id)).email).toBe(c.email);
  });

  it('ignores role, plan, trial, verification and limit keys in the body (mass assignment)', async () => {
    const c = await makeCustomer(db(), { verified: false });
    const cookie = await loginAs(t.app, c);
    const res = await send(
      'PUT',
      '/api/profile/customer',
      {
        firstName: 'Mallory',
        lastName: 'M',
        role: 'admin',
        subscriptionPlan: 'premium',
        emailVerified: true,
        emailVerifiedAt: new Date().toISOString(),
        trialEndDate: '2099-01-01T00:00:00.000Z',
        subscriptionExpiryDate: '2099-01-01T00:00:00.000Z',
        hasUsedTrial: true,
        adminExpiresAt: null,
        deletedAt: null,
        passwordHash: 'x',
        messageLimit: 5,
        id: '00000000-0000-0000-0000-000000000000',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const r = await row(c.id);
    expect(r).toMatchObject({
      firstName: 'Mallory',
      role: 'customer',
      subscriptionPlan: 'free',
      emailVerifiedAt: null,
      trialEndDate: null,
      subscriptionExpiryDate: null,
      hasUsedTrial: false,
      messageLimit: 20,
      passwordHash: c.passwordHash,
    });
  });

  it('is for customers and admins: a provider is sent to the business profile (403)', async () => {
    const p = await makeProvider(db());
    const res = await send(
      'PUT',
      '/api/profile/customer',
      { firstName: 'A', lastName: 'B' },
      await loginAs(t.app, p),
    );
    expect(res.statusCode).toBe(403);
    const a = await makeAdmin(db());
    const ok = await send(
      'PUT',
      '/api/profile/customer',
      { firstName: 'Ada', lastName: 'B' },
      await loginAs(t.app, a),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('lets an unverified user edit the profile', async () => {
    const c = await makeCustomer(db(), { verified: false });
    const res = await send(
      'PUT',
      '/api/profile/customer',
      { firstName: 'New', lastName: 'Comer' },
      await loginAs(t.app, c),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('PUT /api/profile/provider (business profile)', () => {
  it('saves the business profile; address optional', async () => {
    const p = await makeProvider(db());
    const res = await send(
      'PUT',
      '/api/profile/provider',
      business({ email: p.email }),
      await loginAs(t.app, p),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Pat Fixes Things LLC',
      address: null,
      zipCode: '32202',
    });
    expect((await row(p.id)).phone).toBe('904-555-0100');
  });

  it.each([
    ['companyName', 'Company name is required'],
    ['phone', 'Phone number is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['zipCode', 'Zip code is required'],
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
  ])('requires %s ("%s")', async (field, message) => {
    const p = await makeProvider(db());
    const res = await send(
      'PUT',
      '/api/profile/provider',
      business({ [field]: '  ' }),
      await loginAs(t.app, p),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('holds the description to 10..499 characters after trimming (500 is refused: decision 0011)', async () => {
    const p = await makeProvider(db());
    const cookie = await loginAs(t.app, p);
    const put = (description: string) =>
      send('PUT', '/api/profile/provider', business({ description }), cookie);
    const short = await put(`  ${'d'.repeat(9)}   `);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.description).toBe('Description must be at least 10 characters');
    expect((await put('d'.repeat(10))).statusCode).toBe(200);
    expect((await put('d'.repeat(499))).statusCode).toBe(200);
    expect((await row(p.id)).description).toHaveLength(499);
    const long = await put('d'.repeat(500));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.description).toBe('Description must be less than 500 characters');
    expect((await row(p.id)).description).toHaveLength(499);
  });

  it('refuses another email and ignores plan, trial and role keys', async () => {
    const p = await makeProvider(db(), { plan: 'starter' });
    const cookie = await loginAs(t.app, p);
    const other = await send('PUT', '/api/profile/provider', business({ email: 'x@example.com' }), cookie);
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.email).toBe(EMAIL_LOCKED_MESSAGE);
    const res = await send(
      'PUT',
      '/api/profile/provider',
      business({
        subscriptionPlan: 'enterprise',
        role: 'admin',
        trialEndDate: null,
        hasUsedTrial: false,
        selectedCategory: 'x',
        emailVerified: false,
      }),
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const r = await row(p.id);
    expect(r).toMatchObject({
      role: 'provider',
      subscriptionPlan: 'starter',
      hasUsedTrial: true,
      selectedCategory: 'home-repair',
    });
    expect(r.emailVerifiedAt).not.toBeNull();
  });

  it('is for providers only', async () => {
    const c = await makeCustomer(db());
    expect((await send('PUT', '/api/profile/provider', business(), await loginAs(t.app, c))).statusCode).toBe(
      403,
    );
  });
});

describe('GET and PATCH /api/provider/profile', () => {
  it('reads the business profile, and PATCH changes only the fields it carries (provider settings: names)', async () => {
    const p = await makeProvider(db(), { companyName: 'Keep Co', phone: '555' });
    const cookie = await loginAs(t.app, p);
    const res = await send(
      'PATCH',
      '/api/provider/profile',
      { firstName: 'Patricia', lastName: 'P' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const got = (await get('/api/provider/profile', cookie)).json();
    expect(got).toMatchObject({
      firstName: 'Patricia',
      companyName: 'Keep Co',
      phone: '555',
      email: p.email,
    });
  });

  it('holds each field it carries to its rule', async () => {
    const p = await makeProvider(db());
    const cookie = await loginAs(t.app, p);
    const blankPhone = await send('PATCH', '/api/provider/profile', { phone: '' }, cookie);
    expect(blankPhone.statusCode).toBe(400);
    expect(blankPhone.json().fields.phone).toBe('Phone number is required');
    expect(
      (await send('PATCH', '/api/provider/profile', { description: 'd'.repeat(500) }, cookie)).statusCode,
    ).toBe(400);
    expect(
      (await send('PATCH', '/api/provider/profile', { email: 'new@example.com' }, cookie)).statusCode,
    ).toBe(400);
    expect((await send('PATCH', '/api/provider/profile', { role: 'admin' }, cookie)).statusCode).toBe(200);
    expect((await row(p.id)).role).toBe('provider');
  });

  it('is for providers only', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    expect((await get('/api/provider/profile', cookie)).statusCode).toBe(403);
    expect((await send('PATCH', '/api/provider/profile', { firstName: 'X' }, cookie)).statusCode).toBe(403);
    expect((await get('/api/provider/profile')).statusCode).toBe(401);
  });
});

describe('GET and POST /api/user/settings', () => {
  it('starts at 20 and stores 5, 10, 20 or null (unlimited)', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    expect((await get('/api/user/settings', cookie)).json()).toEqual({
      messageLimit: 20,
      subscriptionPlan: 'free',
    });
    for (const messageLimit of [5, 10, null, 20]) {
      const res = await send('POST', '/api/user/settings', { messageLimit }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().messageLimit).toBe(messageLimit);
      expect((await get('/api/user/settings', cookie)).json().messageLimit).toBe(messageLimit);
    }
  });

  it.each([[0], [4], [6], [15], [21], [100], [-5], ['10'], [10.5], [true], [undefined]])(
    'refuses messageLimit %s with 400 and keeps the stored value',
    async (messageLimit) => {
      const c = await makeCustomer(db(), { messageLimit: 10 });
      const cookie = await loginAs(t.app, c);
      const res = await send('POST', '/api/user/settings', { messageLimit }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: MESSAGE_LIMIT_MESSAGE });
      expect((await row(c.id)).messageLimit).toBe(10);
    },
  );

  it('the database refuses any other limit too', async () => {
    const c = await makeCustomer(db());
    await expect(db().update(users).set({ messageLimit: 7 }).where(eq(users.id, c.id))).rejects.toThrow();
  });

  it('asks to sign in first', async () => {
    expect((await get('/api/user/settings')).statusCode).toBe(401);
    expect((await send('POST', '/api/user/settings', { messageLimit: 5 })).statusCode).toBe(401);
  });
});

describe('POST /api/account/cancel', () => {
  it('closes the account: every session ends at once, the password stops working, personal data is redacted', async () => {
    const c = await makeCustomer(db(), { phone: '555', address: '1 Main', city: 'Jax', zipCode: '32202' });
    const first = await loginAs(t.app, c);
    const second = await loginAs(t.app, c, { persistent: true });
    // A business record that must survive.
    await db().insert(roleRequests).values({ userId: c.id, requestedRole: 'provider', reason: 'keep me' });

    const res = await call(t.app, { method: 'POST', url: '/api/account/cancel' }, first);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/canceled/);
    expect(res.headers['set-cookie']).toBeDefined();

    expect((await me(t.app, first)).statusCode).toBe(401);
    expect((await me(t.app, second)).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, c.id))).toEqual([]);
    expect((await signIn(t.app, c.email, PASSWORD)).res.statusCode).toBe(401);

    const r = await row(c.id);
    expect(r.deletedAt).not.toBeNull();
    expect(r.email).toBe(`deleted-${c.id}@deleted.invalid`);
    expect([r.firstName, r.lastName]).toEqual(['Deleted', 'User']);
    expect([r.phone, r.address, r.city, r.zipCode]).toEqual([null, null, null, null]);
    expect(r.passwordHash).not.toBe(c.passwordHash);
    expect(await db().select().from(roleRequests).where(eq(roleRequests.userId, c.id))).toHaveLength(1);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, c.id));
    expect(audit).toMatchObject({ action: 'Delete User', actorId: c.id, targetType: 'user' });
    expect(JSON.stringify(audit!.details)).not.toContain(c.email);
  });

  it('frees the address: it signs up again as a new, separate account', async () => {
    const c = await makeCustomer(db());
    await call(t.app, { method: 'POST', url: '/api/account/cancel' }, await loginAs(t.app, c));
    const again = await postJson(t.app, '/api/auth/register', customerPayload({ email: c.email }));
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(c.id);
    expect(again.json().email).toBe(c.email);
    expect((await signIn(t.app, c.email, PASSWORD)).res.statusCode).toBe(200);
  });

  it('answers 401 to a caller who is not signed in, or whose account is already closed', async () => {
    expect((await call(t.app, { method: 'POST', url: '/api/account/cancel' })).statusCode).toBe(401);
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const again = await loginAs(t.app, c);
    expect((await call(t.app, { method: 'POST', url: '/api/account/cancel' }, cookie)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'POST', url: '/api/account/cancel' }, again)).statusCode).toBe(401);
  });
});
