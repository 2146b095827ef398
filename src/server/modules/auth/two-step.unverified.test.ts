// Two-step verification belongs to whoever proved the address (decision 0006): an account whose address is not
// proven cannot set it up or turn it on, and when the address is first proven (the verification link, or a reset
// link, which proves it too) any two-step made before is cleared, so someone who signed up with another person's
// address cannot keep the owner out with a second factor of their own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED_CODE, TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE } from '#domain/two-step';
import { authTokens, sessions } from '#server/db/schema/index';
import { hashToken, newToken } from '#server/lib/tokens';
import { PASSWORD, makeCustomer, makeUser } from '#server/test/factories';
import { call, loginAs, postJson, signIn } from '#server/test/login';
import { linkIn, startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { codeAt, startPending, turnOnTwoStep } from '#server/test/two-step';

const APP_URL = 'http://localhost:5000';
const NEW_PASSWORD = 'Owner-chose-42';
const RECOVERY = 'abcde23456';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL, RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.database.db;
const post = (url: string, payload: object, cookie?: string) =>
  call(t.app, { method: 'POST', url, payload }, cookie);
const twoStepStatus = async (cookie: string) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/two-step' }, cookie)).json();
const sessionsOf = async (userId: string) =>
  (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/**
 * Someone signed up with the owner's address and, before it was proven, turned two-step on with their own app and
 * recovery codes: what a build without the check allowed. Signed in, with a session.
 */
async function hijackedAccount() {
  const account = await makeUser(db(), { verified: false });
  await turnOnTwoStep(db(), account.id, t.clock.now, { recoveryCodes: [RECOVERY] });
  const intruder = await loginAs(t.app, account);
  return { account, intruder };
}

/** The owner asks for a reset link, opens it from the mail and chooses a password. */
async function ownerResets(email: string) {
  const asked = await postJson(t.app, '/api/auth/request-password-reset', { email });
  expect(asked.statusCode).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your password');
  const token = tokenOf(linkIn(mail, `${APP_URL}/reset-password?token=`));
  const reset = await postJson(t.app, '/api/auth/reset-password', { token, password: NEW_PASSWORD });
  expect(reset.statusCode).toBe(200);
}

describe('two-step verification needs a proven address', () => {
  it('refuses the set-up and turning it on with 403 EMAIL_NOT_VERIFIED while the address is not proven', async () => {
    const user = await makeCustomer(db(), { verified: false });
    const here = await loginAs(t.app, user);

    const setup = await post('/api/auth/two-step/setup', {}, here);
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toMatchObject({
      code: EMAIL_NOT_VERIFIED_CODE,
      error: TWO_STEP_NEEDS_VERIFIED_EMAIL_MESSAGE,
    });

    // A set-up left from before cannot be turned on either, even with a right code and the password.
    const { secret } = await startPending(db(), user.id, t.clock.now);
    const enable = await post(
      '/api/auth/two-step/enable',
      { code: codeAt(secret, t.clock.now), password: PASSWORD },
      here,
    );
    expect(enable.statusCode).toBe(403);
    expect(enable.json()).toMatchObject({ code: EMAIL_NOT_VERIFIED_CODE });
    expect(await twoStepStatus(here)).toMatchObject({ enabled: false });
    // The password alone still signs in.
    expect((await signIn(t.app, user.email)).res.statusCode).toBe(200);

    // Once the address is proven, the same account sets it up as anyone does.
    const verified = await makeCustomer(db());
    const ok = await post('/api/auth/two-step/setup', {}, await loginAs(t.app, verified));
    expect(ok.statusCode).toBe(200);
  });

  it('a reset link that first proves the address clears the two-step made before; the owner signs in with the new password alone', async () => {
    const { account, intruder } = await hijackedAccount();
    await ownerResets(account.email);

    const { res, cookie } = await signIn(t.app, account.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: account.id, emailVerified: true });
    expect(await twoStepStatus(cookie!)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // The intruder's session is gone.
    expect((await call(t.app, { method: 'GET', url: '/auth/me' }, intruder)).statusCode).toBe(401);
    // The owner may now turn it on with their own app.
    expect((await post('/api/auth/two-step/setup', {}, cookie)).statusCode).toBe(200);
  });

  it('the verification link that first proves the address clears it too, and ends the intruder’s session', async () => {
    const { account, intruder } = await hijackedAccount();
    // The sign-up mail went to the owner's address: the owner opens it, not signed in.
    const token = newToken();
    await db()
      .insert(authTokens)
      .values({
        userId: account.id,
        purpose: 'verify_email',
        tokenHash: hashToken(token),
        createdAt: t.clock.now,
        expiresAt: new Date(t.clock.now.getTime() + 24 * 60 * 60_000),
      });
    const verified = await post('/api/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(await sessionsOf(account.id)).toBe(0);
    expect((await call(t.app, { method: 'GET', url: '/auth/me' }, intruder)).statusCode).toBe(401);

    // The owner then resets the password (the address is proven already) and signs in without a code.
    await ownerResets(account.email);
    const { res } = await signIn(t.app, account.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('an address proven before keeps its two-step through a reset: the new password still needs the code', async () => {
    const account = await makeCustomer(db());
    await turnOnTwoStep(db(), account.id, t.clock.now);
    await ownerResets(account.email);
    expect((await signIn(t.app, account.email, NEW_PASSWORD)).res.statusCode).toBe(202);
  });
});
