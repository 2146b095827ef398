// A new session token on re-authentication (ASVS 5.0 7.2.4): a route that asks a signed-in user for their password or
// a code again renews the token of the session it came with, keeping the sign-in itself; a refused attempt changes
// nothing; a signed-in route that takes a password without declaring it does not start.
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions } from '#server/db/schema/index';
import { PASSWORD, makeCustomer } from '#server/test/factories';
import { call, me, sessionCookie, signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createTestDatabase } from '#server/test/test-database';
import accessPlugin from './access.ts';
import sessionPlugin from './session.ts';
import sessionRenewalPlugin from './session-renewal.ts';
import { createEventBus } from '#server/core/events';
import type { AppEvents } from '#server/core/app-events';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const changePassword = (cookieHeader: string, currentPassword: string) =>
  call(
    t.app,
    {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword, newPassword: 'Another-Fresh-Start-7' },
    },
    cookieHeader,
  );
const rowsOf = (userId: string) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('a new session token on re-authentication', () => {
  it('a remember-me sign-in keeps its place in the devices list, its start and its lifetime under the new token', async () => {
    const user = await makeCustomer(t.database.db);
    const login = await signIn(t.app, user.email, PASSWORD, true);
    const before = login.res.cookies.find((c) => c.name === 'sid');
    const [row] = await rowsOf(user.id);

    t.clock.advance(3 * DAY);
    const res = await changePassword(login.cookie!, PASSWORD);
    expect(res.statusCode).toBe(200);
    const after = res.cookies.find((c) => c.name === 'sid');
    expect(after?.value).toBeTruthy();
    expect(after?.value).not.toBe(before?.value);
    // Still a remember-me cookie, ending when the sign-in does (not 30 days from now).
    expect(after).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(after?.expires).toEqual(before?.expires);

    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      publicId: row!.publicId,
      createdAt: row!.createdAt,
      expiresAt: row!.expiresAt,
      persistent: true,
    });
    expect(rows[0]!.tokenHash).not.toBe(row!.tokenHash);
    expect((await me(t.app, login.cookie)).statusCode).toBe(401);
    expect((await me(t.app, sessionCookie(res))).statusCode).toBe(200);
  });

  it('a refused attempt sends no new cookie, and the token keeps working', async () => {
    const user = await makeCustomer(t.database.db);
    const { cookie: here } = await signIn(t.app, user.email);
    const res = await changePassword(here!, 'Not-The-Password-1');
    expect(res.statusCode).toBe(400);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await me(t.app, here)).statusCode).toBe(200);
  });

  it('a signed-in route that takes a password or a code without renewing the session stops the server from starting', async () => {
    const database = await createTestDatabase();
    const settings = { idleMinutes: 60, absoluteHours: 12, rememberDays: 30, secureCookie: false };
    /** The plugins a route meets, in the app's order. */
    async function bareApp() {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      await app.register(cookie);
      await app.register(sessionPlugin, { db: database.db, now: () => new Date(), settings });
      await app.register(sessionRenewalPlugin, {
        db: database.db,
        events: createEventBus<AppEvents>({ db: database.db, onError: () => {} }),
        settings,
      });
      await app.register(accessPlugin);
      return app;
    }
    const body = z.object({ password: z.string(), note: z.string() });
    try {
      const forgetful = await bareApp();
      await expect(
        forgetful.register(async (scope) => {
          scope.post(
            '/api/forgetful',
            { config: { access: 'authenticated' }, schema: { body } },
            async () => 'ok',
          );
        }),
      ).rejects.toThrow(/takes password from a signed-in user but does not renew the session/);

      // Declared, or public (signing in is not re-authenticating), it starts.
      const careful = await bareApp();
      await careful.register(async (scope) => {
        scope.post(
          '/api/careful',
          { config: { access: 'authenticated', reauthenticates: true }, schema: { body } },
          async () => 'ok',
        );
        scope.post('/api/sign-in-like', { config: { access: 'public' }, schema: { body } }, async () => 'ok');
      });
      await careful.ready();
      await careful.close();
    } finally {
      await database.close();
    }
  });
});
