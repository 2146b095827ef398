// Changing the password while signed in (docs/security.md, ASVS 6.2.2, 6.2.3, 7.4.3): the current password is
// required and checked under the sign-in limits; the new one follows the sign-up rule; the browser that changes it
// stays signed in (under a new session token) and every other session of the account ends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index';
import { PASSWORD, makeCustomer } from '#server/test/factories';
import { call, me, postJson, sessionCookie, signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Four failures per account and address before a wait (decision 0007): two free, then 2 s, 4 s, ...
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_ACCOUNT: '4' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh-Garden-Hose-91';
const change = (cookie: string | undefined, body: object) =>
  call(t.app, { method: 'POST', url: '/api/auth/change-password', payload: body }, cookie);

describe('POST /api/auth/change-password', () => {
  it('changes the password: the old one stops working, this browser stays signed in, other sessions end', async () => {
    const user = await makeCustomer(t.database.db);
    const here = (await signIn(t.app, user.email)).cookie;
    const elsewhere = (await signIn(t.app, user.email)).cookie;

    const res = await change(here, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your password has been changed. Other devices have been signed out.',
    });
    expect(res.headers['cache-control']).toBe('no-store');

    // This browser stays signed in under a new session token (ASVS 7.2.4); the one it came with stops working.
    const renewed = sessionCookie(res);
    expect(renewed).toBeDefined();
    expect((await me(t.app, renewed)).statusCode).toBe(200);
    expect((await me(t.app, here)).statusCode).toBe(401);
    expect((await me(t.app, elsewhere)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await signIn(t.app, user.email, PASSWORD)).res.statusCode).toBe(401);
    expect((await signIn(t.app, user.email, NEW_PASSWORD)).res.statusCode).toBe(200);
  });

  it('needs the right current password, and changes nothing without it', async () => {
    const user = await makeCustomer(t.database.db);
    const cookie = (await signIn(t.app, user.email)).cookie;
    const missing = await change(cookie, { currentPassword: '', newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.currentPassword).toBe('Please enter your current password');

    const wrong = await change(cookie, { currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { currentPassword: 'Your current password is not correct' },
    });
    expect((await signIn(t.app, user.email, PASSWORD)).res.statusCode).toBe(200);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
  });

  it('counts wrong current passwords with the failed sign-ins: guessing through a stolen session is held back', async () => {
    const user = await makeCustomer(t.database.db);
    const cookie = (await signIn(t.app, user.email)).cookie;
    const guess = () => change(cookie, { currentPassword: 'Not-The-Password-1', newPassword: NEW_PASSWORD });
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(400);
    const held = await guess();
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The right password waits too, until the wait is over.
    expect((await change(cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(
      429,
    );
    t.clock.advance(60_000);
    expect((await change(cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('holds the new password to the sign-up rule: 8 to 128 characters, not common, not the current one', async () => {
    const user = await makeCustomer(t.database.db);
    const cookie = (await signIn(t.app, user.email)).cookie;
    const cases: [string, string][] = [
      ['short1', 'Password must be at least 8 characters'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      ['password123', 'This password is too common. Please choose another one.'],
      [PASSWORD, 'Choose a password different from your current one'],
    ];
    for (const [newPassword, message] of cases) {
      const res = await change(cookie, { currentPassword: PASSWORD, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().fields.newPassword).toBe(message);
    }
    // No composition rule: lower-case words of any kind are fine.
    const plain = await change(cookie, { currentPassword: PASSWORD, newPassword: 'purple elephants dance' });
    expect(plain.statusCode).toBe(200);
  });

  it('asks to sign in first', async () => {
    const res = await postJson(t.app, '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });
});
