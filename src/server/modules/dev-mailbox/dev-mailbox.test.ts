// Without SMTP_URL, mail lands in the development outbox: the mail_outbox table and the /dev/mailbox page, served
// only on loopback (or with DEV_MAILBOX=true), never in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { mailOutbox } from '#server/db/schema/index';
import { me, postJson } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { loadConfig } from '#server/config';
import { devMailboxStatus } from '#server/modules/dev-mailbox';

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
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/verify-email?token=${token}`,
      headers: { cookie }, // the browser that signed up keeps its session
    });
    expect(verified.json()).toEqual({ message: 'Email verified successfully' });
    expect((await me(t.app, cookie)).json().emailVerified).toBe(true);
  });

  it('is not served in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });

  it('answers only to a loopback or APP_URL host name (no DNS rebinding)', async () => {
    const page = (host: string) => t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { host } });
    expect((await page('127.0.0.1:5000')).statusCode).toBe(200);
    expect((await page('localhost:5000')).statusCode).toBe(200);
    expect((await page('[::1]:5000')).statusCode).toBe(200);
    expect((await page('rebound.evil.example:5000')).statusCode).toBe(404);
  });

  it('reads the Host header itself, not X-Forwarded-Host, behind a trusted proxy', async () => {
    const proxied = await createTestApp({ APP_URL: 'http://localhost:5000', TRUST_PROXY: 'loopback' });
    try {
      expect(proxied.app.ctx.config.SMTP_URL).toBeUndefined();
      const page = (headers: Record<string, string>) =>
        proxied.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers });
      expect((await page({ host: 'localhost:5000' })).statusCode).toBe(200);
      const forged = await page({ host: 'rebound.evil.example', 'x-forwarded-host': 'localhost' });
      expect(forged.statusCode).toBe(404);
      expect(forged.body).not.toContain('Development mailbox');
    } finally {
      await proxied.close();
    }
  });
});

describe('where the development mailbox is served', () => {
  const status = (env: Record<string, string>) =>
    devMailboxStatus(loadConfig({ NODE_ENV: 'development', ...env }));

  it('on loopback by default, and says where', () => {
    expect(status({})).toEqual({ enabled: true, url: 'http://127.0.0.1:5000/dev/mailbox' });
    expect(status({ HOST: 'localhost', APP_URL: 'http://localhost:5173' })).toMatchObject({ enabled: true });
  });

  it('off when the server or its public address is beyond loopback, unless DEV_MAILBOX=true; never in production or with SMTP', () => {
    const offLan = status({ HOST: '0.0.0.0' });
    expect(offLan).toMatchObject({
      enabled: false,
      reason: expect.stringMatching(/HOST=0\.0\.0\.0.*DEV_MAILBOX=true/),
    });
    expect(status({ APP_URL: 'http://192.168.1.20:5000' })).toMatchObject({ enabled: false });
    expect(status({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' })).toMatchObject({ enabled: true });
    expect(status({ DEV_MAILBOX: 'false' })).toEqual({ enabled: false, reason: 'DEV_MAILBOX=false' });
    expect(status({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toMatchObject({ enabled: false });
    expect(status({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toEqual({
      enabled: false,
      reason: 'NODE_ENV=production',
    });
  });

  it('is a 404 on a server listening on every interface, and served there with DEV_MAILBOX=true', async () => {
    const lan = await createTestApp({ HOST: '0.0.0.0' });
    const optIn = await createTestApp({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' });
    try {
      expect((await lan.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await optIn.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await lan.close();
      await optIn.close();
    }
  });
});
