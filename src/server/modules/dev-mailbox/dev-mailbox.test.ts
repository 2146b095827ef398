// Without SMTP_URL, mail lands in the development outbox: the mail_outbox table and the /dev/mailbox page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { mailOutbox } from '#server/db/schema/index';
import { me, postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';

let t: TestApp;
let prod: TestApp;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'http://localhost:5000' });
  // The same app as production runs it, to check that the page is not there.
  prod = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://homefix.example' });
});
afterAll(async () => {
  await t?.close();
  await prod?.close();
});

describe('development outbox', () => {
  it('keeps the sign-up mail in the outbox, lists it on /dev/mailbox, and its link verifies the email', async () => {
    const payload = customerPayload({ firstName: '<b>Eve</b>' });
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
    await t.app.ctx.mailer.idle();

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, payload.email));
    expect(mail).toMatchObject({ transport: 'outbox', subject: 'Confirm your email address' });
    expect(mail?.html).toContain('Hi &#60;b&#62;Eve&#60;/b&#62;');

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Confirm your email address');
    expect(page.body).toContain(payload.email);
    // The user's name is shown as text, never as markup.
    expect(page.body).toContain('&#60;b&#62;Eve&#60;/b&#62;');
    expect(page.body).not.toContain('<b>Eve</b>');

    const href = /href="(http:\/\/localhost:5000\/verify-email\?token=[^"]+)"/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    const token = new URL(href ?? '').searchParams.get('token') ?? '';
    const verified = await t.app.inject({ method: 'GET', url: `/api/verify-email?token=${token}` });
    expect(verified.json()).toEqual({ message: 'Email verified successfully' });
    expect((await me(t.app, cookie)).json().emailVerified).toBe(true);
  });

  it('is not served in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});
