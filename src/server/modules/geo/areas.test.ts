// Where the work is and where a provider works, through HTTP on the real app and database (decision 0048): the
// optional ZIP code of an estimate and of a public project, the lists near a ZIP code (the radius keeps what is
// inside it, its edge included; `near` alone measures; nearest first), and the new-work notifications that reach
// only the providers whose service area covers the job. The pairs: 10001 (Manhattan) to 07601 (Hackensack, NJ) is
// 10.1 miles, to 08888 (Whitehouse, NJ) 39.98 miles (the `zipcodes` package's own distance() gives 10 and 40).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMiles } from '#domain/geo';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { estimates, notifications, projects, zipCodes } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProject, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());
const db = () => t.app.ctx.db;

const MANHATTAN = { lat: 40.7484, lng: -73.9967 };
/** A made-up ZIP code exactly 25 miles due north of 10001's centroid (no real ZIP code lies on the edge). */
const EDGE_ZIP = '99998';
const EDGE = { lat: MANHATTAN.lat + (25 / 3958.8) * (180 / Math.PI), lng: MANHATTAN.lng };

const get = async <T>(url: string, cookie: string) => {
  const res = await call(t.app, { method: 'GET', url }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('the ZIP code of an estimate and of a project', () => {
  it('stores a known ZIP code with its place; an empty one is no location; any other is a 400 naming zipCode', async () => {
    const customer = await makeCustomer(db());
    const cookie = await loginAs(t.app, customer);
    const body = (zipCode: string) => ({
      category: 'kitchen',
      task: 'Kitchen Remodel',
      subtasks: ['Cabinets'],
      measurements: { Cabinets: { length: '12' } },
      gradeLevel: 'Standard',
      region: 'Anchorage, AK',
      address: null,
      city: '',
      state: '',
      zipCode,
    });
    const save = (zipCode: string) =>
      call(t.app, { method: 'POST', url: '/api/estimates', payload: body(zipCode) }, cookie);

    const placed = await save('07601');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Estimate>()).toMatchObject({ zipCode: '07601', city: 'Hackensack', state: 'NJ' });
    const [row] = await db().select().from(estimates).where(eq(estimates.id, placed.json<Estimate>().id));
    expect([row?.lat, row?.lng]).toEqual([40.8882, -74.0503]);

    const none = await save('');
    expect(none.statusCode).toBe(201);
    expect(none.json<Estimate>()).toMatchObject({ zipCode: '', city: 'Anchorage', state: 'AK' });

    for (const bad of ['00000', '123', '1234567', 'abcde']) {
      const res = await save(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ zipCode: 'Enter a valid US ZIP code' });
    }
  });

  it('a public project takes an optional ZIP code beside the city, checked by the server', async () => {
    const customer = await makeCustomer(db());
    const cookie = await loginAs(t.app, customer);
    const post = (zipCode?: string) =>
      call(
        t.app,
        {
          method: 'POST',
          url: '/api/tasks/post',
          payload: {
            title: 'New deck',
            category: 'kitchen',
            city: 'Hackensack',
            ...(zipCode ? { zipCode } : {}),
          },
        },
        cookie,
      );
    const bad = await post('00000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ zipCode: 'Enter a valid US ZIP code' });
    const placed = await post('07601');
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await db()
      .select()
      .from(projects)
      .where(eq(projects.id, placed.json<{ project: { id: string } }>().project.id));
    expect([row?.zipCode, row?.lat, row?.lng]).toEqual(['07601', 40.8882, -74.0503]);
  });
});

describe('the lists near a ZIP code', () => {
  let pro: TestUser;
  let cookie: string;
  let near: Estimate;
  let far: Estimate;
  let unplaced: Estimate;
  let edge: Estimate;

  beforeAll(async () => {
    await db()
      .insert(zipCodes)
      .values({ zip: EDGE_ZIP, ...EDGE, city: 'Edge', state: 'NY', timeZone: 'America/New_York' });
    expect(distanceMiles(MANHATTAN, EDGE)).toBeCloseTo(25, 9);
    const customer = await makeCustomer(db());
    // A task only this test posts, so the lists hold these four alone.
    const traits = { category: 'bathroom', status: 'posted' as const };
    near = await makeEstimate(db(), customer, { ...traits, title: 'Near job', zipCode: '07601' });
    far = await makeEstimate(db(), customer, { ...traits, title: 'Far job', zipCode: '08888' });
    unplaced = await makeEstimate(db(), customer, { ...traits, title: 'Job without a ZIP code' });
    edge = await makeEstimate(db(), customer, { ...traits, title: 'Job on the edge', zipCode: EDGE_ZIP });
    pro = await makeProvider(db(), { plan: 'deluxe', zipCode: '10001' });
    cookie = await loginAs(t.app, pro);
  });

  type Item = { id: string; distanceMiles?: number | null };
  const ids = (items: Item[]) => items.map((i) => i.id);

  for (const url of ['/api/tasks', '/api/estimates/posted']) {
    it(`${url}: the radius keeps what is inside it (the edge in), near alone measures, nearest first sorts`, async () => {
      const q = `${url}?category=bathroom&pageSize=50`;
      const within = await get<{ items: Item[]; total: number }>(`${q}&near=10001&radius=25`, cookie);
      expect(ids(within.items).sort()).toEqual([near.id, edge.id].sort());
      expect(within.total).toBe(2);
      const byId = new Map(within.items.map((i) => [i.id, i.distanceMiles]));
      expect(byId.get(near.id)).toBe(10.1);
      expect(byId.get(edge.id)).toBe(25);

      // 39.98 miles: outside 39, inside 40.
      const in39 = await get<{ items: Item[] }>(`${q}&near=10001&radius=39`, cookie);
      expect(ids(in39.items)).not.toContain(far.id);
      const in40 = await get<{ items: Item[] }>(`${q}&near=10001&radius=40`, cookie);
      expect(ids(in40.items)).toContain(far.id);

      const measured = await get<{ items: Item[] }>(`${q}&near=10001&sort=nearest`, cookie);
      expect(ids(measured.items)).toEqual([near.id, edge.id, far.id, unplaced.id]);
      expect(measured.items.map((i) => i.distanceMiles)).toEqual([10.1, 25, 40, null]);

      const plain = await get<{ items: Item[] }>(q, cookie);
      expect(ids(plain.items).sort()).toEqual([near.id, far.id, unplaced.id, edge.id].sort());
      expect(plain.items.every((i) => i.distanceMiles === undefined)).toBe(true);
    });

    it(`${url}: a radius without near, an unknown ZIP code, or nearest first without near is a 400 naming near`, async () => {
      for (const bad of ['radius=25', 'near=00000&radius=25', 'near=1000', 'sort=nearest']) {
        const res = await call(t.app, { method: 'GET', url: `${url}?${bad}` }, cookie);
        expect(res.statusCode, bad).toBe(400);
        expect(Object.keys(res.json().fields), bad).toEqual(['near']);
      }
    });
  }

  it('within a radius each order pages as the whole list does, and the total counts the radius', async () => {
    // A task filter keeps projects out: the estimates' own statements, every page and order.
    const q = `/api/tasks?category=bathroom&task=${near.taskId}&near=10001&radius=40`;
    const inside = [near, edge, far];
    const expected: Record<string, string[]> = {
      newest: [...inside]
        .sort((a, b) => (b.datePosted ?? '').localeCompare(a.datePosted ?? '') || b.id.localeCompare(a.id))
        .map((e) => e.id),
      'budget-high-low': [...inside]
        .sort((a, b) => b.finalEstimate - a.finalEstimate || b.id.localeCompare(a.id))
        .map((e) => e.id),
      'budget-low-high': [...inside]
        .sort((a, b) => a.finalEstimate - b.finalEstimate || a.id.localeCompare(b.id))
        .map((e) => e.id),
      nearest: [near.id, edge.id, far.id],
    };
    for (const [sort, order] of Object.entries(expected)) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await get<{ items: Item[]; total: number }>(
          `${q}&sort=${sort}&pageSize=1&page=${page}`,
          cookie,
        );
        expect(res.total, `${sort} page ${page}`).toBe(3);
        seen.push(...ids(res.items));
      }
      expect(seen, sort).toEqual(order);
      const past = await get<{ items: Item[]; total: number }>(`${q}&sort=${sort}&pageSize=1&page=4`, cookie);
      expect([past.items.length, past.total], sort).toEqual([0, 3]);
    }
  });

  it('the task feed within a radius holds the projects inside it, counted, in both orders of its first page', async () => {
    const owner = await makeCustomer(db());
    const at = { zipCode: '07601', lat: 40.8882, lng: -74.0503, category: 'bathroom' };
    // Made after the estimates, a second apart (two inserts in one millisecond would tie, and the tie goes by id).
    const later = (s: number) => new Date(Date.now() + s * 1000);
    const dear = await makeProject(db(), owner.id, {
      ...at,
      title: 'Spa bath',
      minBudgetCents: 90_000_000,
      createdAt: later(1),
    });
    const cheap = await makeProject(db(), owner.id, {
      ...at,
      title: 'Grout',
      maxBudgetCents: 100,
      createdAt: later(2),
    });
    await makeProject(db(), owner.id, {
      ...at,
      title: 'Bath far',
      zipCode: '08888',
      lat: 40.6194,
      lng: -74.7406,
    });
    const q = '/api/tasks?category=bathroom&near=10001&radius=25&pageSize=50';
    const newest = await get<{ items: Item[]; total: number }>(q, cookie);
    expect(newest.total).toBe(4);
    expect(ids(newest.items).sort()).toEqual([near.id, edge.id, dear.id, cheap.id].sort());
    // The projects, made after the estimates: newest first.
    expect(ids(newest.items).slice(0, 2)).toEqual([cheap.id, dear.id]);
    const byBudget = await get<{ items: Item[]; total: number }>(`${q}&sort=budget-high-low`, cookie);
    expect(byBudget.total).toBe(4);
    expect(ids(byBudget.items)[0]).toBe(dear.id);
    expect(ids(byBudget.items)[3]).toBe(cheap.id);
    expect(byBudget.items.find((i) => i.id === dear.id)?.distanceMiles).toBe(10.1);
  });

  it('/api/projects: near and radius keep the live projects inside the radius, with their distance', async () => {
    const owner = await makeCustomer(db());
    const a = await makeProject(db(), owner.id, {
      title: 'Deck near',
      zipCode: '07601',
      lat: 40.8882,
      lng: -74.0503,
    });
    const b = await makeProject(db(), owner.id, {
      title: 'Deck far',
      zipCode: '08888',
      lat: 40.6194,
      lng: -74.7406,
    });
    const c = await makeProject(db(), owner.id, { title: 'Deck nowhere' });
    const within = await get<{ projects: Item[] }>('/api/projects?near=10001&radius=25&pageSize=50', cookie);
    expect(ids(within.projects)).toContain(a.id);
    expect(ids(within.projects)).not.toContain(b.id);
    expect(ids(within.projects)).not.toContain(c.id);
    expect(within.projects.find((p) => p.id === a.id)?.distanceMiles).toBe(10.1);
  });

  it('recommendations hold only work inside the provider’s area (or without a location)', async () => {
    const res = await get<{ items: Item[] }>('/api/recommendations', cookie);
    const got = ids(res.items);
    expect(got).toContain(near.id);
    expect(got).not.toContain(far.id);
    expect(res.items.find((i) => i.id === near.id)?.distanceMiles).toBe(10.1);
  });
});

