// Security notices (ASVS 5.0 6.3.7): after a change to how an account signs in, its owner gets a mail saying what
// changed, when, and what to do if it was not them. Delivered over real SMTP to a capturing server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, makeAdmin, makeCustomer } from '#server/test/factories';
import { createLoggedTestApp } from '#server/test/log-capture';
import { call, loginAs, postJson, sessionCookie, signIn } from '#server/test/login';
import {
  startSmtpCapture,
  unreachableSmtpUrl,
  type CapturedMail,
  type SmtpCapture,
} from '#server/test/smtp-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { codeAt, turnOnTwoStep } from '#server/test/two-step';
import { noticeWhen } from './auth.mail.ts';

const APP_URL = 'http://localhost:5000';
const NEW_PASSWORD = 'Fresh-start-42';

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
const mailTo = (email: string, subject: string) =>
  smtp.waitFor((m) => m.to.includes(email) && m.subject === subject);
/** Every mail the address got so far, once the app has sent what it queued. */
async function subjectsTo(email: string): Promise<string[]> {
  await t.app.ctx.mailer.idle();
  return smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject);
}

/** What every notice says besides its news: when, and the way back if it was not the reader. */
function expectTheWayBack(mail: CapturedMail) {
  expect(mail.decoded).toContain(`on ${noticeWhen(t.clock.now)}.`);
  const text = mail.decoded.replaceAll('\r\n', '\n');
  expect(text).toContain(`reset your password now:\n\n${APP_URL}/forgot-password\n`);
  expect(mail.decoded).toContain(`${APP_URL}/settings`);
}

describe('the password', () => {
  it('a change on /settings tells the owner by mail, with when and what to do if it was not them; a refused one does not', async () => {
    const user = await makeCustomer(db(), { firstName: 'Robin' });
    const cookie = await loginAs(t.app, user);

    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await subjectsTo(user.email)).toEqual([]);

    const res = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(user.email, 'Your password was changed');
    expect(mail.decoded).toContain('Hi Robin');
    expect(mail.decoded).toContain('The password of your HomeFix Marketplace account was changed');
    expect(mail.decoded).toContain('Every other device signed in to your account was signed out.');
    expectTheWayBack(mail);
    expect(mail.raw).not.toContain(NEW_PASSWORD);
    expect(mail.raw).not.toContain(PASSWORD);
    expect(await subjectsTo(user.email)).toEqual(['Your password was changed']);
  });

  it('a reset by email link is told too, after the reset mail itself', async () => {
    const user = await makeCustomer(db());
    await postJson(t.app, '/api/auth/request-password-reset', { email: user.email });
    const resetMail = await mailTo(user.email, 'Reset your password');
    const token = /reset-password\?token=([\w-]+)/.exec(resetMail.decoded)?.[1] ?? '';
    const res = await postJson(t.app, '/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(user.email, 'Your password was reset');
    expect(mail.decoded).toContain('was reset with a link sent to this address');
    expectTheWayBack(mail);
    expect(await subjectsTo(user.email)).toEqual(['Reset your password', 'Your password was reset']);
  });

  it('a failing mail server does not undo the change: it stands and the failure is logged', async () => {
    const down = await createLoggedTestApp({ SMTP_URL: await unreachableSmtpUrl() });
    try {
      const user = await makeCustomer(down.database.db);
      const cookie = await loginAs(down.app, user);
      const res = await call(
        down.app,
        {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        },
        cookie,
      );
      expect(res.statusCode).toBe(200);
      await down.app.ctx.mailer.idle();
      expect(down.lines.filter((l) => l.msg === 'could not send mail')).toMatchObject([
        { subject: 'Your password was changed' },
      ]);
      expect((await signIn(down.app, user.email, NEW_PASSWORD)).res.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('two-step verification', () => {
  it('turning it on and off and new recovery codes are each told, and never carry a code or the secret', async () => {
    const user = await makeCustomer(db());
    let cookie = await loginAs(t.app, user);
    const { secret } = (await post('/api/auth/two-step/setup', {}, cookie)).json();
    /** The password and the app's current code, as the /settings forms send them; keeps the renewed cookie. */
    const confirm = async (url: string) => {
      const res = await post(url, { code: codeAt(secret, t.clock.now), password: PASSWORD }, cookie);
      cookie = sessionCookie(res) ?? cookie;
      return res;
    };
    const on = await confirm('/api/auth/two-step/enable');
    expect(on.statusCode).toBe(200);
    const onMail = await mailTo(user.email, 'Two-step verification is on');
    expect(onMail.decoded).toContain('Signing in now asks for a code from your authenticator app.');
    expectTheWayBack(onMail);

    t.clock.advance(60_000); // the next code: each time step is accepted once
    const renewed = await confirm('/api/auth/two-step/recovery-codes');
    expect(renewed.statusCode).toBe(200);
    const renewedMail = await mailTo(user.email, 'You have new recovery codes');
    expect(renewedMail.decoded).toContain('Your old recovery codes no longer work.');
    expectTheWayBack(renewedMail);

    t.clock.advance(60_000);
    const off = await confirm('/api/auth/two-step/disable');
    expect(off.statusCode).toBe(200);
    const offMail = await mailTo(user.email, 'Two-step verification is off');
    expect(offMail.decoded).toContain('Signing in now asks for your password only.');
    expectTheWayBack(offMail);

    const codes = [...on.json().recoveryCodes, ...renewed.json().recoveryCodes] as string[];
    for (const mail of [onMail, renewedMail, offMail]) {
      expect(mail.raw).not.toContain(secret);
      for (const code of codes) expect(mail.raw).not.toContain(code);
    }
    expect(await subjectsTo(user.email)).toEqual([
      'Two-step verification is on',
      'You have new recovery codes',
      'Two-step verification is off',
    ]);
  });

  it('a sign-in with a recovery code is told with how many are left; one with a code from the app is not', async () => {
    const user = await makeCustomer(db());
    const { secret } = await turnOnTwoStep(db(), user.id, t.clock.now, {
      recoveryCodes: ['abcde23456', 'fghjk78923', 'mnpqr45678'],
    });
    const challenge = async () => (await signIn(t.app, user.email)).res.json().challenge as string;

    const withApp = await postJson(t.app, '/api/auth/login/two-step', {
      challenge: await challenge(),
      code: codeAt(secret, t.clock.now),
    });
    expect(withApp.statusCode).toBe(200);
    expect(await subjectsTo(user.email)).toEqual([]);

    const withCode = await postJson(t.app, '/api/auth/login/two-step', {
      challenge: await challenge(),
      recoveryCode: 'abcde-23456',
    });
    expect(withCode.statusCode).toBe(200);
    const mail = await mailTo(user.email, 'A recovery code was used to sign in');
    expect(mail.decoded).toContain('You have 2 recovery codes left; you can make new ones in Settings.');
    expectTheWayBack(mail);
  });

  it("an admin's reset for a lost phone is told to the user, not to the admin", async () => {
    const admin = await makeAdmin(db());
    const user = await makeCustomer(db());
    await turnOnTwoStep(db(), user.id, t.clock.now);
    const res = await post(`/api/admin/users/${user.id}/two-step/reset`, {}, await loginAs(t.app, admin));
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(user.email, 'Two-step verification is off');
    expect(mail.decoded).toContain(
      'An administrator turned off two-step verification for your HomeFix Marketplace account',
    );
    expectTheWayBack(mail);
    expect(await subjectsTo(admin.email)).toEqual([]);
  });
});
