// The providers' task feeds with public projects in them (GET /api/tasks, /api/tasks/posted, /api/recommendations),
// on the real app and database: live projects of the categories a plan opens appear as kind "project" beside the
// posted estimates, in one order paged on the server; closed projects and closed accounts' projects do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem, FeedPage } from '#domain/schemas/task-feed.schema';
import { users } from '#server/db/schema/index';
import { eq } from 'drizzle-orm';
import { makeAdmin, makeCustomer, makeEstimate, makeProject, makeProvider } from '#server/test/factories';
import { call, loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const MINUTE = 60_000;
let n = 0;
const newTag = () => `fd${Date.now().toString(36)}${(++n).toString(36)}`;

const feed = async (cookie: string, query: string, url = '/api/tasks') => {
  const res = await call(t.app, { method: 'GET', url: `${url}?${query}` }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedPage>();
};
const titles = (page: FeedPage) => page.items.map((i) => `${i.kind}:${i.title}`);

/** A live project made a minute after the last thing made (the clock moves on). */
async function project(ownerId: string, title: string, traits: Parameters<typeof makeProject>[2] = {}) {
  t.clock.advance(MINUTE);
  return makeProject(db(), ownerId, { title, city: 'Jacksonville', createdAt: t.clock.now, ...traits });
}

async function estimate(
  owner: Awaited<ReturnType<typeof makeCustomer>>,
  title: string,
  category = 'kitchen',
) {
  t.clock.advance(MINUTE);
  return makeEstimate(db(), owner, { category, title, status: 'posted', now: t.clock.now });
}

describe('live projects in the task feeds', () => {
  it('lists the projects of the categories the plan opens, marked as projects, beside the estimates', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    const kitchen = await project(owner.id, `Kitchen ${tag}`, { category: 'kitchen' });
    const bath = await project(owner.id, `Bath ${tag}`, { category: 'bathroom' });
    await estimate(owner, `Cabinets ${tag}`);

    const deluxe = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    const all = await feed(deluxe, `search=${tag}`);
    expect(titles(all)).toEqual([
      `estimate:Cabinets ${tag}`,
      `project:Bath ${tag}`,
      `project:Kitchen ${tag}`,
    ]);
    expect(all.total).toBe(3);
    const item = all.items.find((i) => i.id === kitchen.id)!;
    expect(item).toMatchObject({
      kind: 'project',
      category: 'kitchen',
      city: 'Jacksonville',
      bidCount: 0,
      providerAccess: { allowed: true, label: 'Message', reason: null },
    });
    // Nothing of the owner, and nothing of an estimate's own fields.
    expect(JSON.stringify(item)).not.toContain(owner.id);
    expect(item).not.toHaveProperty('customerName');
    expect(item).not.toHaveProperty('gradeLevel');
    expect(all.items.find((i) => i.kind === 'estimate')).toHaveProperty('gradeLevel');

    // Starter: only its one task's category (bathroom-remodel: Bathroom). Estimates stay listed with their access.
    const starter = await loginAs(
      t.app,
      await makeProvider(db(), { plan: 'starter', selectedTasks: ['bathroom-remodel'] }),
    );
    const theirs = await feed(starter, `search=${tag}`);
    expect(titles(theirs)).toEqual([`estimate:Cabinets ${tag}`, `project:Bath ${tag}`]);
    expect(theirs.items.find((i) => i.id === bath.id)?.providerAccess?.allowed).toBe(true);
    expect(theirs.items[0]?.providerAccess).toMatchObject({ allowed: false, label: 'Upgrade Required' });

    // Free, an ended trial, a starter without a task: no project at all.
    for (const p of [
      await makeProvider(db(), { plan: 'free' }),
      await makeProvider(db(), { plan: 'deluxe', billing: 'expired-trial' }),
      await makeProvider(db(), { plan: 'starter', selectedTasks: [] }),
    ]) {
      expect(titles(await feed(await loginAs(t.app, p), `search=${tag}`))).toEqual([
        `estimate:Cabinets ${tag}`,
      ]);
    }

    // An admin's feed has them all, without a Contact verdict.
    const admin = await feed(await loginAs(t.app, await makeAdmin(db())), `search=${tag}`);
    expect(admin.total).toBe(3);
    expect(admin.items.every((i) => i.providerAccess === undefined)).toBe(true);

    // /api/tasks/posted is the same feed.
    expect(titles(await feed(deluxe, `search=${tag}`, '/api/tasks/posted'))).toEqual(titles(all));
  });

  it('leaves out closed projects and the projects of closed accounts', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    const gone = await makeCustomer(db());
    const open = await project(owner.id, `Open ${tag}`);
    const closed = await project(owner.id, `Closed ${tag}`);
    await project(gone.id, `Orphan ${tag}`);
    const ownerCookie = await loginAs(t.app, owner);
    const res = await postJson(t.app, `/api/projects/${closed.id}/close`, {}, ownerCookie);
    expect(res.statusCode, res.body).toBe(200);
    // Closed earlier, or by an admin, without its projects being closed with it.
    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, gone.id));

    const deluxe = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    const page = await feed(deluxe, `search=${tag}`);
    expect(page.items.map((i) => i.id)).toEqual([open.id]);
    expect(page.total).toBe(1);
  });

  it('pages both kinds in one order, newest first, with the total of both', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        i % 2 === 0
          ? (await project(owner.id, `P${i} ${tag}`)).title
          : (await estimate(owner, `E${i} ${tag}`)).title,
      );
    }
    const newest = [...made].reverse();
    const deluxe = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const p = await feed(deluxe, `search=${tag}&pageSize=2&page=${page}`);
      expect(p).toMatchObject({ total: 5, totalCapped: false, page, pageSize: 2 });
      pages.push(...p.items.map((i) => i.title));
    }
    expect(pages).toEqual(newest);
    const past = await feed(deluxe, `search=${tag}&pageSize=2&page=4`);
    expect(past).toMatchObject({ items: [], total: 5 });
  });

  it('sorts by budget across both kinds: a project by the middle of its range, one without a budget last', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    const e = await estimate(owner, `Estimate ${tag}`);
    const cents = Math.round(e.finalEstimate * 100);
    await project(owner.id, `Above ${tag}`, { minBudgetCents: cents, maxBudgetCents: cents + 200_000 });
    await project(owner.id, `Below ${tag}`, { minBudgetCents: null, maxBudgetCents: Math.max(0, cents - 1) });
    await project(owner.id, `Open ${tag}`, { minBudgetCents: null, maxBudgetCents: null });

    const deluxe = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    const high = await feed(deluxe, `search=${tag}&sort=budget-high-low`);
    expect(high.items.map((i) => i.title)).toEqual([
      `Above ${tag}`,
      `Estimate ${tag}`,
      `Below ${tag}`,
      `Open ${tag}`,
    ]);
    const low = await feed(deluxe, `search=${tag}&sort=budget-low-high`);
    expect(low.items.map((i) => i.title)).toEqual([
      `Below ${tag}`,
      `Estimate ${tag}`,
      `Above ${tag}`,
      `Open ${tag}`,
    ]);
    // The same orders page by page (a first page is merged in the app, a later one in the database).
    for (const [sort, all] of [
      ['budget-low-high', low],
      ['budget-high-low', high],
    ] as const) {
      const paged: string[] = [];
      for (let page = 1; page <= 2; page++) {
        const p = await feed(deluxe, `search=${tag}&sort=${sort}&pageSize=3&page=${page}`);
        expect(p.total).toBe(4);
        paged.push(...p.items.map((i) => i.title));
      }
      expect(paged).toEqual(all.items.map((i) => i.title));
    }
    const open = low.items.find((i) => i.title === `Open ${tag}`);
    expect(open).toMatchObject({ kind: 'project', minBudget: null, maxBudget: null });
  });

  it('applies the category filter to projects through the mapping; a task filter lists estimates only', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    await project(owner.id, `Slab ${tag}`, { category: 'concrete', description: 'Driveway' });
    await project(owner.id, `Floor ${tag}`, { category: 'flooring' });
    const e = await estimate(owner, `Patio ${tag}`, 'concrete');
    const deluxe = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));

    expect(titles(await feed(deluxe, `search=${tag}&category=Concrete`))).toEqual([
      `estimate:Patio ${tag}`,
      `project:Slab ${tag}`,
    ]);
    expect(titles(await feed(deluxe, `search=${tag}&task=${e.taskId}`))).toEqual([`estimate:Patio ${tag}`]);
    // The search reads a project's description too.
    expect(titles(await feed(deluxe, `search=driveway&category=concrete`))).toContain(`project:Slab ${tag}`);
  });

  it('counts the offers a project got', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    const p = await project(owner.id, `Offered ${tag}`);
    const providerUser = await makeProvider(db(), { plan: 'deluxe' });
    const cookie = await loginAs(t.app, providerUser);
    const sent = await postJson(
      t.app,
      `/api/projects/${p.id}/messages`,
      { body: 'I can', offerAmount: '900' },
      cookie,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const [item] = (await feed(cookie, `search=${tag}`)).items;
    expect(item).toMatchObject({ kind: 'project', bidCount: 1 });
  });
});

