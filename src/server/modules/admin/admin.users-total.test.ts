// The Users tab as it opens (no search, every role and plan, deleted accounts left out) shows how many accounts are
// live. The number follows every sign-up, soft and hard deletion and restore at once, as counting them would, on an
// app of its own so the accounts are this file's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull } from 'drizzle-orm';
import { users } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeProvider } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
  cookie = await loginAs(t.app, await makeAdmin(t.app.ctx.db));
});
afterAll(async () => {
  await t?.close();
});

const shown = async () => {
  const res = await call(
    t.app,
    { method: 'GET', url: '/api/admin/users?role=all&subscription=all&page=1&timeZone=UTC' },
    cookie,
  );
  const body = res.json() as { total: number; pageCount: number };
  return { total: body.total, pageCount: body.pageCount };
};
const counted = async () =>
  (await t.app.ctx.db.select({ n: count() }).from(users).where(isNull(users.deletedAt)))[0]!.n;
const expectShownAsCounted = async () => {
  const n = await counted();
  expect(await shown()).toEqual({ total: n, pageCount: Math.max(1, Math.ceil(n / 10)) });
};

describe("the Users tab's total", () => {
  it('follows sign-ups, soft and hard deletions and restores', async () => {
    await expectShownAsCounted();
    const made = [];
    for (let i = 0; i < 11; i++) made.push(await (i % 2 ? makeProvider : makeCustomer)(t.app.ctx.db));
    await expectShownAsCounted();
    const send = (url: string) => call(t.app, { method: 'DELETE', url }, cookie);
    expect((await send(`/api/admin/users/${made[0]!.id}?mode=soft`)).statusCode).toBe(200);
    await expectShownAsCounted();
    expect((await send(`/api/admin/users/${made[0]!.id}?mode=hard`)).statusCode).toBe(200);
    expect((await send(`/api/admin/users/${made[1]!.id}?mode=hard`)).statusCode).toBe(200);
    await expectShownAsCounted();
    // Closed and reopened, and a change that leaves deletion alone.
    const closed = new Date();
    await t.app.ctx.db.update(users).set({ deletedAt: closed }).where(eq(users.id, made[2]!.id));
    await t.app.ctx.db.update(users).set({ deletedAt: closed }).where(eq(users.id, made[2]!.id));
    await expectShownAsCounted();
    await t.app.ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, made[2]!.id));
    await t.app.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, made[3]!.id));
    await expectShownAsCounted();
  });
});
