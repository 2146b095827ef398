// Two-step verification (decision 0024; docs/security.md 6.3.3, 6.4.4, 6.5.x, 7.4.3): set-up on /settings with a
// code and the password, the second step of sign-in with a code from the app (±1 step, each step once) or a
// recovery code (used once), the challenge's life (5 minutes, single use, 5 wrong codes), wrong codes under the
// sign-in limits, turning it off and new recovery codes, the password reset that keeps it, and an admin's reset.
// Codes are computed with otpauth at the app's clock, as the user's app would show them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authTokens,
  sessions,
  twoStepRecoveryCodes,
  twoStepSettings,
} from '#server/db/schema/index';
import { hashToken, newToken } from '#server/lib/tokens';
import { PASSWORD, makeAdmin, makeCustomer, type TestUser } from '#server/test/factories';
import { call, loginAs, me, postJson, sessionCookie, setCookieHeader, signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { codeAt, turnOnTwoStep } from '#server/test/two-step';

const STEP_MS = 30_000;
const WRONG_CODE_MESSAGE =
  'That code is not right. Check that the time on your phone is correct, or wait for the next code.';

let t: TestApp;
beforeAll(async () => {
  // The per-IP route limits out of the way: these tests are about the per-account counts and the codes.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const now = () => t.clock.now;
const post = (url: string, payload: object, cookie?: string) =>
  call(t.app, { method: 'POST', url, payload }, cookie);
const status = async (cookie: string) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/two-step' }, cookie)).json();
const sessionCount = async (userId: string) =>
  (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

/** Step one of sign-in for an account with two-step on: the challenge from the 202. */
async function passwordStep(user: TestUser, rememberMe?: boolean): Promise<string> {
  const { res, cookie } = await signIn(t.app, user.email, PASSWORD, rememberMe);
  expect(res.statusCode).toBe(202);
  expect(cookie).toBeUndefined();
  return res.json().challenge as string;
}
const secondStep = (payload: object) => postJson(t.app, '/api/auth/login/two-step', payload);

/** A customer with two-step on (straight in the database), its secret and known recovery codes. */
async function userWithTwoStep(recoveryCodes: string[] = []) {
  const user = await makeCustomer(db());
  const { secret } = await turnOnTwoStep(db(), user.id, now(), { recoveryCodes });
  return { user, secret };
}

describe('setting up two-step verification on /settings', () => {
  it('gives a fresh secret and QR code, turns on only with a current code and the password, and shows 10 recovery codes once', async () => {
    const user = await makeCustomer(db());
    const here = (await signIn(t.app, user.email)).cookie!;
    const elsewhere = (await signIn(t.app, user.email)).cookie!;
    expect(await status(here)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await post('/api/auth/two-step/setup', {}, here);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('HomeFix');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // A pending set-up is not two-step: sign-in still needs only the password.
    expect(await status(here)).toMatchObject({ enabled: false });

    const code = codeAt(secret, now());
    const wrongCode = await post(
      '/api/auth/two-step/enable',
      { code: code === '000000' ? '111111' : '000000', password: PASSWORD },
      here,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields).toEqual({ code: WRONG_CODE_MESSAGE });

    const wrongPassword = await post(
      '/api/auth/two-step/enable',
      { code, password: 'Not-The-Password-1' },
      here,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: 'Your password is not correct' });
    expect(await status(here)).toMatchObject({ enabled: false });

    const on = await post('/api/auth/two-step/enable', { code, password: PASSWORD }, here);
    expect(on.statusCode).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    const { recoveryCodes, message } = on.json();
    expect(message).toBe('Two-step verification is on. Other devices have been signed out.');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);

    // Only hashes are stored; the secret is never sent again.
    const stored = await db()
      .select()
      .from(twoStepRecoveryCodes)
      .where(eq(twoStepRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^\$argon2id\$/);
      expect(recoveryCodes.map((c: string) => c.replace('-', ''))).not.toContain(row.codeHash);
    }
    // The password and a code again: this browser's session goes on under a new token (ASVS 7.2.4).
    const renewed = sessionCookie(on)!;
    expect((await me(t.app, here)).statusCode).toBe(401);
    const after = await call(t.app, { method: 'GET', url: '/api/auth/two-step' }, renewed);
    expect(after.json()).toEqual({
      enabled: true,
      enabledAt: now().toISOString(),
      recoveryCodesLeft: 10,
    });
    expect(after.body).not.toContain(secret);

    // This browser stays signed in, every other session of the account ends (ASVS 7.4.3).
    expect((await me(t.app, renewed)).statusCode).toBe(200);
    expect((await me(t.app, elsewhere)).statusCode).toBe(401);

    // A second set-up while it is on is refused; the secret in force is untouched.
    const again = await post('/api/auth/two-step/setup', {}, renewed);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', error: 'Two-step verification is already on' });
    const [row] = await db().select().from(twoStepSettings).where(eq(twoStepSettings.userId, user.id));
    expect(row?.secret).toBe(secret);
  });

  it('a set-up that is not confirmed within 15 minutes has to start again', async () => {
    const user = await makeCustomer(db());
    const cookie = await loginAs(t.app, user);
    const { secret } = (await post('/api/auth/two-step/setup', {}, cookie)).json();
    t.clock.advance(15 * 60_000 + 1000);
    const late = await post(
      '/api/auth/two-step/enable',
      { code: codeAt(secret, now()), password: PASSWORD },
      cookie,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Your set-up has expired. Please start again.');
    expect(await status(cookie)).toMatchObject({ enabled: false });
  });

  it('refuses a malformed code or an empty password with the field that is wrong', async () => {
    const user = await makeCustomer(db());
    const cookie = await loginAs(t.app, user);
    await post('/api/auth/two-step/setup', {}, cookie);
    const bad = await post('/api/auth/two-step/enable', { code: '12ab56', password: '' }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { code: 'The code is 6 digits', password: 'Please enter your current password' },
    });
  });
});

describe('signing in with two-step on', () => {
  it('a right password creates no session: a 202 with a challenge; the code then signs in as usual', async () => {
    const { user, secret } = await userWithTwoStep();
    const before = await sessionCount(user.id);
    const first = await signIn(t.app, user.email);
    expect(first.res.statusCode).toBe(202);
    expect(first.res.headers['set-cookie']).toBeUndefined();
    expect(first.res.json()).toEqual({
      twoStepRequired: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(now().getTime() + 5 * 60_000).toISOString(),
    });
    expect(first.res.body).not.toContain(secret);
    expect(await sessionCount(user.id)).toBe(before);

    const done = await secondStep({ challenge: first.res.json().challenge, code: codeAt(secret, now()) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, email: user.email });
    const cookie = sessionCookie(done);
    expect((await me(t.app, cookie)).json()).toMatchObject({ id: user.id });
    expect(await sessionCount(user.id)).toBe(before + 1);
    // Not "remember me": a browser-session cookie.
    expect(setCookieHeader(done)).not.toMatch(/Max-Age|Expires/i);
  });

  it('keeps "remember me" from the first step', async () => {
    const { user, secret } = await userWithTwoStep();
    const challenge = await passwordStep(user, true);
    const done = await secondStep({ challenge, code: codeAt(secret, now()) });
    expect(done.statusCode).toBe(200);
    expect(setCookieHeader(done)).toMatch(/Expires=/i);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.persistent).toBe(true);
  });

  it('accepts a code one step early or late (clock drift), and never the same step twice nor an older one', async () => {
    const { user, secret } = await userWithTwoStep();
    // One step behind: accepted.
    let challenge = await passwordStep(user);
    expect(
      (await secondStep({ challenge, code: codeAt(secret, new Date(now().getTime() - STEP_MS)) })).statusCode,
    ).toBe(200);
    // The same code again, in a new sign-in: refused (a code is accepted once).
    challenge = await passwordStep(user);
    const reused = await secondStep({ challenge, code: codeAt(secret, new Date(now().getTime() - STEP_MS)) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'UNAUTHENTICATED', fields: { code: WRONG_CODE_MESSAGE } });
    // One step ahead: accepted on the same challenge.
    expect(
      (await secondStep({ challenge, code: codeAt(secret, new Date(now().getTime() + STEP_MS)) })).statusCode,
    ).toBe(200);
    // Now the current step's code is older than the one used: refused.
    challenge = await passwordStep(user);
    expect((await secondStep({ challenge, code: codeAt(secret, now()) })).statusCode).toBe(401);
    // Two steps off either way: refused.
    t.clock.advance(3 * STEP_MS);
    for (const offset of [-2 * STEP_MS, 2 * STEP_MS]) {
      const code = codeAt(secret, new Date(now().getTime() + offset));
      if (code === codeAt(secret, now())) continue; // one in a million: the same digits
      expect((await secondStep({ challenge, code })).statusCode).toBe(401);
    }
    // The current code still works on this challenge (two wrong codes so far, under 5).
    expect((await secondStep({ challenge, code: codeAt(secret, now()) })).statusCode).toBe(200);
    t.clock.advance(15 * 60_000); // the next tests start with this address's count gone
  });

  it('the challenge lives 5 minutes and is used once', async () => {
    const { user, secret } = await userWithTwoStep();
    const late = await passwordStep(user);
    t.clock.advance(5 * 60_000);
    const expired = await secondStep({ challenge: late, code: codeAt(secret, now()) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      fields: { challenge: 'Your sign-in has expired. Please sign in again.' },
    });

    const challenge = await passwordStep(user);
    expect((await secondStep({ challenge, code: codeAt(secret, now()) })).statusCode).toBe(200);
    t.clock.advance(STEP_MS);
    const replay = await secondStep({ challenge, code: codeAt(secret, now()) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().fields).toEqual({ challenge: 'Your sign-in has expired. Please sign in again.' });
    // A made-up challenge is the same answer.
    expect((await secondStep({ challenge: newToken(), code: codeAt(secret, now()) })).statusCode).toBe(401);
  });

  it('the challenge dies after 5 wrong codes, even if the sixth is right', async () => {
    const { user, secret } = await userWithTwoStep();
    const challenge = await passwordStep(user);
    const right = codeAt(secret, now());
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i++) {
      const res = await secondStep({ challenge, code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().fields).toEqual({ code: WRONG_CODE_MESSAGE });
    }
    const fifth = await secondStep({ challenge, code: wrong });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().fields).toEqual({ challenge: 'Too many wrong codes. Please sign in again.' });
    const sixth = await secondStep({ challenge, code: right });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().fields).toEqual({ challenge: 'Your sign-in has expired. Please sign in again.' });
    expect(await sessionCount(user.id)).toBe(0);
    t.clock.advance(15 * 60_000);
  });

  it('a recovery code signs in once and is used up', async () => {
    const { user } = await userWithTwoStep(['abcde23456', 'fghjk78923']);
    let challenge = await passwordStep(user);
    // Typed in capitals with a space: the same code.
    const done = await secondStep({ challenge, recoveryCode: 'ABCDE 23456' });
    expect(done.statusCode).toBe(200);
    const cookie = sessionCookie(done)!;
    expect(await status(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 1 });

    challenge = await passwordStep(user);
    const again = await secondStep({ challenge, recoveryCode: 'abcde-23456' });
    expect(again.statusCode).toBe(401);
    expect(again.json().fields).toEqual({
      recoveryCode: 'That recovery code is not right, or it has already been used',
    });
    expect((await secondStep({ challenge, recoveryCode: 'fghjk-78923' })).statusCode).toBe(200);
  });

  it('asks for exactly one of a code and a recovery code', async () => {
    const { user, secret } = await userWithTwoStep(['abcde23456']);
    const challenge = await passwordStep(user);
    const both = await secondStep({ challenge, code: codeAt(secret, now()), recoveryCode: 'abcde23456' });
    expect(both.statusCode).toBe(400);
    const neither = await secondStep({ challenge });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toEqual({
      code: 'Enter either a code from your authenticator app or a recovery code',
    });
  });

  it('a password reset by email keeps two-step on: the new password still needs the code', async () => {
    const { user, secret } = await userWithTwoStep();
    const token = newToken();
    await db()
      .insert(authTokens)
      .values({
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        createdAt: now(),
        expiresAt: new Date(now().getTime() + 60 * 60_000),
      });
    const reset = await postJson(t.app, '/api/auth/reset-password', { token, password: 'BrandNew42' });
    expect(reset.statusCode).toBe(200);
    const { res } = await signIn(t.app, user.email, 'BrandNew42');
    expect(res.statusCode).toBe(202);
    expect(sessionCookie(res)).toBeUndefined();
    expect(
      (await secondStep({ challenge: res.json().challenge, code: codeAt(secret, now()) })).statusCode,
    ).toBe(200);
  });
});

describe('wrong codes count with wrong passwords (decision 0007)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Four failures per account and address: two free, then 2 s, 4 s, ... (decision 0007).
    limited = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_ACCOUNT: '4' });
  });
  afterAll(() => limited.close());

  it('guessing codes makes the address wait like guessing passwords, and a right password does not clear it', async () => {
    const user = await makeCustomer(limited.database.db);
    const { secret } = await turnOnTwoStep(limited.database.db, user.id, limited.clock.now);
    const login = () => postJson(limited.app, '/api/auth/login', { email: user.email, password: PASSWORD });
    const step = (challenge: string, code: string) =>
      postJson(limited.app, '/api/auth/login/two-step', { challenge, code });
    const right = () => codeAt(secret, limited.clock.now);
    const wrong = () => (right() === '111111' ? '222222' : '111111');

    const challenge = (await login()).json().challenge;
    expect((await step(challenge, wrong())).statusCode).toBe(401);
    expect((await step(challenge, wrong())).statusCode).toBe(401);
    const held = await step(challenge, right());
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // Signing in again with the right password is held too: the count is the account's, not the challenge's.
    expect((await login()).statusCode).toBe(429);

    limited.clock.advance(2000);
    const again = (await login()).json().challenge;
    // The right password is not a success yet: the wait after it is the one of two failures again.
    limited.clock.advance(2000);
    expect((await step(again, wrong())).statusCode).toBe(401);
    limited.clock.advance(4000);
    expect((await step(again, wrong())).statusCode).toBe(401);
    // Four failures: this address waits out the window, whatever it sends.
    limited.clock.advance(8000);
    expect((await step(again, right())).statusCode).toBe(429);
    expect((await login()).statusCode).toBe(429);

    // After the window, the right code signs in.
    limited.clock.advance(15 * 60_000);
    const last = (await login()).json().challenge;
    expect((await step(last, right())).statusCode).toBe(200);
  });
});

