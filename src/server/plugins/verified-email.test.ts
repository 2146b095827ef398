// The confirmed-email gate: `config: { access, requireVerifiedEmail: true }` on a route
// lets a user whose email is not confirmed sign in and edit the profile, but answers 403 with a message that
// says to verify on the routes that carry it (estimates, bids, messages, public projects). Tried here on tiny
// routes registered in a test app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { updateUser } from '#server/modules/users';
import { makeAdmin, makeCustomer, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestDatabase } from '#server/test/test-database';

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
  });

const gated: FastifyPluginAsyncZod = async (app) => {
  const ok = { response: { 200: z.object({ ok: z.literal(true) }) } };
  app.post(
    '/test/gated',
    { config: { access: 'authenticated', requireVerifiedEmail: true }, schema: ok },
    async () => ({ ok: true as const }),
  );
  app.post(
    '/test/gated-providers',
    { config: { access: ['provider'], requireVerifiedEmail: true }, schema: ok },
    async () => ({ ok: true as const }),
  );
  app.post('/test/open', { config: { access: 'authenticated' }, schema: ok }, async () => ({
    ok: true as const,
  }));
};

let app: BuiltApp;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(config(), { database, logger: false });
  await app.register(gated);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (url: string, cookie?: string) => call(app, { method: 'POST', url }, cookie);

describe('requireVerifiedEmail', () => {
  it('lets a verified user through', async () => {
    const c = await makeCustomer(app.ctx.db);
    expect((await post('/test/gated', await loginAs(app, c))).statusCode).toBe(200);
  });

  it('answers 403 to an unverified user, saying to verify the email', async () => {
    const c = await makeCustomer(app.ctx.db, { verified: false });
    const cookie = await loginAs(app, c);
    const res = await post('/test/gated', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: VERIFY_EMAIL_REQUIRED_MESSAGE, code: 'FORBIDDEN' });
    expect(VERIFY_EMAIL_REQUIRED_MESSAGE).toMatch(/verify your email/i);
    // The same user may still use the routes without the option (sign-in, profile...).
    expect((await post('/test/open', cookie)).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: '/api/profile' }, cookie)).statusCode).toBe(200);
  });

  it('checks the role first: a wrong role hears about permission, not about the email', async () => {
    const c = await makeCustomer(app.ctx.db, { verified: false });
    const res = await post('/test/gated-providers', await loginAs(app, c));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You do not have permission to do that');
    const p = await makeProvider(app.ctx.db, { verified: false });
    expect((await post('/test/gated-providers', await loginAs(app, p))).json().error).toBe(
      VERIFY_EMAIL_REQUIRED_MESSAGE,
    );
    const verified = await makeProvider(app.ctx.db);
    expect((await post('/test/gated-providers', await loginAs(app, verified))).statusCode).toBe(200);
  });

  it('applies to admins too, and anonymous callers get 401', async () => {
    const a = await makeAdmin(app.ctx.db, { verified: false });
    expect((await post('/test/gated', await loginAs(app, a))).statusCode).toBe(403);
    expect((await post('/test/gated')).statusCode).toBe(401);
  });

  it('a verification opens the gate at once', async () => {
    const c = await makeCustomer(app.ctx.db, { verified: false });
    const cookie = await loginAs(app, c);
    expect((await post('/test/gated', cookie)).statusCode).toBe(403);
    await updateUser(app.ctx.db, c.id, { emailVerifiedAt: new Date() });
    expect((await post('/test/gated', cookie)).statusCode).toBe(200);
  });

  it('is recorded in app.registeredRoutes', () => {
    const route = app.registeredRoutes.find((r) => r.method === 'POST' && r.url === '/test/gated');
    expect(route?.requireVerifiedEmail).toBe(true);
    expect(app.registeredRoutes.find((r) => r.url === '/test/open')?.requireVerifiedEmail).toBe(false);
  });

  it('refuses to start with the option on a public route', async () => {
    const db2 = await createTestDatabase();
    const app2 = await buildApp(config(), { database: db2, logger: false });
    try {
      await expect(
        app2
          .register(async (a) => {
            a.get('/test/bad', { config: { access: 'public', requireVerifiedEmail: true } }, async () => 'x');
          })
          .ready(),
      ).rejects.toThrow(/requires a verified email but is not signed-in only/);
    } finally {
      await app2.close().catch(() => undefined);
      await db2.close();
    }
  });
});
