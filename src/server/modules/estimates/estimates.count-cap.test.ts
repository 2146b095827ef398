// The posted lists count at most a cap of matches (POSTED_LIST_COUNT_CAP in the domain): past it the answer says
// so (totalCapped) instead of reading every posted estimate on each request. Here with a small cap, on an app of
// its own so the count is this file's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeEstimate } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { listPosted } from './estimates.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  const owner = await makeCustomer(t.app.ctx.db);
  for (let i = 0; i < 5; i++) await makeEstimate(t.app.ctx.db, owner, { status: 'posted' });
  await makeEstimate(t.app.ctx.db, owner, { status: 'draft' });
});
afterAll(async () => {
  await t?.close();
});

describe('the posted lists count up to a cap', () => {
  it('answers the exact total below the cap, and the cap with totalCapped past it', async () => {
    const page = { page: 1, pageSize: 2 };
    expect(await listPosted(t.app.ctx.db, {}, page, 10)).toMatchObject({ total: 5, totalCapped: false });
    expect(await listPosted(t.app.ctx.db, {}, page, 5)).toMatchObject({ total: 5, totalCapped: false });
    const capped = await listPosted(t.app.ctx.db, {}, page, 3);
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.rows).toHaveLength(2);
  });

  it('answers the total on a page past the end too, and 0 for an empty list', async () => {
    const past = await listPosted(t.app.ctx.db, {}, { page: 4, pageSize: 2 }, 10);
    expect(past).toMatchObject({ rows: [], total: 5, totalCapped: false });
    const pastCapped = await listPosted(t.app.ctx.db, {}, { page: 9, pageSize: 2 }, 3);
    expect(pastCapped).toMatchObject({ rows: [], total: 3, totalCapped: true });
    const none = await listPosted(
      t.app.ctx.db,
      { category: 'no-such-category' },
      { page: 1, pageSize: 2 },
      10,
    );
    expect(none).toMatchObject({ rows: [], total: 0, totalCapped: false });
  });

  it('says totalCapped: false through the route when every match was counted', async () => {
    const cookie = await loginAs(t.app, await makeCustomer(t.app.ctx.db));
    const res = await call(t.app, { method: 'GET', url: '/api/estimates/posted?pageSize=2' }, cookie);
    expect(res.json()).toMatchObject({ total: 5, totalCapped: false, page: 1, pageSize: 2 });
  });
});
