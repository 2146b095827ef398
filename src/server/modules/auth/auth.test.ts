// Sign-up, sign-in, sign-out and sessions, through the real app on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trialEndFrom } from '#domain/plans';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { serviceAreas, sessions, users } from '#server/db/schema/index';
import { hashToken } from '#server/lib/tokens';
import { PASSWORD, REGION_ID, UNKNOWN_REGION_ID, makeUser, uniqueEmail } from '#server/test/factories';
import { call, me, postJson, sessionCookie, setCookieHeader, signIn } from '#server/test/login';
import { customerPayload, providerPayload } from '#server/test/payloads';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  // High limits: this file is about accounts, auth.rate-limit.test.ts is about the limits.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_ACCOUNT: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/auth/register', () => {
  /** The provider's service area as they see it once signed in with the new account. */
  const serviceAreaOf = async (email: string) => {
    const { cookie } = await signIn(t.app, email);
    return call(t.app, { method: 'GET', url: '/api/provider/service-area' }, cookie);
  };

  it('creates a customer on the free plan, signs them in and answers the public user', async () => {
    const payload = customerPayload({ email: '  New.Customer@Example.COM ' });
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'new.customer@example.com',
      role: 'customer',
      firstName: 'Casey',
      lastName: 'Customer',
      emailVerified: false,
      subscriptionPlan: 'free',
      adminExpiresAt: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(user)).not.toContain(PASSWORD);

    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    const meRes = await me(t.app, cookie);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toMatchObject({ id: user.id, email: 'new.customer@example.com' });
  });

  it('starts a provider on the chosen plan as a 7-day trial with the chosen category, task and region', async () => {
    const payload = providerPayload({ subscriptionPlan: 'deluxe', selectedTasks: ['painting', 'flooring'] });
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'provider', subscriptionPlan: 'deluxe' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(row).toMatchObject({
      hasUsedTrial: true,
      selectedCategory: 'home-repair',
      selectedTasks: ['painting', 'flooring'],
      regionId: REGION_ID,
    });
    expect(row?.trialEndDate?.toISOString()).toBe(trialEndFrom(t.clock.now).toISOString());
    expect((row?.trialEndDate?.getTime() ?? 0) - t.clock.now.getTime()).toBeGreaterThanOrEqual(
      7 * DAY - 3_600_000,
    );
  });

  it('answers the required message per field', async () => {
    const res = await postJson(t.app, '/api/auth/register', {
      firstName: '',
      lastName: ' ',
      email: 'not-an-email',
      password: '123',
      confirmPassword: '1234567',
      role: 'customer',
      termsAccepted: false,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      termsAccepted: 'You must accept the terms and conditions',
    });
    expect(body.requestId).toEqual(expect.any(String));

    const mismatch = await postJson(
      t.app,
      '/api/auth/register',
      customerPayload({ confirmPassword: 'Other123' }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('asks 8 to 128 characters and refuses a common password (stricter than the original 6: decision 0006)', async () => {
    const cases: [string, string][] = [
      ['123456', 'Password must be at least 8 characters'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      ['password123', 'This password is too common. Please choose another one.'],
      ['Iloveyou1', 'This password is too common. Please choose another one.'],
    ];
    for (const [password, message] of cases) {
      const payload = customerPayload({ password, confirmPassword: password });
      const res = await postJson(t.app, '/api/auth/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.password).toBe(message);
      expect(await t.database.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
    }
  });

  it('refuses names with line breaks, control characters or web addresses (they are printed in mail)', async () => {
    const res = await postJson(
      t.app,
      '/api/auth/register',
      customerPayload({ firstName: 'Eve\nYour account is locked, see', lastName: 'evil.example/unlock' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'Names cannot contain line breaks or control characters',
      lastName: 'Names cannot contain web addresses',
    });
  });

  it('requires plan, category, tasks and region from a provider', async () => {
    const res = await postJson(t.app, '/api/auth/register', providerPayload({ selectedTasks: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.selectedTasks).toBe(
      'Service providers must select a subscription plan, category, tasks, and a service region',
    );
    const noRegion = providerPayload();
    delete noRegion.selectedRegion;
    expect((await postJson(t.app, '/api/auth/register', noRegion)).statusCode).toBe(400);
  });

  it('allows exactly one task on the starter plan', async () => {
    const res = await postJson(
      t.app,
      '/api/auth/register',
      providerPayload({ subscriptionPlan: 'starter', selectedTasks: ['painting', 'flooring'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.selectedTasks).toBe('The Starter plan includes exactly 1 task');
  });

  it('rejects a region that does not exist', async () => {
    const payload = providerPayload({ selectedRegion: UNKNOWN_REGION_ID });
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { selectedRegion: expect.any(String) } });
    expect(await t.database.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
  });

  it("keeps a provider's service area chosen at sign-up: the ZIP code and radius in force at once", async () => {
    const payload = providerPayload({ serviceZip: ' 07601 ', serviceRadiusMiles: 50 });
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode, res.body).toBe(201);
    const area = await serviceAreaOf(payload.email);
    expect(area.statusCode, area.body).toBe(200);
    expect(area.json()).toEqual({
      zip: '07601',
      radiusMiles: 50,
      city: 'Hackensack',
      state: 'NJ',
      isDefault: false,
    });
  });

  it('takes 25 miles when a provider gives a ZIP code alone, and no area for an empty ZIP code', async () => {
    const withZip = providerPayload({ serviceZip: '10001' });
    expect((await postJson(t.app, '/api/auth/register', withZip)).statusCode).toBe(201);
    const area = await serviceAreaOf(withZip.email);
    expect(area.json()).toMatchObject({ zip: '10001', radiusMiles: 25, isDefault: false });

    const empty = providerPayload({ serviceZip: '', serviceRadiusMiles: 100 });
    expect((await postJson(t.app, '/api/auth/register', empty)).statusCode).toBe(201);
    const none = await serviceAreaOf(empty.email);
    expect(none.json()).toMatchObject({ zip: null, radiusMiles: 25, isDefault: true });
  });

  it('refuses a service ZIP code the data does not know, a malformed one and a bad radius, creating nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ serviceZip: '00000' }, { serviceZip: 'Enter a valid US ZIP code' }],
      [{ serviceZip: '1234' }, { serviceZip: 'Enter a valid US ZIP code' }],
      [{ serviceZip: 'abcde', serviceRadiusMiles: 25 }, { serviceZip: 'Enter a valid US ZIP code' }],
      [
        { serviceZip: '07601', serviceRadiusMiles: 30 },
        { serviceRadiusMiles: 'Choose a radius of 5, 10, 25, 50 or 100 miles' },
      ],
      [
        { serviceZip: '07601', serviceRadiusMiles: '50' },
        { serviceRadiusMiles: 'Choose a radius of 5, 10, 25, 50 or 100 miles' },
      ],
    ];
    for (const [fields, expected] of cases) {
      const payload = { ...providerPayload(), ...fields };
      const res = await postJson(t.app, '/api/auth/register', payload);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
      expect(res.json().fields).toEqual(expected);
      expect(await t.database.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
    }
  });

  it("ignores a customer's service area fields", async () => {
    const payload = customerPayload({ serviceZip: '07601', serviceRadiusMiles: 50 });
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(
      await t.database.db.select().from(serviceAreas).where(eq(serviceAreas.providerId, row!.id)),
    ).toHaveLength(0);
    // An unknown or malformed one is not even looked at.
    for (const serviceZip of ['00000', 'abc']) {
      const other = customerPayload({ serviceZip });
      expect((await postJson(t.app, '/api/auth/register', other)).statusCode).toBe(201);
    }
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const payload = customerPayload();
    expect((await postJson(t.app, '/api/auth/register', payload)).statusCode).toBe(201);
    const again = await postJson(
      t.app,
      '/api/auth/register',
      customerPayload({ email: payload.email.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'An account with this email already exists',
      code: 'CONFLICT',
    });
  });

  it('never lets anyone sign up as an admin', async () => {
    const res = await postJson(t.app, '/api/auth/register', { ...customerPayload(), role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('role');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password (any email case) and answers the user; unverified users may sign in', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { res, cookie } = await signIn(t.app, u.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, email: u.email, role: 'customer', emailVerified: false });
    expect((await me(t.app, cookie)).json()).toMatchObject({ id: u.id });
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const wrong = await postJson(t.app, '/api/auth/login', { email: u.email, password: 'Wrong123' });
    const unknown = await postJson(t.app, '/api/auth/login', { email: uniqueEmail(), password: 'Wrong123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Invalid email or password', code: 'UNAUTHENTICATED' });
      expect(sessionCookie(res)).toBeUndefined();
    }
    const { requestId: _a, ...a } = wrong.json();
    const { requestId: _b, ...b } = unknown.json();
    expect(a).toEqual(b);
  });

  it('does not let a soft-deleted user sign in', async () => {
    const u = await makeUser(t.database.db, { verified: false, deletedAt: new Date() });
    const { res } = await signIn(t.app, u.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid email or password');
  });

  it('sets an HttpOnly, SameSite=Lax browser-session cookie with a long random token; the database keeps only its hash', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { res } = await signIn(t.app, u.email);
    const header = setCookieHeader(res);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Expires=/i);
    expect(header).not.toMatch(/Max-Age=/i);
    const token = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.tokenHash).not.toBe(token);
  });

  it('with remember-me sets a cookie that expires in about 30 days and outlives the idle timeout', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { res, cookie } = await signIn(t.app, u.email, PASSWORD, true);
    const expires = res.cookies.find((c) => c.name === 'sid')?.expires;
    expect(expires).toBeInstanceOf(Date);
    const days = ((expires as Date).getTime() - t.clock.now.getTime()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    t.clock.advance(3 * 60 * 60_000); // longer than the 2-hour idle timeout
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(30 * DAY);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('issues a new token at every login and ends the session the browser came with', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const first = await signIn(t.app, u.email);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: PASSWORD },
      headers: { cookie: first.cookie ?? '' },
    });
    const secondCookie = sessionCookie(second);
    expect(secondCookie).toBeDefined();
    expect(secondCookie).not.toBe(first.cookie);
    expect((await me(t.app, first.cookie)).statusCode).toBe(401);
    expect((await me(t.app, secondCookie)).statusCode).toBe(200);
  });

  it('ends a browser-session login after 2 idle hours, but activity keeps it alive', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { cookie } = await signIn(t.app, u.email);
    t.clock.advance(100 * 60_000);
    expect((await me(t.app, cookie)).statusCode).toBe(200); // activity slides the idle window
    t.clock.advance(100 * 60_000);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(121 * 60_000);
    const expired = await me(t.app, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('absolute session lifetime (SESSION_ABSOLUTE_HOURS)', () => {
  it('ends a browser-session login 12 hours after it began, however active; remember-me keeps its 30 days', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { cookie } = await signIn(t.app, u.email);
    const remembered = await signIn(t.app, u.email, PASSWORD, true);
    for (let minutes = 100; minutes < 12 * 60; minutes += 100) {
      t.clock.advance(100 * 60_000); // active well within the idle timeout
      expect((await me(t.app, cookie)).statusCode).toBe(200);
    }
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie?.slice('sid='.length) ?? '')));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeLessThanOrEqual(
      12 * 3_600_000,
    );

    t.clock.advance(60 * 60_000); // 12 h 40 min after sign-in, 60 minutes after the last request
    const ended = await me(t.app, cookie);
    expect(ended.statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, row?.tokenHash ?? '')),
    ).toEqual([]);
    expect((await me(t.app, remembered.cookie)).statusCode).toBe(200);
  });

  it('is configurable', async () => {
    const short = await createTestApp({ SESSION_ABSOLUTE_HOURS: '2', RATE_LIMIT_AUTH_PER_IP: '1000' });
    try {
      const u = await makeUser(short.database.db, { verified: false });
      const { cookie } = await signIn(short.app, u.email);
      short.clock.advance(60 * 60_000);
      expect((await me(short.app, cookie)).statusCode).toBe(200);
      short.clock.advance(59 * 60_000);
      expect((await me(short.app, cookie)).statusCode).toBe(200);
      short.clock.advance(60_000);
      expect((await me(short.app, cookie)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('the session cookie in production', () => {
  it('is __Host-sid: Secure, Path=/, no Domain; a plain sid cookie is not read', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://homefix.example' });
    try {
      const u = await makeUser(prod.database.db, { verified: false });
      const { res, cookie } = await signIn(prod.app, u.email);
      expect(res.statusCode).toBe(200);
      const header = setCookieHeader(res);
      expect(header).toMatch(/^__Host-sid=/);
      expect(header).toMatch(/; Secure/i);
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).not.toMatch(/Domain=/i);
      expect(res.cookies.map((c) => c.name)).not.toContain('sid');
      expect((await me(prod.app, cookie)).statusCode).toBe(200);
      const token = cookie?.slice('__Host-sid='.length) ?? '';
      expect((await me(prod.app, `sid=${token}`)).statusCode).toBe(401);
      const out = await postJson(prod.app, '/api/auth/logout', {}, cookie);
      expect(setCookieHeader(out)).toMatch(/^__Host-sid=;.*Secure/i);
    } finally {
      await prod.close();
    }
  });

  it('stays sid outside production (no https there)', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { res } = await signIn(t.app, u.email);
    expect(setCookieHeader(res)).toMatch(/^sid=/);
    expect(setCookieHeader(res)).not.toMatch(/Secure/i);
  });
});

describe('session endpoints and logout', () => {
  it('GET /api/auth/session tells whether someone is signed in', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ isAuthenticated: false, user: null });

    const u = await makeUser(t.database.db, { verified: false });
    const { cookie } = await signIn(t.app, u.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookie ?? '' },
    });
    expect(res.json()).toMatchObject({ isAuthenticated: true, user: { id: u.id, role: 'customer' } });
  });

  it('GET /auth/me answers 401 without a session', async () => {
    const res = await me(t.app);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: expect.any(String) });
  });

  it('logout deletes the session, clears the cookie and the old cookie no longer works', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { cookie } = await signIn(t.app, u.email);
    const res = await postJson(t.app, '/api/auth/logout', {}, cookie);
    expect(res.statusCode).toBe(204);
    expect(setCookieHeader(res)).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(sessionCookie(res)).toBeUndefined();
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: PASSWORD },
      headers: { origin: 'http://localhost:5000' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('admin privileges', () => {
  it('an admin reaches an admin-only endpoint until the privileges expire, then acts as a customer', async () => {
    const admin = await makeUser(t.database.db, {
      verified: false,
      role: 'admin',
      adminExpiresAt: new Date(t.clock.now.getTime() + 60 * 60_000),
    });
    const { res, cookie } = await signIn(t.app, admin.email, PASSWORD, true);
    expect(res.json().role).toBe('admin');
    const count = () =>
      t.app.inject({ method: 'GET', url: '/api/visits/count', headers: { cookie: cookie ?? '' } });
    expect((await count()).statusCode).toBe(200);

    t.clock.advance(61 * 60_000);
    const denied = await count();
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await me(t.app, cookie)).json().role).toBe('customer');
  });

  it('a customer gets 403 and an anonymous caller 401 on an admin route', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const { cookie } = await signIn(t.app, u.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/visits/count', headers: { cookie: cookie ?? '' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/visits/count' })).statusCode).toBe(401);
  });
});
