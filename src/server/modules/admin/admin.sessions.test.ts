// An admin signs a user out everywhere (docs/security.md, ASVS 7.4.5): POST /api/admin/users/{id}/sign-out.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/index';
import { makeAdmin, makeCustomer } from '#server/test/factories';
import { call, me, signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const signOut = (cookie: string | undefined, id: string) =>
  call(t.app, { method: 'POST', url: `/api/admin/users/${id}/sign-out` }, cookie);

describe('POST /api/admin/users/{id}/sign-out', () => {
  it('ends every session of the user at once and writes Sign Out Everywhere to the audit log', async () => {
    const admin = await makeAdmin(t.database.db);
    const adminCookie = (await signIn(t.app, admin.email)).cookie;
    const user = await makeCustomer(t.database.db);
    const phone = (await signIn(t.app, user.email)).cookie;
    const laptop = (await signIn(t.app, user.email)).cookie;

    const res = await signOut(adminCookie, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The user has been signed out on every device.' });
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    // The account itself is untouched: the user signs in again.
    expect((await signIn(t.app, user.email)).res.statusCode).toBe(200);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'Sign Out Everywhere')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: 'user' });
  });

  it('an admin signing themselves out keeps the session they act from, and ends their others', async () => {
    const admin = await makeAdmin(t.database.db);
    const here = (await signIn(t.app, admin.email)).cookie;
    const elsewhere = (await signIn(t.app, admin.email)).cookie;
    expect((await signOut(here, admin.id)).statusCode).toBe(200);
    expect((await me(t.app, here)).statusCode).toBe(200);
    expect((await me(t.app, elsewhere)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown, malformed or closed account, and is for admins only', async () => {
    const admin = await makeAdmin(t.database.db);
    const adminCookie = (await signIn(t.app, admin.email)).cookie;
    expect((await signOut(adminCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await signOut(adminCookie, 'not-a-uuid')).statusCode).toBe(404);
    const closed = await makeCustomer(t.database.db, { deletedAt: new Date() });
    expect((await signOut(adminCookie, closed.id)).statusCode).toBe(404);

    const customer = await makeCustomer(t.database.db);
    const customerCookie = (await signIn(t.app, customer.email)).cookie;
    const victim = await makeCustomer(t.database.db);
    const victimCookie = (await signIn(t.app, victim.email)).cookie;
    expect((await signOut(customerCookie, victim.id)).statusCode).toBe(403);
    expect((await signOut(undefined, victim.id)).statusCode).toBe(401);
    expect((await me(t.app, victimCookie)).statusCode).toBe(200);
  });
});
