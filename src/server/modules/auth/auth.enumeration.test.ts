// Sign-up must not tell, by its response time, whether an email is taken: the duplicate path hashes the
// password like a real sign-up before it answers 409. A password reset request must not either: it answers
// before it looks the address up, so both paths take the same steps before the answer (decision 0006).
// (Resend-verification's single answer: auth.mail.test.ts.)
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '#server/db/schema/index';
import { makeUser, uniqueEmail } from '#server/test/factories';
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

describe('a password reset request', () => {
  it('answers an existing and an unknown address alike before touching accounts or tokens; only the account gets mail', async () => {
    const db = t.database.db;
    const user = await makeUser(db);
    const unknown = uniqueEmail('nobody');
    const ask = (email: string) => postJson(t.app, '/api/auth/request-password-reset', { email });
    await ask(uniqueEmail('warm-up'));
    await t.app.ctx.mailer.idle();

    // The accounts and their tokens are locked: a request that reads them before it answers waits for the lock.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const lock = db.transaction(async (tx) => {
      await tx.execute(sql`lock table users, auth_tokens in access exclusive mode`);
      holding();
      await released;
    });
    await held;
    let answers: Awaited<ReturnType<typeof ask>>[] | 'waited for the lock';
    try {
      answers = await Promise.race([
        Promise.all([ask(user.email), ask(unknown)]),
        new Promise<'waited for the lock'>((resolve) =>
          setTimeout(() => resolve('waited for the lock'), 3000),
        ),
      ]);
    } finally {
      release();
      await lock;
    }
    expect(answers).not.toBe('waited for the lock');
    const [known, other] = answers as Awaited<ReturnType<typeof ask>>[];
    expect(known!.statusCode).toBe(200);
    expect(known!.body).toBe(other!.body);

    // The account's part was done after the answer, and not lost: the mail went out once the lock was gone.
    await t.app.ctx.mailer.idle();
    const mails = (to: string) =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, 'Reset your password')));
    expect(await mails(user.email)).toHaveLength(1);
    expect(await mails(unknown)).toHaveLength(0);
  });
});
