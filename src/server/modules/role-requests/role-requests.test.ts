// Role change requests through HTTP: the user's request and history, at most one pending (also when
// requests race), and the admin's review, which changes the role at once and writes the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_REQUEST_MESSAGE, SAME_ROLE_MESSAGE } from '#domain/schemas/role-request.schema';
import { adminRoleRequestListSchema, roleRequestListSchema } from '#domain/schemas/account.schema';
import { auditLog, roleRequests, users } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeProvider } from '#server/test/factories';
import { call, loginAs, me } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);
const ask = (cookie: string | undefined, payload: object) =>
  call(t.app, { method: 'POST', url: '/api/role-requests', payload }, cookie);
const review = (cookie: string | undefined, id: string, payload: object) =>
  call(t.app, { method: 'PUT', url: `/api/admin/role-requests/${id}`, payload }, cookie);
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

describe('POST /api/role-requests', () => {
  it('files a pending request for another role', async () => {
    const c = await makeCustomer(db());
    const res = await ask(await loginAs(t.app, c), { requestedRole: 'provider', reason: '  I run a crew  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: c.id,
      requestedRole: 'provider',
      reason: 'I run a crew',
      status: 'pending',
      reviewedAt: null,
      adminComment: null,
    });
  });

  it.each([
    [{ requestedRole: 'provider', reason: '' }, 'reason'],
    [{ requestedRole: 'provider', reason: '   ' }, 'reason'],
    [{ requestedRole: 'provider' }, 'reason'],
    [{ reason: 'because' }, 'requestedRole'],
    [{ requestedRole: 'superuser', reason: 'because' }, 'requestedRole'],
  ])('refuses %j with the form message', async (payload, field) => {
    const c = await makeCustomer(db());
    const res = await ask(await loginAs(t.app, c), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(ROLE_REQUEST_MESSAGE);
  });

  it('holds the reason to 1000 characters', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    expect((await ask(cookie, { requestedRole: 'admin', reason: 'r'.repeat(1001) })).statusCode).toBe(400);
    expect((await ask(cookie, { requestedRole: 'admin', reason: 'r'.repeat(1000) })).statusCode).toBe(201);
  });

  it('refuses the role the user already has (the role in force: an expired admin may ask for admin)', async () => {
    const p = await makeProvider(db());
    const same = await ask(await loginAs(t.app, p), { requestedRole: 'provider', reason: 'x' });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.requestedRole).toBe(SAME_ROLE_MESSAGE);
    const expired = await makeAdmin(db(), { expired: true });
    const cookie = await loginAs(t.app, expired);
    expect((await ask(cookie, { requestedRole: 'customer', reason: 'x' })).statusCode).toBe(400);
    expect((await ask(cookie, { requestedRole: 'admin', reason: 'renew me' })).statusCode).toBe(201);
  });

  it('allows one pending request at a time (409), a new one once it is reviewed', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const first = await ask(cookie, { requestedRole: 'provider', reason: 'one' });
    expect(first.statusCode).toBe(201);
    const second = await ask(cookie, { requestedRole: 'admin', reason: 'two' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/already have a pending role request/);
    const admin = await loginAs(t.app, await makeAdmin(db()));
    expect((await review(admin, first.json().id, { status: 'denied' })).statusCode).toBe(200);
    expect((await ask(cookie, { requestedRole: 'admin', reason: 'three' })).statusCode).toBe(201);
  });

  it('keeps one pending request when many arrive at once', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ask(cookie, { requestedRole: 'provider', reason: `race ${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(7);
    const rows = await db().select().from(roleRequests).where(eq(roleRequests.userId, c.id));
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second pending row', async () => {
    const c = await makeCustomer(db());
    await db().insert(roleRequests).values({ userId: c.id, requestedRole: 'provider', reason: 'a' });
    await expect(
      db().insert(roleRequests).values({ userId: c.id, requestedRole: 'admin', reason: 'b' }),
    ).rejects.toThrow();
  });

  it('lets an unverified user ask', async () => {
    const c = await makeCustomer(db(), { verified: false });
    expect((await ask(await loginAs(t.app, c), { requestedRole: 'provider', reason: 'x' })).statusCode).toBe(
      201,
    );
  });

  it('asks to sign in first', async () => {
    expect((await ask(undefined, { requestedRole: 'provider', reason: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/role-requests', () => {
  it("lists only the caller's own requests, newest first, with status, reviewedAt and adminComment", async () => {
    const c = await makeCustomer(db());
    const other = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const first = (await ask(cookie, { requestedRole: 'provider', reason: 'first' })).json();
    await review(admin, first.id, { status: 'denied', adminComment: 'Tell us more about your business' });
    t.clock.advance(1000);
    await ask(cookie, { requestedRole: 'admin', reason: 'second' });
    await ask(await loginAs(t.app, other), { requestedRole: 'provider', reason: 'not yours' });

    const res = await get('/api/role-requests', cookie);
    expect(res.statusCode).toBe(200);
    const list = roleRequestListSchema.parse(res.json());
    expect(list.map((r) => [r.reason, r.status])).toEqual([
      ['second', 'pending'],
      ['first', 'denied'],
    ]);
    expect(list[1]!.adminComment).toBe('Tell us more about your business');
    expect(list[1]!.reviewedAt).not.toBeNull();
  });

  it('asks to sign in first', async () => {
    expect((await get('/api/role-requests')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/role-requests', () => {
  it('lists pending requests with who asked, oldest first; ?status= picks others', async () => {
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const a = await makeCustomer(db(), { firstName: 'Oldest' });
    const b = await makeCustomer(db(), { firstName: 'Newest' });
    const ra = (await ask(await loginAs(t.app, a), { requestedRole: 'provider', reason: 'a' })).json();
    t.clock.advance(1000);
    const rb = (await ask(await loginAs(t.app, b), { requestedRole: 'admin', reason: 'b' })).json();

    const pending = adminRoleRequestListSchema.parse((await get('/api/admin/role-requests', admin)).json());
    const ids = pending.map((r) => r.id);
    expect(ids.indexOf(ra.id)).toBeLessThan(ids.indexOf(rb.id));
    expect(pending.find((r) => r.id === rb.id)!.user).toMatchObject({
      id: b.id,
      firstName: 'Newest',
      email: b.email,
      role: 'customer',
    });
    expect(pending.every((r) => r.status === 'pending')).toBe(true);

    await review(admin, ra.id, { status: 'approved' });
    const approved = (await get('/api/admin/role-requests?status=approved', admin)).json();
    expect(approved.map((r: { id: string }) => r.id)).toContain(ra.id);
    const all = (await get('/api/admin/role-requests?status=all', admin)).json();
    expect(all.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([ra.id, rb.id]));
    expect((await get('/api/admin/role-requests?status=maybe', admin)).statusCode).toBe(400);
  });

  it('leaves out requests of closed accounts', async () => {
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const r = (await ask(cookie, { requestedRole: 'provider', reason: 'then I left' })).json();
    await call(t.app, { method: 'POST', url: '/api/account/cancel' }, cookie);
    const ids = (await get('/api/admin/role-requests', admin)).json().map((x: { id: string }) => x.id);
    expect(ids).not.toContain(r.id);
    expect((await review(admin, r.id, { status: 'approved' })).statusCode).toBe(404);
  });

  it('is for admins only (an expired admin is a customer)', async () => {
    expect(
      (await get('/api/admin/role-requests', await loginAs(t.app, await makeCustomer(db())))).statusCode,
    ).toBe(403);
    expect(
      (await get('/api/admin/role-requests', await loginAs(t.app, await makeAdmin(db(), { expired: true }))))
        .statusCode,
    ).toBe(403);
    expect((await get('/api/admin/role-requests')).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/role-requests/{id}', () => {
  it('approve: the role changes at once, the request records the review, the audit log says who did it', async () => {
    const adminUser = await makeAdmin(db());
    const admin = await loginAs(t.app, adminUser);
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const r = (await ask(cookie, { requestedRole: 'provider', reason: 'I paint houses' })).json();

    const res = await review(admin, r.id, { status: 'approved', adminComment: '  Welcome aboard ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: r.id,
      status: 'approved',
      adminComment: 'Welcome aboard',
      user: { id: c.id, role: 'provider' },
    });
    expect(res.json().reviewedAt).not.toBeNull();
    // The user's existing session now acts as a provider.
    expect((await me(t.app, cookie)).json().role).toBe('provider');
    const [stored] = await db().select().from(roleRequests).where(eq(roleRequests.id, r.id));
    expect(stored!.reviewedBy).toBe(adminUser.id);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, c.id));
    expect(entry).toMatchObject({ actorId: adminUser.id, action: 'Change Role', targetType: 'user' });
    expect(entry!.details).toMatchObject({
      roleRequestId: r.id,
      decision: 'approved',
      fromRole: 'customer',
      toRole: 'provider',
      targetUserEmail: c.email,
    });
  });

  it('deny: the role stays, the comment is optional, the audit log records the decision', async () => {
    const adminUser = await makeAdmin(db());
    const admin = await loginAs(t.app, adminUser);
    const c = await makeCustomer(db());
    const r = (await ask(await loginAs(t.app, c), { requestedRole: 'admin', reason: 'please' })).json();
    const res = await review(admin, r.id, { status: 'denied' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'denied', adminComment: null, user: { role: 'customer' } });
    expect((await userRow(c.id)).role).toBe('customer');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, c.id));
    expect(entry).toMatchObject({ actorId: adminUser.id, action: 'Review Role Request' });
    expect(entry!.details).toMatchObject({ decision: 'denied', fromRole: 'customer', toRole: 'customer' });
  });

  it('an approved admin role is permanent; a demoted admin loses admin at once', async () => {
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const expired = await makeAdmin(db(), { expired: true });
    const r = (await ask(await loginAs(t.app, expired), { requestedRole: 'admin', reason: 'renew' })).json();
    expect((await review(admin, r.id, { status: 'approved' })).statusCode).toBe(200);
    expect(await userRow(expired.id)).toMatchObject({ role: 'admin', adminExpiresAt: null });

    const other = await makeAdmin(db());
    const otherCookie = await loginAs(t.app, other);
    const down = (await ask(otherCookie, { requestedRole: 'customer', reason: 'stepping down' })).json();
    expect((await review(admin, down.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await get('/api/admin/role-requests', otherCookie)).statusCode).toBe(403);
  });

  it('reviews once: a second review answers 409 and changes nothing', async () => {
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const c = await makeCustomer(db());
    const r = (await ask(await loginAs(t.app, c), { requestedRole: 'provider', reason: 'x' })).json();
    await review(admin, r.id, { status: 'denied' });
    const again = await review(admin, r.id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This role request was already denied.');
    expect((await userRow(c.id)).role).toBe('customer');
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, c.id))).toHaveLength(1);
  });

  it('two admins approving and denying at once: exactly one review wins', async () => {
    const a1 = await loginAs(t.app, await makeAdmin(db()));
    const a2 = await loginAs(t.app, await makeAdmin(db()));
    const c = await makeCustomer(db());
    const r = (await ask(await loginAs(t.app, c), { requestedRole: 'provider', reason: 'x' })).json();
    const [x, y] = await Promise.all([
      review(a1, r.id, { status: 'approved' }),
      review(a2, r.id, { status: 'denied' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, c.id))).toHaveLength(1);
    const winner = x.statusCode === 200 ? 'provider' : 'customer';
    expect((await userRow(c.id)).role).toBe(winner);
  });

  it('answers 404 for an unknown or malformed id, 400 for a bad body, 403 for an own request', async () => {
    const adminUser = await makeAdmin(db());
    const admin = await loginAs(t.app, adminUser);
    expect(
      (await review(admin, '00000000-0000-4000-8000-000000000000', { status: 'approved' })).statusCode,
    ).toBe(404);
    expect((await review(admin, 'not-a-uuid', { status: 'approved' })).statusCode).toBe(404);
    const c = await makeCustomer(db());
    const r = (await ask(await loginAs(t.app, c), { requestedRole: 'provider', reason: 'x' })).json();
    expect((await review(admin, r.id, { status: 'pending' })).statusCode).toBe(400);
    expect(
      (await review(admin, r.id, { status: 'approved', adminComment: 'c'.repeat(1001) })).statusCode,
    ).toBe(400);
    const own = (await ask(admin, { requestedRole: 'provider', reason: 'me' })).json();
    const res = await review(admin, own.id, { status: 'approved' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(adminUser.id)).role).toBe('admin');
  });

  it('is for admins only', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const r = (await ask(cookie, { requestedRole: 'admin', reason: 'x' })).json();
    expect((await review(cookie, r.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await review(undefined, r.id, { status: 'approved' })).statusCode).toBe(401);
    expect((await userRow(c.id)).role).toBe('customer');
  });
});
