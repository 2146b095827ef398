// The sign-in related routes are limited per IP and per account (limits from configuration; the sign-in
// failure limits in depth: auth.lockout.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { PASSWORD, makeUser, uniqueEmail } from '#server/test/factories';
import { postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '#server/db/schema/index';

const PER_IP = 4;
const PER_ACCOUNT = 3;
const LOGIN_CEILING = 5;
const WINDOW_MINUTES = 15;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_AUTH_PER_IP: String(PER_IP),
    RATE_LIMIT_AUTH_PER_ACCOUNT: String(PER_ACCOUNT),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LOGIN_CEILING),
    RATE_LIMIT_WINDOW_MINUTES: String(WINDOW_MINUTES),
  });
});
afterAll(async () => {
  await t?.close();
});

const expectRateLimited = (res: Awaited<ReturnType<typeof postJson>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    code: 'RATE_LIMITED',
    error: expect.any(String),
    requestId: expect.any(String),
  });
};

describe('rate limits', () => {
  it('limits login attempts per IP, whatever the account', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < PER_IP; i++) {
      const res = await postJson(
        t.app,
        '/api/auth/login',
        { email: uniqueEmail(), password: 'Wrong123' },
        undefined,
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await postJson(
      t.app,
      '/api/auth/login',
      { email: uniqueEmail(), password: 'x123456' },
      undefined,
      ip,
    );
    expectRateLimited(blocked);
    expect(blocked.json().error).toMatch(/Too many requests/);
    // Another address is not affected.
    const other = await postJson(
      t.app,
      '/api/auth/login',
      { email: uniqueEmail(), password: 'Wrong123' },
      undefined,
      '10.0.0.2',
    );
    expect(other.statusCode).toBe(401);
  });

  it('limits failed logins per account and address, and per account from all addresses (configured)', async () => {
    const u = await makeUser(t.database.db, { verified: false });
    const login = (password: string, ip: string) =>
      postJson(t.app, '/api/auth/login', { email: u.email, password }, undefined, ip);
    // From one address (at most PER_IP requests here): after the first failure a wait of 2 s, then 4 s, ...
    expect((await login('Wrong123', '10.1.0.1')).statusCode).toBe(401);
    t.clock.advance(2_000);
    expect((await login('Wrong123', '10.1.0.1')).statusCode).toBe(401);
    const wait = await login(PASSWORD, '10.1.0.1');
    expectRateLimited(wait);
    expect(wait.headers['retry-after']).toBe('4');
    expect(wait.json().error).toMatch(/Please try again in 4 seconds/);
    t.clock.advance(4_000);
    expect((await login('Wrong123', '10.1.0.1')).statusCode).toBe(401);
    // Elsewhere the owner signs in. Past RATE_LIMIT_LOGIN_PER_ACCOUNT failures from everywhere, a wrong password is
    // refused from any address, while the right one from an address that has not failed still signs in.
    expect((await login(PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    for (const ip of ['10.1.2.1', '10.1.3.1']) expect((await login('Wrong123', ip)).statusCode).toBe(401);
    const ceiling = await login('Wrong123', '10.1.4.1');
    expectRateLimited(ceiling);
    expect(ceiling.json().error).toMatch(
      /Too many failed sign-in attempts for this account\. Please try again in 15 minutes/,
    );
    expect((await login(PASSWORD, '10.1.1.1')).statusCode).toBe(200);

    t.clock.advance(WINDOW_MINUTES * 60_000);
    // The window ends every count, the address's own and its per-IP route limit (the app's clock) included.
    expect((await login(PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('limits registrations per IP', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < PER_IP; i++) {
      expect((await postJson(t.app, '/api/auth/register', customerPayload(), undefined, ip)).statusCode).toBe(
        201,
      );
    }
    expectRateLimited(await postJson(t.app, '/api/auth/register', customerPayload(), undefined, ip));
  });

  it("answers every reset request alike and sends one reset mail per account a window: others' requests never block the owner's", async () => {
    const owner = await makeUser(t.database.db, { verified: false });
    const resetMails = async (email: string) => {
      await t.app.ctx.mailer.idle();
      return t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Reset your password')));
    };
    const ask = (email: string, ip: string) =>
      postJson(t.app, '/api/auth/request-password-reset', { email }, undefined, ip);
    const answers = new Set<string>();
    for (const email of [uniqueEmail(), owner.email]) {
      // Someone else asks again and again, from many addresses: far past the per-account allowance.
      for (let i = 0; i < PER_ACCOUNT * 3; i++) {
        const res = await ask(email, `10.3.${i}.1`);
        expect(res.statusCode).toBe(200);
        answers.add(res.body);
      }
    }
    // The owner asks too, and gets the same answer as everyone, unknown addresses included.
    const own = await ask(owner.email, '10.3.99.1');
    expect(own.statusCode).toBe(200);
    answers.add(own.body);
    expect(answers.size).toBe(1);
    // One mail went out in the window, and its link works for the owner.
    const [mail, ...more] = await resetMails(owner.email);
    expect(more).toEqual([]);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = await postJson(t.app, '/api/auth/reset-password', { token, password: 'Owner-new-42' });
    expect(reset.statusCode).toBe(200);
    // The next window sends a new one.
    t.clock.advance(WINDOW_MINUTES * 60_000);
    expect((await ask(owner.email, '10.3.100.1')).statusCode).toBe(200);
    expect(await resetMails(owner.email)).toHaveLength(2);
  });

  it('limits password reset requests and verification resends per IP', async () => {
    for (const url of ['/api/auth/request-password-reset', '/api/resend-verification']) {
      const ip = url.includes('reset') ? '10.4.0.1' : '10.4.0.2';
      for (let i = 0; i < PER_IP; i++) {
        expect((await postJson(t.app, url, { email: uniqueEmail() }, undefined, ip)).statusCode).toBe(200);
      }
      expectRateLimited(await postJson(t.app, url, { email: uniqueEmail() }, undefined, ip));
    }
  });

  it("answers every resend alike and never refuses one per account: others' requests never block the owner's", async () => {
    const owner = await makeUser(t.database.db, { verified: false });
    const verifyMails = async () => {
      await t.app.ctx.mailer.idle();
      return t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.subject, 'Confirm your email address')));
    };
    const ask = (ip: string) =>
      postJson(t.app, '/api/resend-verification', { email: owner.email }, undefined, ip);
    const answers = new Set<string>();
    // Someone else asks again and again, from many addresses: far past the per-account allowance.
    for (let i = 0; i < PER_ACCOUNT * 3; i++) {
      const res = await ask(`10.5.${i}.1`);
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    // The owner asks too and gets the same answer; one link went out for all of them (the 5-minute cooldown).
    const own = await ask('10.5.99.1');
    expect(own.statusCode).toBe(200);
    answers.add(own.body);
    expect(answers.size).toBe(1);
    expect(await verifyMails()).toHaveLength(1);
    // Once the cooldown has passed, the owner's next request sends a new link.
    t.clock.advance(5 * 60_000);
    expect((await ask('10.5.99.1')).statusCode).toBe(200);
    expect(await verifyMails()).toHaveLength(2);
    // Requests that arrive together still send one link between them.
    t.clock.advance(5 * 60_000);
    const together = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => ask(`10.5.98.${i}`)));
    expect(together.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await verifyMails()).toHaveLength(3);
  });
});
