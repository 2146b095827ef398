// Security events in the log (docs/security.md): sign-in failures, lockouts, sign-in and sign-out,
// email verification, password change and reset, refused access, role changes (by an admin, by an approved role
// request), plan changes, deletions. Each is one line with `event`, the id of the request that caused it (the response's
// x-request-id) and the account; none carries a password, session id, reset code or verification token.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash } from '#server/lib/security-log';
import { PASSWORD, makeAdmin, makeCustomer, makeProvider, type TestUser } from '#server/test/factories';
import { createLoggedTestApp, type LogLine, type LoggedTestApp } from '#server/test/log-capture';
import { call, postJson, sessionCookie, signIn } from '#server/test/login';
import { customerPayload } from '#server/test/payloads';
import { linkIn, startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';

const APP_URL = 'http://localhost:5000';
const WRONG_PASSWORD = 'Wrong-Guess-4711';
const NEW_PASSWORD = 'Brand-New-Pass-8842';

let t: LoggedTestApp;
let smtp: SmtpCapture;
let admin: TestUser;
let adminCookie: string;
/** Every secret the tests handle: none may appear anywhere in the log. */
const secrets = new Set<string>([PASSWORD, WRONG_PASSWORD, NEW_PASSWORD]);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createLoggedTestApp({
    SMTP_URL: smtp.url,
    APP_URL,
    RATE_LIMIT_AUTH_PER_IP: '1000',
    // Two free failures per address, then a wait: the third try in a row is refused (decision 0007).
    RATE_LIMIT_AUTH_PER_ACCOUNT: '4',
  });
  admin = await makeAdmin(t.database.db);
  adminCookie = await cookieOf(admin);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Signs in over HTTP; the session id in the cookie joins the secrets. */
async function cookieOf(user: { email: string }, password = PASSWORD): Promise<string> {
  const { res, cookie } = await signIn(t.app, user.email, password);
  expect(res.statusCode).toBe(200);
  secrets.add(cookie!.split('=')[1]!);
  return cookie!;
}

/** The one `event` line of the request that gave `res`. */
function eventOf(res: LightMyRequestResponse, event: string): LogLine {
  const reqId = res.headers['x-request-id'];
  expect(reqId).toEqual(expect.any(String));
  const found = t.events(event).filter((l) => l.reqId === reqId);
  expect(found, `${event} for request ${String(reqId)}`).toHaveLength(1);
  return found[0]!;
}

function expectNoSecretLogged() {
  const raw = t.raw();
  for (const secret of secrets) expect(raw, 'a secret in the log').not.toContain(secret);
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('security events in the log', () => {
  it('a failed sign-in: the account or the hash of the unknown email, never the password tried', async () => {
    const user = await makeCustomer(t.database.db);
    const wrong = await postJson(t.app, '/api/auth/login', { email: user.email, password: WRONG_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    const line = eventOf(wrong, 'auth.login_failed');
    expect(line).toMatchObject({
      level: 40,
      userId: user.id,
      emailHash: emailHash(user.email),
      reason: 'wrong_password',
      ip: '127.0.0.1',
    });

    const unknown = await postJson(t.app, '/api/auth/login', {
      email: 'nobody-here@example.com',
      password: WRONG_PASSWORD,
    });
    expect(unknown.statusCode).toBe(401);
    const other = eventOf(unknown, 'auth.login_failed');
    expect(other).toMatchObject({ userId: null, emailHash: emailHash('nobody-here@example.com') });
    expect(JSON.stringify(other)).not.toContain('nobody-here');
    expectNoSecretLogged();
  });

  it('a lockout after repeated failures', async () => {
    const user = await makeCustomer(t.database.db);
    const attempt = () => postJson(t.app, '/api/auth/login', { email: user.email, password: WRONG_PASSWORD });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(eventOf(refused, 'auth.lockout')).toMatchObject({
      level: 40,
      emailHash: emailHash(user.email),
      reason: 'failed_sign_ins',
      retryAfterSeconds: Number(refused.headers['retry-after']),
    });
    expectNoSecretLogged();
  });

  it('a sign-in and a sign-out, never the session id', async () => {
    const user = await makeCustomer(t.database.db);
    const { res, cookie } = await signIn(t.app, user.email);
    secrets.add(cookie!.split('=')[1]!);
    expect(eventOf(res, 'auth.login')).toMatchObject({ level: 30, userId: user.id });
    const out = await call(t.app, { method: 'POST', url: '/api/auth/logout' }, cookie);
    expect(out.statusCode).toBe(204);
    expect(eventOf(out, 'auth.logout')).toMatchObject({ userId: user.id });
    expectNoSecretLogged();
  });

  it('email verification, never its token', async () => {
    const payload = customerPayload();
    const res = await postJson(t.app, '/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    secrets.add(sessionCookie(res)!.split('=')[1]!);
    const mail = await smtp.waitFor((m) => m.to.includes(payload.email) && /Confirm/.test(m.subject));
    const token = tokenOf(linkIn(mail, `${APP_URL}/verify-email?token=`));
    secrets.add(token);
    const verified = await postJson(t.app, '/api/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(eventOf(verified, 'auth.email_verified')).toMatchObject({ userId: res.json<{ id: string }>().id });
    expectNoSecretLogged();
  });

  it('a password reset request and the reset, never the reset code or the new password', async () => {
    const user = await makeCustomer(t.database.db);
    const asked = await postJson(t.app, '/api/auth/request-password-reset', { email: user.email });
    expect(asked.statusCode).toBe(200);
    // Logged by the part that runs after the answer (decision 0006), under the same request id.
    await t.app.ctx.mailer.idle();
    expect(eventOf(asked, 'auth.password_reset_requested')).toMatchObject({
      userId: user.id,
      emailHash: emailHash(user.email),
    });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /reset/i.test(m.subject));
    const token = tokenOf(linkIn(mail, `${APP_URL}/reset-password?token=`));
    secrets.add(token);
    const reset = await postJson(t.app, '/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(eventOf(reset, 'auth.password_reset')).toMatchObject({ userId: user.id });
    expectNoSecretLogged();
  });

  it('a password change and a wrong current password, never either password', async () => {
    const user = await makeCustomer(t.database.db);
    const cookie = await cookieOf(user);
    const wrong = await call(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD },
      },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(eventOf(wrong, 'auth.password_change_failed')).toMatchObject({
      level: 40,
      userId: user.id,
      reason: 'wrong_current_password',
    });
    const changed = await call(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect(eventOf(changed, 'auth.password_changed')).toMatchObject({ level: 30, userId: user.id });
    expectNoSecretLogged();
  });

  it('a refused request (403) as access.denied with the user and the route', async () => {
    const customer = await makeCustomer(t.database.db);
    const res = await call(t.app, { method: 'GET', url: '/api/admin/users' }, await cookieOf(customer));
    expect(res.statusCode).toBe(403);
    expect(eventOf(res, 'access.denied')).toMatchObject({
      level: 40,
      userId: customer.id,
      route: 'GET /api/admin/users',
    });
    expectNoSecretLogged();
  });

  it("an admin's role change, with the admin and the roles", async () => {
    const user = await makeCustomer(t.database.db);
    const res = await call(
      t.app,
      { method: 'PUT', url: `/api/admin/users/${user.id}/role`, payload: { role: 'provider' } },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    expect(eventOf(res, 'user.role_changed')).toMatchObject({
      actorId: admin.id,
      userId: user.id,
      fromRole: 'customer',
      toRole: 'provider',
    });
    expectNoSecretLogged();
  });

  it("an admin's edit that changes a provider's plan", async () => {
    const provider = await makeProvider(t.database.db, { plan: 'starter' });
    const res = await call(
      t.app,
      {
        method: 'PUT',
        url: `/api/admin/users/${provider.id}`,
        payload: {
          firstName: provider.firstName,
          lastName: provider.lastName,
          email: provider.email,
          role: 'provider',
          subscriptionPlan: 'deluxe',
        },
      },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    expect(eventOf(res, 'subscription.plan_changed')).toMatchObject({
      actorId: admin.id,
      userId: provider.id,
      fromPlan: 'starter',
      toPlan: 'deluxe',
    });
    expect(t.events('user.role_changed').filter((l) => l.userId === provider.id)).toEqual([]);
    expectNoSecretLogged();
  });

  it('an approved role request as a role change; a denied one as denied', async () => {
    const review = async (status: 'approved' | 'denied') => {
      const user = await makeCustomer(t.database.db);
      const asked = await call(
        t.app,
        {
          method: 'POST',
          url: '/api/role-requests',
          payload: { requestedRole: 'provider', reason: 'I run a plumbing business' },
        },
        await cookieOf(user),
      );
      expect(asked.statusCode).toBe(201);
      const requestId = asked.json<{ id: string }>().id;
      const res = await call(
        t.app,
        { method: 'PUT', url: `/api/admin/role-requests/${requestId}`, payload: { status } },
        adminCookie,
      );
      expect(res.statusCode).toBe(200);
      return { res, user, requestId };
    };
    const approved = await review('approved');
    expect(eventOf(approved.res, 'user.role_changed')).toMatchObject({
      actorId: admin.id,
      userId: approved.user.id,
      fromRole: 'customer',
      toRole: 'provider',
      roleRequestId: approved.requestId,
      reason: 'role_request_approved',
    });
    const denied = await review('denied');
    expect(eventOf(denied.res, 'role_request.denied')).toMatchObject({
      actorId: admin.id,
      userId: denied.user.id,
      roleRequestId: denied.requestId,
    });
    expectNoSecretLogged();
  });

  it("a user's own plan change", async () => {
    const customer = await makeCustomer(t.database.db);
    const res = await call(
      t.app,
      { method: 'POST', url: '/api/subscription', payload: { plan: 'premium' } },
      await cookieOf(customer),
    );
    expect(res.statusCode).toBe(200);
    expect(eventOf(res, 'subscription.plan_changed')).toMatchObject({
      userId: customer.id,
      fromPlan: 'free',
      toPlan: 'premium',
    });
    expectNoSecretLogged();
  });

  it("an admin's deletion of a user, and a user closing their own account", async () => {
    const user = await makeCustomer(t.database.db);
    const res = await call(
      t.app,
      { method: 'DELETE', url: `/api/admin/users/${user.id}?mode=hard` },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    expect(eventOf(res, 'user.deleted')).toMatchObject({ actorId: admin.id, userId: user.id, mode: 'hard' });

    const leaving = await makeCustomer(t.database.db);
    const closed = await call(t.app, { method: 'POST', url: '/api/account/cancel' }, await cookieOf(leaving));
    expect(closed.statusCode).toBe(200);
    expect(eventOf(closed, 'account.closed')).toMatchObject({ userId: leaving.id });
    expectNoSecretLogged();
  });

  it('an admin signing a user out everywhere, with the admin and the user', async () => {
    const user = await makeCustomer(t.database.db);
    const res = await call(
      t.app,
      { method: 'POST', url: `/api/admin/users/${user.id}/sign-out` },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    expect(eventOf(res, 'user.sessions_ended')).toMatchObject({ actorId: admin.id, userId: user.id });
    expectNoSecretLogged();
  });

  it('a body the schemas refuse: the route and the field names, never the values', async () => {
    const res = await postJson(t.app, '/api/auth/register', {
      email: 'not-an-address-Zebra4711',
      password: 'Tiny-Zebra4711',
    });
    expect(res.statusCode).toBe(400);
    const line = eventOf(res, 'input.rejected');
    expect(line).toMatchObject({ level: 30, userId: null, route: 'POST /api/auth/register' });
    expect(line.fields).toEqual(expect.arrayContaining(['email']));
    expect(JSON.stringify(line)).not.toContain('Zebra4711');
  });

  it('a request past a rate limit, with the route', async () => {
    const limited = await createLoggedTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '2' });
    try {
      let last;
      for (let i = 0; i < 3; i++) last = await limited.app.inject({ method: 'GET', url: '/api/config' });
      expect(last!.statusCode).toBe(429);
      const reqId = last!.headers['x-request-id'];
      expect(limited.events('rate_limit.exceeded').filter((l) => l.reqId === reqId)).toEqual([
        expect.objectContaining({ level: 40, route: 'GET /api/config', ip: '127.0.0.1' }),
      ]);
    } finally {
      await limited.close();
    }
  });

  it('no password, session id, reset code or verification token anywhere in the whole log', () => {
    expect(secrets.size).toBeGreaterThan(8);
    expect(t.lines.length).toBeGreaterThan(20);
    expectNoSecretLogged();
  });
});
