// F12: wrong passwords from one address limit that address (a growing wait, then 429), not the account: the
// owner signs in from elsewhere. A per-account ceiling across all addresses stops guessing from many addresses
// (the same answer for unknown emails): past it, an address that failed waits for the window's end and any other
// address gets one try, so the owner's right password still signs in. A password reset clears the counts. Default limits (10 per account
// and address, 20 per account), the app's clock for the waits and the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { PASSWORD, makeUser, uniqueEmail } from '#server/test/factories';
import { postJson } from '#server/test/login';
import { authTokens } from '#server/db/schema/index';
import { hashToken, newToken } from '#server/lib/tokens';

const WINDOW_MS = 15 * 60_000;
const PER_ADDRESS = 10;
const CEILING = 20;
let t: TestApp;

beforeAll(async () => {
  // The per-IP route limit out of the way: these tests are about the per-account counts.
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, address: string) =>
  postJson(t.app, '/api/auth/login', { email, password }, undefined, address);

function expectLimited(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    code: 'RATE_LIMITED',
    error: expect.stringMatching(/^Too many failed sign-in attempts for this account\. Please try again in /),
    requestId: expect.any(String),
  });
  return Number(res.headers['retry-after']);
}

/** Wrong passwords from one address until it is refused for the rest of the window; the waits it was told. */
async function guessUntilLockedOut(email: string, address: string) {
  const waits: number[] = [];
  let failures = 0;
  for (let i = 0; i < 50; i++) {
    const res = await login(email, 'Wrong123', address);
    if (res.statusCode === 401) {
      failures++;
      continue;
    }
    const wait = expectLimited(res);
    if (wait > 60) return { failures, waits, lockedFor: wait };
    waits.push(wait);
    // Trying again inside the wait is refused, and does not count.
    expectLimited(await login(email, 'Wrong123', address));
    t.clock.advance(wait * 1000);
  }
  throw new Error('never locked out');
}