describe('turning two-step off and new recovery codes', () => {
  it('turning it off needs the password and a current code; other sessions end; sign-in is the password again', async () => {
    const { user, secret } = await userWithTwoStep();
    const here = await loginAs(t.app, user);
    const elsewhere = await loginAs(t.app, user);
    const wrongCode = await post(
      '/api/auth/two-step/disable',
      { password: PASSWORD, code: codeAt(secret, new Date(now().getTime() + 10 * STEP_MS)) },
      here,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields).toEqual({ code: WRONG_CODE_MESSAGE });
    const noPassword = await post(
      '/api/auth/two-step/disable',
      { password: 'Not-The-Password-1', code: codeAt(secret, now()) },
      here,
    );
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toEqual({ password: 'Your password is not correct' });
    expect(await status(here)).toMatchObject({ enabled: true });

    const off = await post(
      '/api/auth/two-step/disable',
      { password: PASSWORD, code: codeAt(secret, now()) },
      here,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      message: 'Two-step verification is off. Other devices have been signed out.',
    });
    const renewed = sessionCookie(off)!; // a new token for this browser's session (ASVS 7.2.4)
    expect((await me(t.app, here)).statusCode).toBe(401);
    expect(await status(renewed)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await me(t.app, elsewhere)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email)).res.statusCode).toBe(200);
    // Off already: 409.
    expect(
      (await post('/api/auth/two-step/disable', { password: PASSWORD, code: codeAt(secret, now()) }, renewed))
        .statusCode,
    ).toBe(409);
  });

  it('a recovery code can stand in for the code when turning it off', async () => {
    const { user } = await userWithTwoStep(['mnpqr45678']);
    const cookie = await loginAs(t.app, user);
    const off = await post(
      '/api/auth/two-step/disable',
      { password: PASSWORD, recoveryCode: 'mnpqr-45678' },
      cookie,
    );
    expect(off.statusCode).toBe(200);
    expect(
      await db().select().from(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, user.id)),
    ).toEqual([]);
  });

  it('new recovery codes need the password and a code, and the old ones stop working', async () => {
    const { user, secret } = await userWithTwoStep(['stuvw23456']);
    const cookie = await loginAs(t.app, user);
    const res = await post(
      '/api/auth/two-step/recovery-codes',
      { password: PASSWORD, code: codeAt(secret, now()) },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const { recoveryCodes, message } = res.json();
    expect(message).toBe('New recovery codes are ready. Your old codes no longer work.');
    expect(recoveryCodes).toHaveLength(10);
    expect(await status(sessionCookie(res)!)).toMatchObject({ recoveryCodesLeft: 10 });
    t.clock.advance(STEP_MS);
    const challenge = await passwordStep(user);
    expect((await secondStep({ challenge, recoveryCode: 'stuvw23456' })).statusCode).toBe(401);
    expect((await secondStep({ challenge, recoveryCode: recoveryCodes[3] })).statusCode).toBe(200);
  });
});