describe('new-work notifications', () => {
  it('reach a provider whose area covers the job and no provider outside it', async () => {
    const inside = await makeProvider(db(), { plan: 'deluxe', zipCode: '10001' });
    const smallArea = await makeProvider(db(), { plan: 'deluxe', zipCode: '10001' });
    await call(
      t.app,
      { method: 'PUT', url: '/api/provider/service-area', payload: { zip: '10001', radiusMiles: 5 } },
      await loginAs(t.app, smallArea),
    );
    const elsewhere = await makeProvider(db(), { plan: 'deluxe', zipCode: '90210' });
    const nowhere = await makeProvider(db(), { plan: 'deluxe', zipCode: null });
    const customer = await makeCustomer(db());
    const cookie = await loginAs(t.app, customer);
    const saved = await call(
      t.app,
      {
        method: 'POST',
        url: '/api/estimates',
        payload: {
          category: 'kitchen',
          task: 'Kitchen Remodel',
          subtasks: ['Cabinets'],
          measurements: { Cabinets: { length: '12' } },
          gradeLevel: 'Standard',
          region: 'Anchorage, AK',
          zipCode: '07601',
        },
      },
      cookie,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json<Estimate>().id;
    expect(
      (await call(t.app, { method: 'PATCH', url: `/api/estimates/${id}/post` }, cookie)).statusCode,
    ).toBe(200);
    const told = async (u: TestUser) =>
      (
        await db()
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.userId, u.id), eq(notifications.estimateId, id)))
      ).length;
    expect(await told(inside)).toBe(1); // 10.1 miles, inside 25
    expect(await told(smallArea)).toBe(0); // outside 5 miles
    expect(await told(elsewhere)).toBe(0); // Beverly Hills
    expect(await told(nowhere)).toBe(1); // no area at all: not left out
  });
});