describe('failed sign-ins from one address (F12)', () => {
  it('make that address wait longer and longer, then refuse it; the owner signs in from elsewhere', async () => {
    const owner = await makeUser(t.database.db);
    const attacker = '198.51.100.10';
    const { failures, waits, lockedFor } = await guessUntilLockedOut(owner.email, attacker);
    expect(failures).toBe(PER_ADDRESS);
    expect(waits).toEqual([2, 4, 8, 16, 32]);
    expect(lockedFor).toBeGreaterThan(10 * 60);
    // Even the right password waits at the attacker's address...
    expectLimited(await login(owner.email, PASSWORD, attacker));
    // ...while the owner, at home, is not locked out.
    expect((await login(owner.email, PASSWORD, '203.0.113.20')).statusCode).toBe(200);
    // An IPv6 attacker is one address per /64.
    const other = await makeUser(t.database.db);
    const v6 = await guessUntilLockedOut(other.email, '2001:db8:7::1');
    expect(v6.failures).toBe(PER_ADDRESS);
    expectLimited(await login(other.email, 'Wrong123', '2001:db8:7::ffff'));
  });

  it('a success clears that address, and the window ends the refusal', async () => {
    const owner = await makeUser(t.database.db);
    const home = '203.0.113.30';
    for (let i = 0; i < 4; i++) expect((await login(owner.email, 'Wrong123', home)).statusCode).toBe(401);
    expect((await login(owner.email, PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(owner.email, 'Wrong123', home)).statusCode).toBe(401);

    const attacker = '198.51.100.31';
    await guessUntilLockedOut(owner.email, attacker);
    t.clock.advance(WINDOW_MS);
    expect((await login(owner.email, PASSWORD, attacker)).statusCode).toBe(200);
  });
});

describe('the per-account ceiling across addresses (F12)', () => {
  it('after 20 failures from many addresses, refuses wrong passwords from anywhere, known or unknown email alike', async () => {
    const owner = await makeUser(t.database.db);
    for (const email of [owner.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < CEILING; i++) {
        expect((await login(email, 'Wrong123', `192.0.2.${i + 1}`)).statusCode).toBe(401);
      }
      // The 21st try, from a fresh address, is refused: the same answer for both emails.
      const wait = expectLimited(await login(email, 'Wrong123', '192.0.2.200'));
      expect(wait).toBeGreaterThan(10 * 60);
      // That address has had its one try, and every address that failed waits for the window's end.
      expectLimited(await login(email, email === owner.email ? PASSWORD : 'Wrong123', '192.0.2.200'));
      expectLimited(await login(email, email === owner.email ? PASSWORD : 'Wrong123', '192.0.2.1'));
    }
    // The owner, at an address that has not failed, still signs in.
    expect((await login(owner.email, PASSWORD, '203.0.113.40')).statusCode).toBe(200);
    // Another account is not affected.
    const bystander = await makeUser(t.database.db);
    expect((await login(bystander.email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    // The window ends the ceiling.
    t.clock.advance(WINDOW_MS);
    expect((await login(owner.email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  });

  it('refused attempts do not count: one address alone cannot reach the ceiling', async () => {
    const owner = await makeUser(t.database.db);
    const attacker = '198.51.100.50';
    await guessUntilLockedOut(owner.email, attacker);
    for (let i = 0; i < 30; i++) expectLimited(await login(owner.email, 'Wrong123', attacker));
    // 10 failures counted; 10 more from elsewhere fill the ceiling, not fewer.
    for (let i = 0; i < CEILING - PER_ADDRESS - 1; i++) {
      expect((await login(owner.email, 'Wrong123', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    }
    expect((await login(owner.email, 'Wrong123', '203.0.113.51')).statusCode).toBe(401);
    expectLimited(await login(owner.email, 'Wrong123', '203.0.113.52'));
  });

  it('two addresses guessing cannot lock the owner out: the right password from an address that has not failed signs in', async () => {
    const owner = await makeUser(t.database.db);
    // Ten wrong passwords from each of two addresses: the account's ceiling is full.
    for (const attacker of ['198.51.100.70', '198.51.100.71']) {
      expect((await guessUntilLockedOut(owner.email, attacker)).failures).toBe(PER_ADDRESS);
    }
    // A third address guessing is refused at its first wrong password, and has no second try, right or wrong.
    expectLimited(await login(owner.email, 'Wrong123', '198.51.100.72'));
    expectLimited(await login(owner.email, PASSWORD, '198.51.100.72'));
    // The owner, from addresses that have not failed, signs in at once, as often as they like.
    const home = await login(owner.email, PASSWORD, '203.0.113.70');
    expect(home.statusCode).toBe(200);
    expect(home.json()).toMatchObject({ id: owner.id });
    expect((await login(owner.email, PASSWORD, '203.0.113.70')).statusCode).toBe(200);
    expect((await login(owner.email, PASSWORD, '203.0.113.71')).statusCode).toBe(200);
    // The guessing addresses stay refused until the window ends.
    expectLimited(await login(owner.email, PASSWORD, '198.51.100.70'));
  });
});

describe('a password reset (F12)', () => {
  it('clears the failed sign-ins of the account, from every address', async () => {
    const owner = await makeUser(t.database.db);
    for (let i = 0; i < CEILING; i++) await login(owner.email, 'Wrong123', `192.0.3.${i + 1}`);
    expectLimited(await login(owner.email, PASSWORD, '192.0.3.1'));
    expectLimited(await login(owner.email, 'Wrong123', '203.0.113.61'));

    // A reset link as the mail would carry it (the mail itself is auth.mail.test.ts's subject).
    const token = newToken();
    await t.database.db.insert(authTokens).values({
      userId: owner.id,
      purpose: 'reset_password',
      tokenHash: hashToken(token),
      createdAt: t.clock.now,
      expiresAt: new Date(t.clock.now.getTime() + 60 * 60_000),
    });
    const reset = await postJson(t.app, '/api/auth/reset-password', { token, password: 'Brand-new-pass-42' });
    expect(reset.statusCode).toBe(200);

    expect((await login(owner.email, 'Brand-new-pass-42', '192.0.3.1')).statusCode).toBe(200);
    // The ceiling is empty again: a wrong password from a new address is a plain failure.
    expect((await login(owner.email, 'Wrong123', '203.0.113.62')).statusCode).toBe(401);
  });
});
