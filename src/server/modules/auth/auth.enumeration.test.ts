// Sign-up must not tell, by its response time, whether an email is taken: the duplicate path hashes the
// password like a real sign-up before it answers 409. (Resend-verification's single answer: auth.mail.test.ts.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { hashPassword } from '#server/lib/passwords';
import type * as passwords from '#server/lib/passwords';

vi.mock('#server/lib/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000', RATE_LIMIT_AUTH_PER_ACCOUNT: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('sign-up with a taken email', () => {
  it('does the same password hashing as a real sign-up before answering 409', async () => {
    const payload = customerPayload();
    const hash = vi.mocked(hashPassword);
    await postJson(t.app, '/api/auth/register', customerPayload()); // warm-up: first queries, first hash

    hash.mockClear();
    expect((await postJson(t.app, '/api/auth/register', payload)).statusCode).toBe(201);
    expect(hash).toHaveBeenCalledTimes(1);

    // The argon2 hash is most of a sign-up's time (without it the 409 came about 13 times sooner): the taken
    // email is hashed like a new one. Counted, not timed, so a busy machine cannot make this flaky.
    hash.mockClear();
    const again = await postJson(t.app, '/api/auth/register', customerPayload({ email: payload.email }));
    expect(again.statusCode).toBe(409);
    expect(hash).toHaveBeenCalledTimes(1);
    expect(hash).toHaveBeenCalledWith(payload.password);
  });
});
