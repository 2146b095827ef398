// The sign-in related routes are limited per IP and per account (limits from configuration; the sign-in
// failure limits in depth: auth.lockout.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { PASSWORD, makeUser, uniqueEmail } from '#server/test/factories';
import { postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';

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
    // Elsewhere the owner signs in, until RATE_LIMIT_LOGIN_PER_ACCOUNT failures from everywhere.
    expect((await login(PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    for (const ip of ['10.1.2.1', '10.1.3.1']) expect((await login('Wrong123', ip)).statusCode).toBe(401);
    const ceiling = await login(PASSWORD, '10.1.1.1');
    expectRateLimited(ceiling);
    expect(ceiling.json().error).toMatch(
      /Too many failed sign-in attempts for this account\. Please try again in 15 minutes/,
    );

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

  it('limits password reset requests per account, with the same answer for unknown emails', async () => {
    for (const email of [uniqueEmail(), (await makeUser(t.database.db, { verified: false })).email]) {
      for (let i = 0; i < PER_ACCOUNT; i++) {
        const res = await postJson(
          t.app,
          '/api/auth/request-password-reset',
          { email },
          undefined,
          `10.3.${i}.1`,
        );
        expect(res.statusCode).toBe(200);
      }
      expectRateLimited(
        await postJson(t.app, '/api/auth/request-password-reset', { email }, undefined, '10.3.9.9'),
      );
    }
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

  it('limits verification resends per account', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect(
        (await postJson(t.app, '/api/resend-verification', { email }, undefined, `10.5.${i}.1`)).statusCode,
      ).toBe(200);
    }
    expectRateLimited(await postJson(t.app, '/api/resend-verification', { email }, undefined, '10.5.9.9'));
  });
});
