// Email verification and password reset, with the mail delivered over real SMTP to a capturing server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { linkIn, startSmtpCapture, type CapturedMail, type SmtpCapture } from '#server/test/smtp-capture';
import { authTokens, mailOutbox, users } from '#server/db/schema/index';
import { PASSWORD, makeUser, uniqueEmail } from '#server/test/factories';
import { me, postJson, signIn } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';

const APP_URL = 'http://localhost:5000';
const VERIFY = `${APP_URL}/verify-email?token=`;
const RESET = `${APP_URL}/reset-password?token=`;
const MINUTE = 60_000;

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    APP_URL,
    RATE_LIMIT_AUTH_PER_IP: '1000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailTo = (email: string, subject: string) =>
  smtp.waitFor((m) => m.to.includes(email) && m.subject === subject);
const mailsTo = (email: string, subject: string) =>
  smtp.messages.filter((m) => m.to.includes(email) && m.subject === subject);
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const verify = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/verify-email?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });

async function signUp(): Promise<{ email: string; cookie: string | undefined; mail: CapturedMail }> {
  const payload = customerPayload();
  const res = await postJson(t.app, '/api/auth/register', payload);
  expect(res.statusCode).toBe(201);
  const mail = await mailTo(payload.email, 'Confirm your email address');
  return { email: payload.email, cookie: res.cookies.find((c) => c.name === 'sid')?.value, mail };
}

