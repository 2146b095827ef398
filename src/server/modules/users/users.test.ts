// GET /api/users/{id} and GET /api/users?ids=: only first name and role, only to the user themselves,
// admins, and whoever a feature's visibility rule lets through (shared conversation or estimate); anyone else
// gets 404, or the id is left out of the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '#server/modules/users';
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

describe('GET /api/users/{id}', () => {
  it('shows a user their own first name and role, and nothing else', async () => {
    const c = await makeCustomer(db(), { firstName: 'Ann', phone: '555' });
    const res = await get(`/api/users/${c.id}`, await loginAs(t.app, c));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: c.id, firstName: 'Ann', role: 'customer' });
  });

  it('shows an admin anyone, with the role in force (an expired admin reads as customer)', async () => {
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const p = await makeProvider(db(), { firstName: 'Pat' });
    const expired = await makeAdmin(db(), { expired: true, firstName: 'Exa' });
    expect((await get(`/api/users/${p.id}`, admin)).json()).toEqual({
      id: p.id,
      firstName: 'Pat',
      role: 'provider',
    });
    expect((await get(`/api/users/${expired.id}`, admin)).json().role).toBe('customer');
  });

  it('answers 404 for someone the caller shares nothing with, an unknown or malformed id, a closed account', async () => {
    const c = await makeCustomer(db());
    const other = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const notShared = await get(`/api/users/${other.id}`, cookie);
    const unknown = await get('/api/users/00000000-0000-4000-8000-000000000000', cookie);
    expect(notShared.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    // The same answer either way: nothing tells whether the account exists.
    expect(notShared.json().error).toBe(unknown.json().error);
    expect((await get('/api/users/not-a-uuid', cookie)).statusCode).toBe(404);
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const gone = await makeCustomer(db());
    await updateUser(db(), gone.id, { deletedAt: new Date() });
    expect((await get(`/api/users/${gone.id}`, admin)).statusCode).toBe(404);
    // An expired admin is a customer: no longer sees others.
    const expired = await loginAs(t.app, await makeAdmin(db(), { expired: true }));
    expect((await get(`/api/users/${other.id}`, expired)).statusCode).toBe(404);
  });

  it('asks to sign in first', async () => {
    const c = await makeCustomer(db());
    expect((await get(`/api/users/${c.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/users?ids=', () => {
  it('answers the visible ones among the ids, in the order asked, each once', async () => {
    const c = await makeCustomer(db(), { firstName: 'Me' });
    const other = await makeCustomer(db());
    const cookie = await loginAs(t.app, c);
    const res = await get(`/api/users?ids=${other.id},${c.id},${c.id},junk`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: c.id, firstName: 'Me', role: 'customer' }]);
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const all = (await get(`/api/users?ids=${other.id}, ${c.id.toUpperCase()}`, admin)).json();
    expect(all.map((u: { id: string }) => u.id)).toEqual([other.id, c.id]);
  });

  it('needs 1 to 100 ids', async () => {
    const cookie = await loginAs(t.app, await makeCustomer(db()));
    expect((await get('/api/users', cookie)).statusCode).toBe(400);
    expect((await get('/api/users?ids=', cookie)).statusCode).toBe(400);
    expect((await get('/api/users?ids=,,', cookie)).statusCode).toBe(400);
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await get(`/api/users?ids=${ids(100).join(',')}`, cookie)).statusCode).toBe(200);
    expect((await get(`/api/users?ids=${ids(101).join(',')}`, cookie)).statusCode).toBe(400);
  });

  it('asks to sign in first', async () => {
    expect((await get('/api/users?ids=x')).statusCode).toBe(401);
  });
});

describe('canSeeUser', () => {
  it("admin or self today; a feature adds a relationship to the app's rules", async () => {
    const { canSeeUser, addRule } = t.app.ctx.userVisibility;
    const a = await makeCustomer(db());
    const b = await makeProvider(db(), { firstName: 'Bob' });
    const viewer = { id: a.id, role: 'customer' as const };
    expect(await canSeeUser(db(), viewer, a.id)).toBe(true);
    expect(await canSeeUser(db(), viewer, b.id)).toBe(false);
    expect(await canSeeUser(db(), { id: 'x', role: 'admin' }, b.id)).toBe(true);

    // What the messaging issue will do: users in one conversation see each other.
    addRule(
      'test-conversation',
      async (_db, v, targets) => new Set(v.id === a.id ? targets.filter((id) => id === b.id) : []),
    );
    expect(await canSeeUser(db(), viewer, b.id)).toBe(true);
    const res = await get(`/api/users/${b.id}`, await loginAs(t.app, a));
    expect(res.json()).toEqual({ id: b.id, firstName: 'Bob', role: 'provider' });
    // One-way here on purpose: the rule decides, nothing else.
    expect((await get(`/api/users/${a.id}`, await loginAs(t.app, b))).statusCode).toBe(404);
  });
});

describe('the session user (/auth/me)', () => {
  it('carries the plan in force, as the profile does: a lapsed trial reads as free', async () => {
    const lapsed = await makeProvider(db(), { plan: 'deluxe', billing: 'expired-trial' });
    const trial = await makeProvider(db(), { plan: 'deluxe', billing: 'trial' });
    for (const [user, plan] of [
      [lapsed, 'free'],
      [trial, 'deluxe'],
    ] as const) {
      const cookie = await loginAs(t.app, user);
      expect((await me(t.app, cookie)).json().subscriptionPlan).toBe(plan);
      expect((await get('/api/profile', cookie)).json().subscriptionPlan).toBe(plan);
    }
  });
});