describe('an admin switches two-step off for a user who lost their device', () => {
  const reset = (cookie: string, id: string) => post(`/api/admin/users/${id}/two-step/reset`, {}, cookie);

  it('turns it off, ends every session of the user, and is in the audit log under its own action', async () => {
    const admin = await makeAdmin(db());
    const adminCookie = await loginAs(t.app, admin);
    const { user } = await userWithTwoStep(['xyzab23456']);
    const phone = await loginAs(t.app, user);
    const laptop = await loginAs(t.app, user);

    const detail = () =>
      call(t.app, { method: 'GET', url: `/api/admin/users/${user.id}` }, adminCookie).then((r) => r.json());
    expect(await detail()).toMatchObject({ id: user.id, twoStepEnabled: true });
    const res = await reset(adminCookie, user.id);
    expect(res.statusCode).toBe(200);
    expect(await detail()).toMatchObject({ id: user.id, twoStepEnabled: false });
    expect(res.json()).toEqual({
      message: 'Two-step verification is off for this user, and they have been signed out on every device.',
    });
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect(await db().select().from(twoStepSettings).where(eq(twoStepSettings.userId, user.id))).toEqual([]);
    expect((await signIn(t.app, user.email)).res.statusCode).toBe(200);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'Reset Two-Step Verification')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: 'user' });
    const filtered = await call(
      t.app,
      { method: 'GET', url: '/api/admin/logs', query: { actionType: 'Reset Two-Step Verification' } },
      adminCookie,
    );
    expect(filtered.statusCode).toBe(200);
    expect(JSON.stringify(filtered.json())).toContain(user.id);

    // Off already: 409, and nothing more is written.
    expect((await reset(adminCookie, user.id)).statusCode).toBe(409);
  });

  it('is for admins only, and 404 for an unknown account', async () => {
    const admin = await makeAdmin(db());
    const { user } = await userWithTwoStep();
    expect(
      (await reset(await loginAs(t.app, admin), '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const customer = await makeCustomer(db());
    expect((await reset(await loginAs(t.app, customer), user.id)).statusCode).toBe(403);
    expect(await status(await loginAs(t.app, user))).toMatchObject({ enabled: true });
  });
});

describe('an account that is closed keeps no two-step credentials', () => {
  const stored = async (userId: string) => ({
    settings: await db().select().from(twoStepSettings).where(eq(twoStepSettings.userId, userId)),
    codes: await db().select().from(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId)),
  });

  it("closing one's own account or an admin's soft deletion removes the secret and the recovery codes", async () => {
    const { user: closing } = await userWithTwoStep(['abcde23456']);
    const closed = await post('/api/account/cancel', {}, await loginAs(t.app, closing));
    expect(closed.statusCode).toBeLessThan(300);
    expect(await stored(closing.id)).toEqual({ settings: [], codes: [] });

    const admin = await makeAdmin(db());
    const { user: deleted } = await userWithTwoStep(['abcde23456']);
    const res = await call(
      t.app,
      { method: 'DELETE', url: `/api/admin/users/${deleted.id}`, query: { mode: 'soft' } },
      await loginAs(t.app, admin),
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(deleted.id)).toEqual({ settings: [], codes: [] });
  });
});