async function requestReset(email: string) {
  const res = await postJson(t.app, '/api/auth/request-password-reset', { email });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('email verification', () => {
  it('sign-up sends a real mail whose link verifies the email, once', async () => {
    const { email, cookie, mail } = await signUp();
    expect(mail.from).toMatch(/no-reply@/);
    expect(mail.decoded).toContain('Hi Casey');
    expect(mail.decoded).toContain('24 hours');
    const link = linkIn(mail, VERIFY);
    const sid = `sid=${cookie}`;
    expect((await me(t.app, sid)).json().emailVerified).toBe(false);

    const res = await verify(tokenOf(link), sid); // opened in the browser that signed up
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully' });
    expect((await me(t.app, sid)).json().emailVerified).toBe(true);

    const again = await verify(tokenOf(link));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'ALREADY_VERIFIED', error: 'Your email is already verified' });

    // Mail that went out over SMTP is not kept: its link is as good as a password.
    await t.app.ctx.mailer.idle();
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });

  it('ends every session of the account made before, except the verifying browser own (pre-hijacking)', async () => {
    // Someone signs up with another person's address and keeps the session sign-up gives them.
    const squatter = await signUp();
    const squatterSid = `sid=${squatter.cookie}`;
    const alsoSquatter = await signIn(t.app, squatter.email);
    // The owner of the mailbox opens the link in a browser that is not signed in: both sessions end.
    expect((await verify(tokenOf(linkIn(squatter.mail, VERIFY)))).statusCode).toBe(200);
    expect((await me(t.app, squatterSid)).statusCode).toBe(401);
    expect((await me(t.app, alsoSquatter.cookie)).statusCode).toBe(401);

    // The owner signed up and opens the link in the same browser: that session stays, every other one ends.
    const owner = await signUp();
    const ownerSid = `sid=${owner.cookie}`;
    const elsewhere = await signIn(t.app, owner.email);
    // A browser signed in to another account keeps that session and does not count as the verifying one.
    const other = await makeUser(t.database.db);
    const otherSid = (await signIn(t.app, other.email)).cookie;
    expect((await verify(tokenOf(linkIn(owner.mail, VERIFY)), otherSid)).statusCode).toBe(200);
    expect((await me(t.app, otherSid)).statusCode).toBe(200);
    expect((await me(t.app, ownerSid)).statusCode).toBe(401);
    expect((await me(t.app, elsewhere.cookie)).statusCode).toBe(401);

    const third = await signUp();
    const thirdSid = `sid=${third.cookie}`;
    const thirdElsewhere = await signIn(t.app, third.email);
    expect((await verify(tokenOf(linkIn(third.mail, VERIFY)), thirdSid)).statusCode).toBe(200);
    expect((await me(t.app, thirdSid)).json()).toMatchObject({ email: third.email, emailVerified: true });
    expect((await me(t.app, thirdElsewhere.cookie)).statusCode).toBe(401);
  });

  it('POST /api/verify-email (for the web page) verifies with the token in the body, once', async () => {
    const { email, cookie, mail } = await signUp();
    const sid = `sid=${cookie}`;
    const post = () => postJson(t.app, '/api/verify-email', { token: tokenOf(linkIn(mail, VERIFY)) }, sid);
    const res = await post();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully' });
    expect((await me(t.app, sid)).json()).toMatchObject({ email, emailVerified: true });
    expect((await post()).json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
  });

  it('a used link of an account already verified says so, and is still refused: nothing changes', async () => {
    const { email, mail } = await signUp();
    const token = tokenOf(linkIn(mail, VERIFY));
    expect((await verify(token)).statusCode).toBe(200);
    const owner = await signIn(t.app, email);

    const again = await postJson(t.app, '/api/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'Your email is already verified',
      code: 'ALREADY_VERIFIED',
      requestId: expect.any(String),
    });
    // Refused, so no session ends (a first verification would end the others).
    expect((await me(t.app, owner.cookie)).statusCode).toBe(200);
    // A link that never existed is the plain failure, which says nothing about any account.
    const unknown = await postJson(t.app, '/api/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'BAD_REQUEST',
      error: 'Verification failed. The link may be expired or invalid.',
    });
  });

  it('stores only the hash of the token', async () => {
    const { email, mail } = await signUp();
    const token = tokenOf(linkIn(mail, VERIFY));
    const rows = await t.database.db
      .select({ tokenHash: authTokens.tokenHash })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
  });

  it('a verification link expires after 24 hours', async () => {
    const { mail } = await signUp();
    t.clock.advance(24 * 60 * MINUTE + 1000);
    const res = await verify(tokenOf(linkIn(mail, VERIFY)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Verification failed. The link may be expired or invalid.');
  });

  it('a missing or made-up token does not verify', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Invalid verification link. No token provided.');
    expect((await verify('made-up-token')).statusCode).toBe(400);
  });

  it('a password reset token does not verify an email', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    await requestReset(u.email);
    const resetMail = await mailTo(u.email, 'Reset your password');
    const res = await verify(tokenOf(linkIn(resetMail, RESET)));
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('resend answers the same for unknown, verified, and unverified accounts in or out of the cooldown; only the last gets mail', async () => {
    const resend = (email: string) => postJson(t.app, '/api/resend-verification', { email });
    const answer = (res: Awaited<ReturnType<typeof resend>>) => ({
      status: res.statusCode,
      body: res.json(),
    });

    const unknown = uniqueEmail();
    const verified = await makeUser(t.database.db);
    const cooling = await signUp(); // its sign-up mail went out just now
    const ready = await signUp();
    t.clock.advance(5 * MINUTE); // the cooldown of `ready` (and `cooling`) has passed...
    await resend(cooling.email); // ...and `cooling` asks again, so it is inside a new one
    await t.app.ctx.mailer.idle();
    const before = smtp.messages.length;

    const answers = [
      await resend(unknown),
      await resend(verified.email),
      await resend(cooling.email.toUpperCase()),
      await resend(ready.email),
    ].map(answer);
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        message:
          'If this email belongs to an account that still needs confirming, a verification link is on its way. A new link can be sent once every 5 minutes.',
      },
    });
    for (const a of answers) expect(a).toEqual(answers[0]);

    await smtp.waitFor(
      (m) => m.to.includes(ready.email) && mailsTo(ready.email, 'Confirm your email address').length === 2,
    );
    await t.app.ctx.mailer.idle();
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([[ready.email]]);
    expect(mailsTo(cooling.email, 'Confirm your email address')).toHaveLength(2); // sign-up + the first resend
    expect(mailsTo(verified.email, 'Confirm your email address')).toHaveLength(0);

    // The new link works.
    const [, second] = mailsTo(ready.email, 'Confirm your email address');
    const newLink = linkIn(second as CapturedMail, VERIFY);
    expect(newLink).not.toBe(linkIn(ready.mail, VERIFY));
    expect((await verify(tokenOf(newLink))).statusCode).toBe(200);
  });

  it('resend inside the cooldown sends nothing, and a new link once the 5 minutes have passed', async () => {
    const { email } = await signUp();
    t.clock.advance(4 * MINUTE + 59_000);
    expect((await postJson(t.app, '/api/resend-verification', { email })).statusCode).toBe(200);
    await t.app.ctx.mailer.idle();
    expect(mailsTo(email, 'Confirm your email address')).toHaveLength(1);
    t.clock.advance(1000);
    expect((await postJson(t.app, '/api/resend-verification', { email })).statusCode).toBe(200);
    await smtp.waitFor(() => mailsTo(email, 'Confirm your email address').length === 2);
  });

  it('resend asks for an email address', async () => {
    const res = await postJson(t.app, '/api/resend-verification', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBe('Please enter your email address');
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email has an account', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const known = await requestReset(u.email);
    const unknown = await requestReset(uniqueEmail());
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/If an account exists/);
    const mail = await mailTo(u.email, 'Reset your password');
    expect(mail.decoded).toContain('60 minutes');
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const a = await signIn(t.app, u.email);
    const b = await signIn(t.app, u.email, PASSWORD, true);
    await requestReset(u.email);
    const token = tokenOf(linkIn(await mailTo(u.email, 'Reset your password'), RESET));

    const res = await postJson(t.app, '/api/auth/reset-password', { token, password: 'BrandNew42' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/password has been reset/);

    expect((await me(t.app, a.cookie)).statusCode).toBe(401);
    expect((await me(t.app, b.cookie)).statusCode).toBe(401);
    expect((await signIn(t.app, u.email)).res.statusCode).toBe(401);
    expect((await signIn(t.app, u.email, 'BrandNew42')).res.statusCode).toBe(200);

    const again = await postJson(t.app, '/api/auth/reset-password', { token, password: 'Another42x' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'Invalid or expired reset link' });
  });

  it('a reset link expires after 60 minutes', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    await requestReset(u.email);
    const token = tokenOf(linkIn(await mailTo(u.email, 'Reset your password'), RESET));
    t.clock.advance(60 * MINUTE + 1000);
    const res = await postJson(t.app, '/api/auth/reset-password', { token, password: 'BrandNew42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid or expired reset link');
    expect((await signIn(t.app, u.email)).res.statusCode).toBe(200);
  });

  it('a verification token cannot reset a password', async () => {
    const { mail } = await signUp();
    const res = await postJson(t.app, '/api/auth/reset-password', {
      token: tokenOf(linkIn(mail, VERIFY)),
      password: 'BrandNew42',
    });
    expect(res.statusCode).toBe(400);
  });

  it('enforces the new password rules', async () => {
    const cases: [string, string][] = [
      ['Short1', 'Password must be at least 8 characters'],
      ['alllowercase1', 'Password must contain at least one uppercase letter, lowercase letter, number'],
      ['NoDigitsHere', 'Password must contain at least one uppercase letter, lowercase letter, number'],
      ['A'.repeat(121) + 'bcdefgh1', 'Password must be at most 128 characters'],
      ['Password1', 'This password is too common. Please choose another one.'],
    ];
    for (const [password, message] of cases) {
      const res = await postJson(t.app, '/api/auth/reset-password', { token: 'whatever', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.password).toBe(message);
    }
  });

  it('a password reset also confirms the email address', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    await requestReset(u.email);
    const token = tokenOf(linkIn(await mailTo(u.email, 'Reset your password'), RESET));
    await postJson(t.app, '/api/auth/reset-password', { token, password: 'BrandNew42' });
    const { res } = await signIn(t.app, u.email, 'BrandNew42');
    expect(res.json().emailVerified).toBe(true);
  });
});