describe('live projects in the recommendations', () => {
  it('ranks projects of open categories with the estimates, each with its kind and reason', async () => {
    const tag = newTag();
    const owner = await makeCustomer(db());
    const near = await project(owner.id, `Near ${tag}`, { category: 'bathroom' });
    const hvac = await project(owner.id, `Hvac ${tag}`, { category: 'hvac' });
    t.clock.advance(2 * 3_600_000);

    // Jacksonville's region: the project in Jacksonville is in their area.
    const starter = await makeProvider(db(), {
      plan: 'starter',
      selectedTasks: ['bathroom-remodel'],
      regionId: 272601,
    });
    const res = await call(
      t.app,
      { method: 'GET', url: '/api/recommendations' },
      await loginAs(t.app, starter),
    );
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: (FeedItem & { matchScore: number; matchReason: string })[] }>().items;
    const mine = items.find((i) => i.id === near.id);
    expect(mine).toMatchObject({ kind: 'project', title: `Near ${tag}` });
    expect(mine?.matchReason).toBe(
      'In your Bathroom category in your area (Jacksonville), posted 2 hours ago',
    );
    expect(items.some((i) => i.id === hvac.id)).toBe(false);
    expect(items.every((i) => i.kind === 'project' || i.kind === 'estimate')).toBe(true);
    expect(items.every((i, k) => k === 0 || items[k - 1]!.matchScore >= i.matchScore)).toBe(true);
  });
});
