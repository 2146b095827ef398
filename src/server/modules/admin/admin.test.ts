// The admin console's server through HTTP on a real database (PGlite, or PostgreSQL with
// TEST_DB=postgres): the Users tab list and its filters at their bounds, edit, role change and self-downgrade,
// deletion preview, soft and hard deletion (no orphan row in any table), bulk results, the audit log, the
// catalogue export, visit counts, and the test-data clean-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { filterAdminUsers, looksLikeTestUser, NO_USERS_SELECTED } from '#domain/schemas/admin.schema';
import {
  adminUserListSchema,
  auditLogSchema,
  bulkDeleteResponseSchema,
  cleanupPreviewSchema,
  deletionPreviewSchema,
  EMAIL_IN_USE_MESSAGE,
  LAST_ADMIN_MESSAGE,
} from '#domain/schemas/admin-api.schema';
import { catalogExportRows } from '#domain/catalog/export';
import {
  auditLog,
  authTokens,
  estimates,
  projectConnections,
  projectMessages,
  projects,
  roleRequests,
  users,
  visits,
} from '#server/db/schema/index';
import type { Db, Executor } from '#server/db/client';
import {
  makeAdmin,
  makeCustomer,
  makeEstimate,
  makeProvider,
  makeUser,
  PASSWORD,
} from '#server/test/factories';
import { call, loginAs, signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { hardDeleteUser, userDataColumns } from './admin.repo.ts';
import { deletionReasons } from './admin.deletion.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
  admin = await makeAdmin(db(), { firstName: 'Ada', lastName: 'Root' });
  adminCookie = await loginAs(t.app, admin);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const get = (url: string, cookie: string | undefined = adminCookie) =>
  call(t.app, { method: 'GET', url }, cookie);
const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, cookie = adminCookie) =>
  call(t.app, { method, url, ...(payload ? { payload } : {}) }, cookie);
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
let tagSeq = 0;
/** A word only this test's users carry in their last name, so the shared database's other users stay out. */
const tag = () => `Zq${process.pid}x${++tagSeq}`;
const list = async (query: Record<string, string>) => {
  const res = await get(`/api/admin/users?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminUserListSchema.parse(res.json());
};
const auditFor = (targetId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);

describe('GET /api/admin/users', () => {
  it('filters created dates inclusively to the end of the named day, in the given time zone', async () => {
    const k = tag();
    const at = (iso: string, name: string) =>
      makeCustomer(db(), { lastName: k, firstName: name, now: new Date(iso) });
    await at('2025-03-09T23:59:59.999Z', 'before');
    await at('2025-03-10T00:00:00.000Z', 'first');
    await at('2025-03-10T23:59:59.999Z', 'last');
    await at('2025-03-11T00:00:00.000Z', 'after');
    await at('2025-03-11T03:59:59.000Z', 'nyLate');
    const names = async (q: Record<string, string>) =>
      (await list({ search: k, ...q })).users.map((u) => u.firstName).sort();
    expect(await names({ createdAfter: '2025-03-10', createdBefore: '2025-03-10' })).toEqual([
      'first',
      'last',
    ]);
    expect(await names({ createdAfter: '2025-03-11' })).toEqual(['after', 'nyLate']);
    expect(await names({ createdBefore: '2025-03-09' })).toEqual(['before']);
    // New York (UTC-4 in March after the 9th): March 10 runs to 04:00 UTC on the 11th.
    expect(await names({ createdBefore: '2025-03-10', timeZone: 'America/New_York' })).toEqual(
      ['before', 'first', 'last', 'after', 'nyLate'].sort(),
    );
    expect(await names({ createdAfter: '2025-03-11', timeZone: 'America/New_York' })).toEqual([]);
    const bad = await get(`/api/admin/users?timeZone=Mars/Olympus`);
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/admin/users?createdBefore=2025-02-30')).statusCode).toBe(400);
  });

  it('last active: no lastActiveAt fails an after filter and passes a before filter (end of day inclusive)', async () => {
    const k = tag();
    const mk = (name: string, lastActiveAt: Date | null) =>
      makeCustomer(db(), { lastName: k, firstName: name, lastActiveAt });
    await mk('never', null);
    await mk('early', new Date('2025-05-01T00:00:00Z'));
    await mk('late', new Date('2025-05-01T23:59:59.999Z'));
    await mk('next', new Date('2025-05-02T00:00:00Z'));
    const names = async (q: Record<string, string>) =>
      (await list({ search: k, ...q })).users.map((u) => u.firstName).sort();
    expect(await names({ lastActiveAfter: '2025-05-01' })).toEqual(['early', 'late', 'next']);
    expect(await names({ lastActiveAfter: '2025-05-02' })).toEqual(['next']);
    expect(await names({ lastActiveBefore: '2025-05-01' })).toEqual(['early', 'late', 'never']);
    expect(await names({ lastActiveBefore: '2025-04-30' })).toEqual(['never']);
    expect(await names({ lastActiveAfter: '2025-05-01', lastActiveBefore: '2025-05-01' })).toEqual([
      'early',
      'late',
    ]);
  });

  it('searches first name, last name, full name and email case-insensitively; % and _ match literally', async () => {
    const k = tag();
    await makeCustomer(db(), { firstName: 'Marta', lastName: `Lopez${k}`, email: `marta.${k}@mail.test` });
    await makeCustomer(db(), { firstName: 'Ben_10', lastName: `Ho${k}` });
    const emails = async (search: string) => (await list({ search })).users.map((u) => u.firstName).sort();
    expect(await emails(`marta lopez${k}`.toUpperCase())).toEqual(['Marta']);
    expect(await emails(`marta.${k.toLowerCase()}@MAIL`)).toEqual(['Marta']);
    expect(await emails(`Ben_10 Ho${k}`)).toEqual(['Ben_10']);
    expect(await emails(`Ben%0 Ho${k}`)).toEqual([]);
    expect(await emails(`Ben_1_ Ho${k}`)).toEqual([]);
  });

  it('role and subscription (providers only), newest first, 10 a page, the total, a page past the end', async () => {
    const k = tag();
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 12; i++) {
      await makeCustomer(db(), {
        lastName: k,
        firstName: `c${String(i).padStart(2, '0')}`,
        now: new Date(base + i * 1000),
      });
    }
    await makeProvider(db(), { lastName: k, firstName: 'deluxe', plan: 'deluxe' });
    await makeProvider(db(), { lastName: k, firstName: 'starter', plan: 'starter' });
    await makeAdmin(db(), { lastName: k, firstName: 'boss' });
    const p1 = await list({ search: k, role: 'customer' });
    expect(p1.total).toBe(12);
    expect(p1.pageCount).toBe(2);
    expect(p1.pageSize).toBe(10);
    expect(p1.users.map((u) => u.firstName)).toEqual([
      'c11',
      'c10',
      'c09',
      'c08',
      'c07',
      'c06',
      'c05',
      'c04',
      'c03',
      'c02',
    ]);
    const p2 = await list({ search: k, role: 'customer', page: '2' });
    expect(p2.users.map((u) => u.firstName)).toEqual(['c01', 'c00']);
    expect((await list({ search: k, role: 'customer', page: '99' })).page).toBe(2);
    expect((await list({ search: k, subscription: 'deluxe' })).users.map((u) => u.firstName)).toEqual([
      'deluxe',
    ]);
    expect((await list({ search: k, role: 'admin' })).users.map((u) => u.firstName)).toEqual(['boss']);
    // The free plan filter lists free providers only, never the customers on free.
    expect((await list({ search: k, subscription: 'free' })).total).toBe(0);
    expect((await list({ search: k })).total).toBe(15);
  });

  it('agrees with the domain predicate (filterAdminUsers) on every filter combination', async () => {
    const k = tag();
    const mk = (i: number) =>
      makeUser(db(), {
        firstName: `u${i}`,
        lastName: k,
        role: (['customer', 'provider', 'admin'] as const)[i % 3],
        subscriptionPlan: (['free', 'starter', 'deluxe'] as const)[i % 3 === 1 ? i % 2 : 0],
        createdAt: new Date(Date.UTC(2025, 5, 1 + (i % 4), i)),
        lastActiveAt: i % 5 === 0 ? null : new Date(Date.UTC(2025, 6, 1 + (i % 3), 23, 30)),
      });
    const made = [];
    for (let i = 0; i < 14; i++) made.push(await mk(i));
    const combos: Record<string, string>[] = [
      {},
      { role: 'provider' },
      { subscription: 'starter' },
      { createdAfter: '2025-06-02', createdBefore: '2025-06-03' },
      { lastActiveAfter: '2025-07-02' },
      { lastActiveBefore: '2025-07-01' },
      { role: 'customer', lastActiveBefore: '2025-07-02', createdAfter: '2025-06-01' },
    ];
    for (const q of combos) {
      const server = await list({ search: k, ...q });
      const domain = filterAdminUsers(made, { search: k, ...q });
      expect(server.total, JSON.stringify(q)).toBe(domain.total);
      expect(
        server.users.map((u) => u.id),
        JSON.stringify(q),
      ).toEqual(domain.items.map((u) => u.id));
    }
  });

  it('leaves soft-deleted accounts out unless asked; shows the stored role and the role in force', async () => {
    const k = tag();
    const gone = await makeCustomer(db(), { lastName: k, firstName: 'gone' });
    await makeAdmin(db(), { lastName: k, firstName: 'lapsed', expired: true });
    expect((await send('DELETE', `/api/admin/users/${gone.id}`)).statusCode).toBe(200);
    const active = await list({ search: k });
    expect(active.users.map((u) => [u.firstName, u.role, u.effectiveRole])).toEqual([
      ['lapsed', 'admin', 'customer'],
    ]);
    expect((await list({ search: 'deleted-', deleted: 'only' })).users.map((u) => u.id)).toContain(gone.id);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('reads any account; 404 for an unknown or malformed id', async () => {
    const c = await makeCustomer(db(), { firstName: 'Rita' });
    const res = await get(`/api/admin/users/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, firstName: 'Rita', email: c.email, role: 'customer' });
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect((await get('/api/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/users/nope')).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  const edit = (id: string, body: object) => send('PUT', `/api/admin/users/${id}`, body);

  it('changes names and email (unconfirmed again) and writes Edit User with before and after', async () => {
    const c = await makeCustomer(db(), { firstName: 'Old', lastName: 'Name' });
    const email = `renamed-${c.id.slice(0, 8)}@mail.test`;
    const res = await edit(c.id, {
      id: c.id,
      firstName: 'New',
      lastName: 'Name',
      email: email.toUpperCase(),
      role: 'customer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'New', email, emailVerified: false });
    expect(res.json().wasDowngraded).toBe(false);
    const entries = await auditFor(c.id);
    expect(entries.map((e) => e.action)).toEqual(['Edit User']);
    expect(entries[0]!.actorId).toBe(admin.id);
    expect(entries[0]!.details).toMatchObject({
      changes: { firstName: { from: 'Old', to: 'New' }, email: { from: c.email, to: email } },
      targetUserEmail: email,
      adminName: 'Ada Root',
    });
    // Nothing changed: no entry.
    expect(
      (await edit(c.id, { firstName: 'New', lastName: 'Name', email, role: 'customer' })).statusCode,
    ).toBe(200);
    expect(await auditFor(c.id)).toHaveLength(1);
  });

  it("refuses another account's email with a field message (409), whatever its case", async () => {
    const a = await makeCustomer(db());
    const b = await makeCustomer(db());
    const res = await edit(a.id, {
      firstName: 'A',
      lastName: 'B',
      email: ` ${b.email.toUpperCase()} `,
      role: 'customer',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: EMAIL_IN_USE_MESSAGE });
    expect((await userRow(a.id))!.email).toBe(a.email);
  });

  it('validates the form: names, email, subscription only for providers, expiry only for admins', async () => {
    const c = await makeCustomer(db());
    const fields = async (body: object) => (await edit(c.id, body)).json().fields;
    const ok = { firstName: 'A', lastName: 'B', email: c.email, role: 'customer' };
    expect(await fields({ ...ok, firstName: ' ' })).toMatchObject({ firstName: 'First name is required' });
    expect(await fields({ ...ok, email: 'nope' })).toMatchObject({ email: 'Invalid email address' });
    expect(await fields({ ...ok, subscriptionPlan: 'deluxe' })).toMatchObject({
      subscriptionPlan: 'Only providers have a subscription plan',
    });
    expect(await fields({ ...ok, adminExpiresAt: '2030-01-01T00:00:00Z' })).toHaveProperty('adminExpiresAt');
    expect((await edit('00000000-0000-4000-8000-000000000000', ok)).statusCode).toBe(404);
    const other = await makeCustomer(db());
    expect((await edit(c.id, { ...ok, id: other.id })).statusCode).toBe(400);
    expect((await edit(c.id, { ...ok, id: c.id.toUpperCase() })).statusCode).toBe(200);
    expect((await userRow(other.id))!.firstName).toBe(other.firstName);
  });

  it("changes a provider's plan (Change Subscription, in force even after an expired trial) and a role (Change Role)", async () => {
    const p = await makeProvider(db(), { plan: 'starter', billing: 'expired-trial' });
    const res = await edit(p.id, {
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      role: 'provider',
      subscriptionPlan: 'deluxe',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await userRow(p.id))!;
    expect(row.subscriptionPlan).toBe('deluxe');
    expect(row.subscriptionExpiryDate!.getTime()).toBeGreaterThan(t.clock.now.getTime());
    const toCustomer = await edit(p.id, {
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      role: 'customer',
    });
    expect(toCustomer.json().user.role).toBe('customer');
    expect((await auditFor(p.id)).map((e) => e.action)).toEqual(['Change Subscription', 'Change Role']);
  });

  it("sets and clears an admin's expiry", async () => {
    const a = await makeAdmin(db());
    const base = { firstName: a.firstName, lastName: a.lastName, email: a.email, role: 'admin' };
    const until = '2031-02-03T04:05:06.000Z';
    expect((await edit(a.id, { ...base, adminExpiresAt: until })).json().user.adminExpiresAt).toBe(until);
    // Left out: kept.
    expect((await edit(a.id, base)).json().user.adminExpiresAt).toBe(until);
    expect((await edit(a.id, { ...base, adminExpiresAt: null })).json().user.adminExpiresAt).toBeNull();
    const entries = await auditFor(a.id);
    expect(entries.map((e) => e.action)).toEqual(['Change Role', 'Change Role']);
    expect(entries[1]!.details).toMatchObject({ changes: { adminExpiresAt: { from: until, to: null } } });
  });
});

describe('PUT /api/admin/users/{userId}/role', () => {
  it('changes the role at once and writes Change Role', async () => {
    const c = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    expect((await get('/api/admin/logs', cookie)).statusCode).toBe(403);
    const res = await send('PUT', `/api/admin/users/${c.id}/role`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { role: 'admin', effectiveRole: 'admin' },
      wasDowngraded: false,
    });
    expect((await get('/api/admin/logs', cookie)).statusCode).toBe(200);
    const [entry] = await auditFor(c.id);
    expect(entry).toMatchObject({ action: 'Change Role', actorId: admin.id });
    expect(entry!.details).toMatchObject({ fromRole: 'customer', toRole: 'admin' });
    expect((await send('PUT', `/api/admin/users/${c.id}/role`, { role: 'boss' })).statusCode).toBe(400);
  });

  it('an admin who demotes themselves gets wasDowngraded and loses the console with the same session', async () => {
    const me = await makeAdmin(db());
    const cookie = await loginAs(t.app, me);
    const res = await send('PUT', `/api/admin/users/${me.id}/role`, { role: 'customer' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().wasDowngraded).toBe(true);
    expect((await get('/api/admin/users', cookie)).statusCode).toBe(403);
  });
});

describe('the last active admin', () => {
  it('two admins demoting each other at once: one wins, the other is refused (never none left, no deadlock)', async () => {
    const solo = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
    try {
      const a = await makeAdmin(solo.app.ctx.db);
      const b = await makeAdmin(solo.app.ctx.db);
      const demote = async (by: typeof a, target: typeof a) =>
        call(
          solo.app,
          { method: 'PUT', url: `/api/admin/users/${target.id}/role`, payload: { role: 'customer' } },
          await loginAs(solo.app, by),
        );
      const results = await Promise.all([demote(a, b), demote(b, a)]);
      // The loser is refused either as the last admin (409, when it was signed in as an admin before the other
      // demotion committed) or as no longer an admin (403, when its request is authorised after that commit).
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const left = await solo.app.ctx.db.select().from(users).where(eq(users.role, 'admin'));
      expect(left).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });

  it('cannot be demoted, by role change or edit (409); expired admins do not count', async () => {
    const solo = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
    try {
      const only = await makeAdmin(solo.app.ctx.db);
      await makeAdmin(solo.app.ctx.db, { expired: true });
      const cookie = await loginAs(solo.app, only);
      const demote = await call(
        solo.app,
        { method: 'PUT', url: `/api/admin/users/${only.id}/role`, payload: { role: 'customer' } },
        cookie,
      );
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error).toBe(LAST_ADMIN_MESSAGE);
      const edit = await call(
        solo.app,
        {
          method: 'PUT',
          url: `/api/admin/users/${only.id}`,
          payload: { firstName: 'A', lastName: 'B', email: only.email, role: 'provider' },
        },
        cookie,
      );
      expect(edit.statusCode).toBe(409);
      const second = await makeAdmin(solo.app.ctx.db);
      const now = await call(
        solo.app,
        { method: 'PUT', url: `/api/admin/users/${only.id}/role`, payload: { role: 'customer' } },
        cookie,
      );
      expect(now.json().wasDowngraded).toBe(true);
      expect(second.role).toBe('admin');
    } finally {
      await solo.close();
    }
  });
});

/** A user with a record in every table that can point at a user. */
async function userWithEverything(d: Db) {
  const u = await makeCustomer(d, { firstName: 'Full', lastName: 'Data' });
  const other = await makeProvider(d);
  await loginAs(t.app, u);
  await loginAs(t.app, u);
  await makeEstimate(d, u, { status: 'posted' });
  await makeEstimate(d, u);
  const [project] = await d
    .insert(projects)
    .values({ ownerId: u.id, title: 'Deck', category: 'kitchen', city: 'Jacksonville' })
    .returning();
  const [othersProject] = await d
    .insert(projects)
    .values({ ownerId: other.id, title: 'Roof', category: 'kitchen', city: 'Jacksonville' })
    .returning();
  await d
    .insert(projectMessages)
    .values({ projectId: project!.id, senderUserId: other.id, body: 'I can do it' });
  await d
    .insert(projectMessages)
    .values({ projectId: othersProject!.id, senderUserId: u.id, body: 'Hello there' });
  await d.insert(projectConnections).values({ projectId: othersProject!.id, providerUserId: u.id });
  await d.insert(roleRequests).values({ userId: u.id, requestedRole: 'provider', reason: 'x' });
  await d.insert(authTokens).values({
    userId: u.id,
    purpose: 'verify_email',
    tokenHash: `h-${u.id}`,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await d.insert(visits).values({ userId: u.id, page: '/x', ipAddress: '10.0.0.1', visitedAt: new Date(0) });
  await d
    .insert(auditLog)
    .values({ actorId: u.id, action: 'Delete User', targetType: 'user', targetId: u.id });
  return { u, other, othersProject: othersProject! };
}

/** Every foreign key column that references users.id, from the database's catalogue ("table.column"). */
async function foreignKeysToUsers(d: Executor): Promise<string[]> {
  const res = await d.execute<{ tbl: string; col: string }>(sql`
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass`);
  return res.rows.map((r) => `${r.tbl.replace(/^public\./, '').replace(/"/g, '')}.${r.col}`).sort();
}

async function rowsPointingAt(d: Executor, userId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const fk of await foreignKeysToUsers(d)) {
    const [tbl, col] = fk.split('.') as [string, string];
    const res = await d.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(tbl)} where ${sql.identifier(col)} = ${userId}`,
    );
    out[fk] = Number(res.rows[0]!.n);
  }
  return out;
}

describe('deletion', () => {
  it('the registry names every foreign key to users (a new table must be added in admin.repo.ts)', async () => {
    expect(userDataColumns()).toEqual(await foreignKeysToUsers(db()));
  });

  it('preview: exists, user, counts, totalRecords; admins and the caller protected; unknown ids not found', async () => {
    const { u } = await userWithEverything(db());
    const other = await makeAdmin(db());
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await get(
      `/api/admin/users/preview?ids=${u.id},${other.id},${admin.id},${unknown},junk,${u.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = deletionPreviewSchema.parse(res.json());
    expect(items.map((i) => [i.userId, i.exists, i.canDelete])).toEqual([
      [u.id, true, true],
      [other.id, true, false],
      [admin.id, true, false],
      [unknown, false, false],
      ['junk', false, false],
    ]);
    expect(items[0]).toMatchObject({
      user: { firstName: 'Full', lastName: 'Data', email: u.email, role: 'customer', deletedAt: null },
      counts: { messages: 1, estimates: 2, sessions: 2 },
      reason: null,
    });
    const pointing = Object.values(await rowsPointingAt(db(), u.id)).reduce((a, b) => a + b, 0);
    expect(items[0]!.totalRecords).toBe(pointing + 1);
    expect(items[1]!.reason).toBe(deletionReasons.admin);
    expect(items[2]!.reason).toBe(deletionReasons.self);
    expect((await get('/api/admin/users/preview?ids=')).json().error).toBe(NO_USERS_SELECTED);
  });

  it('soft (the default): redacts, ends every session (old cookie 401), keeps business records, audits', async () => {
    const { u } = await userWithEverything(db());
    const cookie = await loginAs(t.app, u);
    expect((await get(`/api/users/${u.id}`, cookie)).statusCode).toBe(200);
    const res = await send('DELETE', `/api/admin/users/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: u.id, status: 'deleted', mode: 'soft', reason: null });
    expect((await get(`/api/users/${u.id}`, cookie)).statusCode).toBe(401);
    expect((await signIn(t.app, u.email, PASSWORD)).res.statusCode).not.toBe(200);
    const row = (await userRow(u.id))!;
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'User', phone: null, address: null });
    expect(row.email).not.toBe(u.email);
    expect(row.deletedAt).not.toBeNull();
    const pointing = await rowsPointingAt(db(), u.id);
    expect(pointing['sessions.user_id']).toBe(0);
    expect(pointing['estimates.owner_id']).toBe(2);
    expect(pointing['project_messages.sender_user_id']).toBe(1);
    const [entry] = (await auditFor(u.id)).filter((e) => e.actorId === admin.id);
    expect(entry).toMatchObject({ action: 'Delete User' });
    expect(entry!.details).toMatchObject({ mode: 'soft', targetUserEmail: u.email });
    // Again: already deleted.
    expect((await send('DELETE', `/api/admin/users/${u.id}?mode=soft`)).statusCode).toBe(409);
  });

  it('hard: the user and every row pointing at them are gone, in one transaction; audited with the mode', async () => {
    const { u, other, othersProject } = await userWithEverything(db());
    const res = await send('DELETE', `/api/admin/users/${u.id}?mode=hard`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'deleted', mode: 'hard' });
    expect(await userRow(u.id)).toBeUndefined();
    const pointing = await rowsPointingAt(db(), u.id);
    expect(Object.entries(pointing).filter(([, n]) => n > 0)).toEqual([]);
    // Other people's records stay: the other provider, their project (without u's message and connection).
    expect(await userRow(other.id)).toBeDefined();
    expect(await db().select().from(projects).where(eq(projects.id, othersProject.id))).toHaveLength(1);
    // The entry u wrote as actor stays, without its actor; the deletion's own entry names u as it was.
    const entries = await auditFor(u.id);
    expect(entries.find((e) => e.actorId === null)).toBeDefined();
    const deletion = entries.find((e) => e.actorId === admin.id)!;
    expect(deletion.details).toMatchObject({
      mode: 'hard',
      targetUserEmail: u.email,
      targetUserName: 'Full Data',
    });
    expect((await send('DELETE', `/api/admin/users/${u.id}?mode=hard`)).statusCode).toBe(404);
  });

  it('hard deletion of a soft-deleted account removes what was kept', async () => {
    const { u } = await userWithEverything(db());
    expect((await send('DELETE', `/api/admin/users/${u.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/admin/users/${u.id}?mode=hard`)).statusCode).toBe(200);
    expect(await db().select().from(estimates).where(eq(estimates.ownerId, u.id))).toHaveLength(0);
  });

  it('protects admins and the caller (403) and refuses an unknown mode', async () => {
    const other = await makeAdmin(db());
    expect((await send('DELETE', `/api/admin/users/${other.id}`)).json().error).toBe(deletionReasons.admin);
    expect((await send('DELETE', `/api/admin/users/${admin.id}?mode=hard`)).statusCode).toBe(403);
    const c = await makeCustomer(db());
    expect((await send('DELETE', `/api/admin/users/${c.id}?mode=shred`)).statusCode).toBe(400);
    expect(await userRow(other.id)).toBeDefined();
  });

  it('bulk: per-user results; one transaction per user, so a failure leaves the others deleted', async () => {
    const a = await makeCustomer(db());
    const b = await makeProvider(db());
    const gone = await makeCustomer(db());
    await send('DELETE', `/api/admin/users/${gone.id}`);
    const other = await makeAdmin(db());
    // A table the registry does not know, whose foreign key refuses the deletion: b's hard deletion fails.
    await db().execute(
      sql`create table admin_test_blocker (user_id uuid references users(id) on delete restrict)`,
    );
    try {
      await db().execute(sql`insert into admin_test_blocker values (${b.id})`);
      const res = await send('DELETE', '/api/admin/users/bulk', {
        userIds: [a.id, b.id, other.id, admin.id, gone.id, 'junk', a.id.toUpperCase()],
        mode: 'hard',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = bulkDeleteResponseSchema.parse(res.json());
      expect(body.results.map((r) => [r.userId, r.status])).toEqual([
        [a.id, 'deleted'],
        [b.id, 'failed'],
        [other.id, 'skipped'],
        [admin.id, 'skipped'],
        [gone.id, 'deleted'],
        ['junk', 'skipped'],
      ]);
      expect(body).toMatchObject({ mode: 'hard', deleted: 2, skipped: 3, failed: 1 });
      expect(body.results[1]!.reason).toBe(deletionReasons.failed);
      expect(await userRow(a.id)).toBeUndefined();
      expect(await userRow(b.id)).toBeDefined();
      // The failed one wrote no audit entry either.
      expect((await auditFor(b.id)).filter((e) => e.action === 'Delete User')).toHaveLength(0);
    } finally {
      await db().execute(sql`drop table admin_test_blocker`);
    }
    const empty = await send('DELETE', '/api/admin/users/bulk', { userIds: [], mode: 'soft' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(NO_USERS_SELECTED);
  });

  it('hardDeleteUser rolls back with its transaction (nothing half-removed)', async () => {
    const { u } = await userWithEverything(db());
    const before = await rowsPointingAt(db(), u.id);
    await expect(
      db().transaction(async (tx) => {
        await hardDeleteUser(tx, u.id);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await rowsPointingAt(db(), u.id)).toEqual(before);
  });
});

describe('GET /api/admin/logs', () => {
  it('newest first, filtered by admin and action type, paged; no route edits or deletes entries', async () => {
    const second = await makeAdmin(db(), { firstName: 'Second', lastName: 'Admin' });
    const secondCookie = await loginAs(t.app, second);
    const c = await makeCustomer(db());
    for (const [method, url, body] of [
      ['PUT', `/api/admin/users/${c.id}/role`, { role: 'provider' }],
      ['PUT', `/api/admin/users/${c.id}/role`, { role: 'customer' }],
      ['DELETE', `/api/admin/users/${c.id}`, undefined],
    ] as const) {
      t.clock.advance(1000);
      expect((await send(method, url, body, secondCookie)).statusCode).toBe(200);
    }
    const res = await get(`/api/admin/logs?adminId=${second.id}`);
    expect(res.statusCode).toBe(200);
    const log = auditLogSchema.parse(res.json());
    expect(log.total).toBe(3);
    expect(log.entries.map((e) => e.actionType)).toEqual(['Delete User', 'Change Role', 'Change Role']);
    expect(log.entries[0]).toMatchObject({
      adminId: second.id,
      adminName: 'Second Admin',
      adminEmail: second.email,
      targetUserId: c.id,
      targetUserEmail: c.email,
    });
    const roles = auditLogSchema.parse(
      (await get(`/api/admin/logs?adminId=${second.id}&actionType=Change%20Role`)).json(),
    );
    expect(roles.entries).toHaveLength(2);
    expect(roles.entries[0]!.details).toMatchObject({ fromRole: 'provider', toRole: 'customer' });
    expect((await get('/api/admin/logs?actionType=Nope')).statusCode).toBe(400);
    expect(auditLogSchema.parse((await get('/api/admin/logs?adminId=not-a-uuid')).json()).total).toBe(0);
    const all = auditLogSchema.parse((await get('/api/admin/logs')).json());
    expect(all.pageSize).toBe(20);
    const stamps = all.entries.map((e) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const writes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/admin/logs') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
  });
});

/** A minimal RFC 4180 reader, for checking the export as a spreadsheet would read it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('GET /api/admin/estimate-catalog.csv and .json', () => {
  it('downloads the catalogue as CSV: attachment, UTF-8 with BOM, one row per subtask, no live formula', async () => {
    const res = await get('/api/admin/estimate-catalog.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="estimate-catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    const expected = catalogExportRows();
    expect(rows[0]).toEqual([
      'catalog',
      'category',
      'tasks',
      'subtaskId',
      'subtask',
      'unitPrice',
      'measurementType',
      'measurementUnit',
      'equation',
      'status',
      'note',
      'source',
    ]);
    expect(rows).toHaveLength(expected.length + 1);
    expect(rows.every((r) => r.length === 12)).toBe(true);
    for (const cell of rows.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[1]![4]).toBe(expected[0]!.subtask);
    expect(['active', 'inactive']).toContain(rows[1]![9]);
  });

  it('downloads the same rows as JSON', async () => {
    const res = await get('/api/admin/estimate-catalog.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="estimate-catalog-.*\.json"$/);
    expect(res.json().rows).toEqual(catalogExportRows());
  });
});

describe('visits for the analytics tab', () => {
  it('counts every visit and lists the recent ones newest first, 100 by default', async () => {
    const before = (await get('/api/visits/count')).json().totalVisits as number;
    for (const page of ['/a', '/b', '/c']) {
      expect((await send('POST', '/api/visits', { page, referrer: 'https://google.com/x' })).statusCode).toBe(
        204,
      );
      t.clock.advance(1000);
    }
    expect((await get('/api/visits/count')).json()).toEqual({ totalVisits: before + 3 });
    const recent = (await get('/api/visits/recent?limit=2')).json() as { page: string; referer: string }[];
    expect(recent.map((v) => v.page)).toEqual(['/c', '/b']);
    expect(recent[0]!.referer).toBe('https://google.com/x');
    expect(((await get('/api/visits/recent')).json() as unknown[]).length).toBeLessThanOrEqual(100);
    expect((await get('/api/visits/recent?limit=501')).statusCode).toBe(400);
  });
});

describe('clean-up', () => {
  it('previews test-looking accounts (never admins, the caller or deleted ones) with counts; the rule matches the domain', async () => {
    const k = tag().toLowerCase();
    const samples = [
      { email: `jane.${k}@gmail.com`, firstName: 'Jane', lastName: 'Doe' },
      { email: `qa7.${k}@gmail.com`, firstName: 'Q', lastName: 'A' },
      { email: `anna+test.${k}@gmail.com`, firstName: 'Anna', lastName: 'B' },
      { email: `bob.${k}@shop.test`, firstName: 'Bob', lastName: 'C' },
      { email: `testimony.${k}@gmail.com`, firstName: 'Tess', lastName: 'D' },
      { email: `carl.${k}@gmail.com`, firstName: 'Demo', lastName: 'E' },
      { email: `x.${k}@example.com`, firstName: 'X', lastName: 'F' },
    ];
    const made = [];
    for (const s of samples) made.push(await makeCustomer(db(), s));
    const withData = made[6]!;
    await makeEstimate(db(), withData, { status: 'posted' });
    const [p] = await db()
      .insert(projects)
      .values({ ownerId: withData.id, title: 'T', category: 'kitchen', city: 'J' })
      .returning();
    await db().insert(projectMessages).values({ projectId: p!.id, senderUserId: withData.id, body: 'hi' });
    await makeAdmin(db(), { email: `admin.${k}@example.com` });

    const allRes = await get(`/api/admin/cleanup/preview?scope=all&search=${k}`);
    expect(allRes.statusCode, allRes.body).toBe(200);
    const all = cleanupPreviewSchema.parse(allRes.json());
    expect(all.totalUsers).toBe(samples.length);
    const byEmail = new Map(all.users.map((u) => [u.email, u]));
    for (const s of samples) expect(byEmail.get(s.email)?.is_test, s.email).toBe(looksLikeTestUser(s));
    expect(samples.map((s) => looksLikeTestUser(s))).toEqual([false, true, true, true, false, true, true]);
    expect(byEmail.get(withData.email)!.counts).toEqual({
      estimates: 1,
      messages: 1,
      posted_tasks: 1,
      conversations: 1,
    });

    const tests = cleanupPreviewSchema.parse((await get(`/api/admin/cleanup/preview?search=${k}`)).json());
    expect(tests.totalUsers).toBe(5);
    expect(tests.users.every((u) => u.is_test && u.role !== 'admin')).toBe(true);
    const everyone = cleanupPreviewSchema.parse((await get('/api/admin/cleanup/preview?scope=all')).json());
    expect(everyone.users.some((u) => u.id === admin.id)).toBe(false);
  });

  it('executes on the selected test accounts only: {mode, userIds} and each result; "No users selected" when empty', async () => {
    const testy = await makeCustomer(db(), { email: `test.${tag().toLowerCase()}@gmail.com` });
    const real = await makeCustomer(db(), {
      email: `maria.${tag().toLowerCase()}@gmail.com`,
      firstName: 'Maria',
      lastName: 'Real',
    });
    const res = await send('POST', '/api/admin/cleanup/execute', {
      userIds: [testy.id, real.id],
      mode: 'hard',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'hard',
      userIds: [testy.id],
      results: [
        { userId: testy.id, status: 'deleted' },
        { userId: real.id, status: 'skipped', reason: deletionReasons.notTestData },
      ],
    });
    expect(await userRow(testy.id)).toBeUndefined();
    expect(await userRow(real.id)).toBeDefined();
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, testy.id), eq(auditLog.action, 'Delete User')));
    expect(entries).toHaveLength(1);
    const empty = await send('POST', '/api/admin/cleanup/execute', { userIds: [], mode: 'soft' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(NO_USERS_SELECTED);
  });
});

describe('who may call the console', () => {
  it('customers, providers and an expired admin get 403, anonymous callers 401 (every route: the matrix)', async () => {
    const customer = await loginAs(t.app, await makeCustomer(db()));
    const provider = await loginAs(t.app, await makeProvider(db()));
    const lapsed = await loginAs(t.app, await makeAdmin(db(), { expired: true }));
    for (const url of [
      '/api/admin/users',
      '/api/admin/logs',
      '/api/admin/estimate-catalog.csv',
      '/api/admin/cleanup/preview',
    ]) {
      expect((await get(url, customer)).statusCode).toBe(403);
      expect((await get(url, provider)).statusCode).toBe(403);
      expect((await get(url, lapsed)).statusCode).toBe(403);
      expect((await get(url, '')).statusCode).toBe(401);
    }
  });
});
