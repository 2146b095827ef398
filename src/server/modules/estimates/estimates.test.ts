// Estimates on the real app and database (PGlite, or PostgreSQL with TEST_DB=postgres): the server prices every
// save itself, who reads what, status changes, the lists, deletion, the customer plan limits (also under
// parallel requests) and the automotive calls.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automotiveSubtasks, automotiveTasks, priceAutomotive } from '#domain/catalog/automotive';
import { estimateStatuses, type EstimateStatus } from '#domain/catalog/categories';
import { findSubtask, homeRepairCategories } from '#domain/catalog/home-repair';
import { actionFor } from '#domain/estimate-status';
import { buildSavedEstimatePayload, gradeLevels, measurementFields, priceEstimate } from '#domain/pricing';
import { fromCents, toCents } from '#domain/money';
import { quote } from '#domain/quote';
import { regions } from '#domain/regions/index';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import type { AutomotivePrice, Estimate, EstimatePage } from '#domain/schemas/estimate-api.schema';
import {
  makeAdmin,
  makeCustomer,
  makeEstimate,
  makeProvider,
  sampleMeasurements,
  type TestUser,
} from '#server/test/factories';
import { updateUser } from '#server/modules/users';
import { call, loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const premium = (traits: Parameters<typeof makeCustomer>[1] = {}) =>
  makeCustomer(db(), {
    subscriptionPlan: 'premium',
    subscriptionExpiryDate: new Date(t.clock.now.getTime() + 365 * DAY),
    ...traits,
  });

/** The payload as the spec's client sends it: names, a measurements JSON string, its own (forged) price. */
const wizardPayload = (over: Record<string, unknown> = {}) => ({
  title: 'Kitchen Remodel - kitchen',
  description: 'Kitchen Remodel project with 2 subtasks',
  category: 'kitchen',
  task: 'Kitchen Remodel',
  subtasks: ['Cabinets', 'Countertops'],
  measurements: JSON.stringify({ Cabinets: { length: '12.5' }, Countertops: { length: '10', width: '2.5' } }),
  gradeLevel: 'Premium',
  region: 'Anchorage, AK',
  finalEstimate: 1,
  minBudget: 0.8,
  maxBudget: 1.2,
  address: null,
  city: 'Anchorage',
  state: 'AK',
  zipCode: '',
  status: 'draft',
  ...over,
});

async function as(user: TestUser | null) {
  return user ? loginAs(t.app, user) : undefined;
}
async function save(user: TestUser, body: object = wizardPayload()) {
  return postJson(t.app, '/api/estimates', body, await as(user));
}
async function get(url: string, user: TestUser | null) {
  return call(t.app, { method: 'GET', url }, await as(user));
}
async function send(method: 'PATCH' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) {
  return call(t.app, { method, url, ...(payload ? { payload } : {}) }, await as(user));
}
const postIt = (id: string, user: TestUser) => send('PATCH', `/api/estimates/${id}/post`, user);
const setStatus = (id: string, user: TestUser, status: string) =>
  send('PUT', `/api/estimates/${id}/status`, user, { status });

describe('POST /api/estimates', () => {
  it('stores the price the server computes and ignores a forged one', async () => {
    const owner = await premium();
    const res = await save(owner);
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json<Estimate>();
    const expected = priceEstimate({
      category: 'kitchen',
      task: 'kitchen-remodel',
      subtasks: ['kitchen-cabinets', 'kitchen-countertops'],
      measurements: {
        'kitchen-cabinets': { length: '12.5' },
        'kitchen-countertops': { length: '10', width: '2.5' },
      },
      gradeLevel: 'Premium',
      region: 'Anchorage, AK',
    });
    expect(expected.finalCents).toBeGreaterThan(100);
    expect(e).toMatchObject({
      finalEstimate: expected.finalEstimate,
      minBudget: expected.minBudget,
      maxBudget: expected.maxBudget,
      status: 'draft',
      title: 'Kitchen Remodel - kitchen',
      category: 'kitchen',
      task: 'Kitchen Remodel',
      taskId: 'kitchen-remodel',
      subtasks: ['Cabinets', 'Countertops'],
      subtaskIds: ['kitchen-cabinets', 'kitchen-countertops'],
      region: 'Anchorage, AK',
      regionId: regions.find((r) => r.location === 'Anchorage, AK')?.id,
      city: 'Anchorage',
      state: 'AK',
      gradeMultiplier: 1.3,
      regionMultiplier: 1.054,
      customerId: owner.id,
      customerName: 'Casey C.',
      datePosted: null,
    });
    expect(e.regionSource).toContain('Anchorage');
    expect(e.lineItems.map((l) => [l.subtaskId, l.amountCents])).toEqual(
      expected.lines.map((l) => [l.subtaskId, l.amountCents]),
    );
    expect(e.lineItems[0]?.source).toMatch(/spec/i);
    // The read returns the same stored figures.
    const read = await get(`/api/estimates/${e.id}`, owner);
    expect(read.json<Estimate>()).toEqual(e);
  });

  it('accepts catalogue ids in any case, a region id and measurements as an object; extra keys are ignored', async () => {
    const owner = await premium();
    const res = await save(owner, {
      category: 'KITCHEN',
      task: 'kitchen-remodel',
      subtasks: ['KITCHEN-CABINETS'],
      measurements: { 'kitchen-cabinets': { length: 3, width: 99 }, 'not-a-subtask': { x: 1 } },
      gradeLevel: 'Standard',
      region: regions[0]!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json<Estimate>();
    expect(e.measurements).toEqual({ 'kitchen-cabinets': { length: 3 } });
    expect(e.region).toBe(regions[0]!.location);
    expect(e.title).toBe('Kitchen Remodel - Kitchen');
  });

  it('saves an automotive estimate priced by the automotive catalogue (grade, no regional multiplier)', async () => {
    const owner = await premium();
    const res = await save(owner, {
      category: 'automotive',
      task: 'Brakes',
      subtasks: ['brake-pads', 'Brake fluid flush'],
      measurements: JSON.stringify({
        'brake-pads': { quantity: '2' },
        'brake-fluid-flush': { quantity: '9' },
      }),
      gradeLevel: 'Premium',
      region: 'Anchorage, AK',
      finalEstimate: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const price = priceAutomotive('Premium', [
      { subtaskId: 'brake-pads', quantity: 2 },
      { subtaskId: 'brake-fluid-flush' },
    ]);
    expect(res.json<Estimate>()).toMatchObject({
      category: 'automotive',
      task: 'Brakes',
      taskId: 'brakes',
      subtasks: ['Brake pad replacement', 'Brake fluid flush'],
      subtaskIds: ['brake-pads', 'brake-fluid-flush'],
      measurements: { 'brake-pads': { quantity: '2' }, 'brake-fluid-flush': {} },
      finalEstimate: price.totalCost,
      minBudget: Math.round(price.totalCents * 0.8) / 100,
      regionMultiplier: 1,
      title: 'Brakes - Automotive',
    });
    const bad = await save(owner, {
      category: 'automotive',
      task: 'Brakes',
      subtasks: ['brake-pads'],
      measurements: {},
      gradeLevel: 'Premium',
      region: 'Anchorage, AK',
    });
    expect(bad.json().fields).toEqual({ 'measurements.brake-pads.quantity': 'This measurement is required' });
  });

  it('answers 400 with field messages for unknown names and missing measurements, and stores nothing', async () => {
    const owner = await premium();
    const bad = await save(owner, wizardPayload({ subtasks: ['Cabinets', 'Moat'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('subtasks.1');
    const missing = await save(owner, wizardPayload({ measurements: '{"Cabinets":{"length":"12"}}' }));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual([
      'measurements.kitchen-countertops.length',
      'measurements.kitchen-countertops.width',
    ]);
    const region = await save(owner, wizardPayload({ region: 'Atlantis, ZZ' }));
    expect(region.json().fields).toEqual({ region: 'Unknown region' });
    const task = await save(owner, wizardPayload({ task: 'Moon Base' }));
    expect(task.json().fields).toEqual({ task: 'Unknown task for this category' });
    const huge = await save(
      owner,
      wizardPayload({
        measurements: {
          Cabinets: { length: '1000000' },
          Countertops: { length: '1000000', width: '1000000' },
        },
      }),
    );
    expect(huge.statusCode).toBe(400);
    const list = await get('/api/estimates', owner);
    expect(list.json<EstimatePage>().total).toBe(0);
  });

  it('is for customers and admins: a provider gets 403, anonymous 401', async () => {
    expect((await save(await makeProvider(db()))).statusCode).toBe(403);
    expect((await postJson(t.app, '/api/estimates', wizardPayload())).statusCode).toBe(401);
    expect((await save(await makeAdmin(db()))).statusCode).toBe(201);
  });

  it('property: for random valid wizard inputs the stored price equals the domain preview to the cent', async () => {
    const admin = await makeAdmin(db());
    const cookie = await loginAs(t.app, admin);
    const choice = fc
      .constantFrom(...homeRepairCategories.flatMap((c) => c.tasks.map((task) => ({ c, task }))))
      .chain(({ c, task }) =>
        fc.record({
          category: fc.constant(c.id),
          task: fc.constant(task.name),
          subtasks: fc
            .subarray(
              task.subtaskIds.filter((id) => findSubtask(id)?.active),
              { minLength: 1 },
            )
            .filter(
              (ids) => new Set(ids.map((id) => findSubtask(id)?.exclusiveGroup ?? id)).size === ids.length,
            ),
          gradeLevel: fc.constantFrom(...gradeLevels),
          region: fc.constantFrom(...regions.map((r) => r.location)),
          seed: fc.array(fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 99 })), {
            minLength: 12,
            maxLength: 12,
          }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(choice, async ({ seed, ...v }) => {
        let i = 0;
        const measurements = Object.fromEntries(
          v.subtasks.map((id) => [
            id,
            Object.fromEntries(
              measurementFields(findSubtask(id)!).map((f) => {
                const [whole, cents] = seed[i++ % seed.length]!;
                return [f.key, f.key === 'quantity' ? String(Math.min(whole, 10_000)) : `${whole}.${cents}`];
              }),
            ),
          ]),
        );
        const input = { ...v, measurements };
        const preview = buildSavedEstimatePayload(input);
        const res = await postJson(t.app, '/api/estimates', { ...preview, finalEstimate: 0 }, cookie);
        expect(res.statusCode, res.body).toBe(201);
        const e = res.json<Estimate>();
        expect([e.finalEstimate, e.minBudget, e.maxBudget]).toEqual([
          preview.finalEstimate,
          preview.minBudget,
          preview.maxBudget,
        ]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('automotive property', () => {
  it('for random valid automotive inputs the stored price equals priceAutomotive to the cent', async () => {
    const admin = await makeAdmin(db());
    const cookie = await loginAs(t.app, admin);
    const input = fc.constantFrom(...automotiveTasks).chain((task) =>
      fc.record({
        task: fc.constant(task.name),
        subtasks: fc.subarray(
          automotiveSubtasks.filter((s) => s.taskId === task.id),
          { minLength: 1 },
        ),
        quantity: fc.integer({ min: 1, max: 40 }),
        gradeLevel: fc.constantFrom(...gradeLevels),
      }),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ task, subtasks, quantity, gradeLevel }) => {
        const res = await postJson(
          t.app,
          '/api/estimates',
          {
            category: 'automotive',
            task,
            subtasks: subtasks.map((s) => s.id),
            measurements: Object.fromEntries(subtasks.map((s) => [s.id, { quantity: String(quantity) }])),
            gradeLevel,
            region: regions[0]!.location,
            finalEstimate: 1,
          },
          cookie,
        );
        expect(res.statusCode, res.body).toBe(201);
        const expected = priceAutomotive(
          gradeLevel,
          subtasks.map((s) => ({ subtaskId: s.id, quantity })),
        );
        expect(res.json<Estimate>().finalEstimate).toBe(expected.totalCost);
      }),
      { numRuns: 25 },
    );
  });

  it('stores the quote the wizard shows: each line price x quantity x grade to the cent, the total their sum', async () => {
    const admin = await makeAdmin(db());
    const cookie = await loginAs(t.app, admin);
    const input = fc.constantFrom(...automotiveTasks).chain((task) =>
      fc.record({
        task: fc.constant(task.name),
        subtasks: fc.subarray(
          automotiveSubtasks.filter((s) => s.taskId === task.id),
          { minLength: 1 },
        ),
        quantities: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 8, maxLength: 8 }),
        gradeLevel: fc.constantFrom(...gradeLevels),
      }),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ task, subtasks, quantities, gradeLevel }) => {
        const qty = (i: number) => (subtasks[i]!.measurementType === 'Linked' ? 1 : quantities[i % 8]!);
        const res = await postJson(
          t.app,
          '/api/estimates',
          {
            category: 'automotive',
            task,
            subtasks: subtasks.map((s) => s.id),
            measurements: Object.fromEntries(subtasks.map((s, i) => [s.id, { quantity: String(qty(i)) }])),
            gradeLevel,
            region: regions[0]!.location,
          },
          cookie,
        );
        expect(res.statusCode, res.body).toBe(201);
        const q = quote(
          subtasks.map((s, i) => ({
            id: s.id,
            name: s.name,
            unitCents: toCents(s.price),
            quantity: qty(i),
            unit: '',
          })),
          { grade: gradeLevel },
        );
        const e = res.json<Estimate>();
        expect([e.finalEstimate, e.minBudget, e.maxBudget]).toEqual(
          [q.totalCents, q.minCents, q.maxCents].map(fromCents),
        );
        expect(e.lineItems.map((l) => [l.subtaskId, l.baseCents, l.amountCents])).toEqual(
          q.lines.map((l) => [l.id, l.baseCents, l.amountCents]),
        );
      }),
      { numRuns: 25 },
    );
  });
});

describe('reading one estimate', () => {
  it('shows a draft to its owner and admins only; a posted one to any signed-in user, without the address', async () => {
    const owner = await premium();
    const other = await makeCustomer(db());
    const provider = await makeProvider(db());
    const admin = await makeAdmin(db());
    const e = (await save(owner, wizardPayload({ address: '1 Main St', zipCode: '99501' }))).json<Estimate>();
    const url = `/api/estimates/${e.id}`;
    expect((await get(url, owner)).json().address).toBe('1 Main St');
    expect((await get(url, admin)).statusCode).toBe(200);
    expect((await get(url, other)).statusCode).toBe(404);
    expect((await get(url, provider)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await postIt(e.id, owner)).statusCode).toBe(200);
    const seen = await get(url, provider);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'posted', address: null, zipCode: '' });
    expect((await get(url, other)).statusCode).toBe(200);
    expect((await setStatus(e.id, owner, 'cancelled')).statusCode).toBe(200);
    expect((await get(url, provider)).statusCode).toBe(404);
    expect((await get('/api/estimates/not-a-uuid', owner)).statusCode).toBe(404);
    expect((await get('/api/estimates/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('draft -> posted -> draft -> posted -> completed; cancelled -> draft; others 409; unknown 400', async () => {
    const owner = await premium();
    const e = await makeEstimate(db(), owner);
    const posted = await postIt(e.id, owner);
    expect(posted.json()).toMatchObject({ status: 'posted' });
    expect(posted.json().datePosted).toBe(t.clock.now.toISOString());
    expect((await postIt(e.id, owner)).json().status).toBe('posted'); // posting twice changes nothing
    expect((await setStatus(e.id, owner, 'draft')).json().status).toBe('draft');
    expect((await setStatus(e.id, owner, 'posted')).json().status).toBe('posted');
    expect((await setStatus(e.id, owner, 'completed')).json().status).toBe('completed');
    const stuck = await setStatus(e.id, owner, 'draft');
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().error).toBe('A completed estimate cannot be changed to draft');
    expect((await setStatus(e.id, owner, 'open')).statusCode).toBe(400);

    const c = await makeEstimate(db(), owner);
    expect((await setStatus(c.id, owner, 'completed')).statusCode).toBe(409);
    expect((await setStatus(c.id, owner, 'cancelled')).json().status).toBe('cancelled');
    expect((await setStatus(c.id, owner, 'draft')).json().status).toBe('draft');
  });

  it("property: every status request is answered as the domain's table says, else 409 naming both statuses", async () => {
    const status = fc.constantFrom(...estimateStatuses);
    await fc.assert(
      fc.asyncProperty(status, fc.array(status, { minLength: 1, maxLength: 6 }), async (start, requests) => {
        const owner = await premium();
        const e = await makeEstimate(db(), owner, { status: start, now: t.clock.now });
        let current: EstimateStatus = start;
        for (const to of requests) {
          const res = await setStatus(e.id, owner, to);
          if (to === current || actionFor(current, to)) {
            expect(res.statusCode).toBe(200);
            expect(res.json().status).toBe(to);
            current = to;
          } else {
            expect(res.statusCode).toBe(409);
            expect(res.json().error).toBe(`A ${current} estimate cannot be changed to ${to}`);
          }
        }
        expect((await get(`/api/estimates/${e.id}`, owner)).json().status).toBe(current);
      }),
      { numRuns: 25 },
    );
  });

  it('only the owner changes an estimate: another customer, a provider and an admin get 404', async () => {
    const owner = await premium();
    const e = await makeEstimate(db(), owner);
    for (const someone of [await makeCustomer(db()), await makeProvider(db()), await makeAdmin(db())]) {
      expect((await postIt(e.id, someone)).statusCode).toBe(404);
      expect((await setStatus(e.id, someone, 'cancelled')).statusCode).toBe(404);
    }
    expect((await get(`/api/estimates/${e.id}`, owner)).json().status).toBe('draft');
  });

  it('posting needs a verified email', async () => {
    const owner = await premium({ verified: false });
    const e = await makeEstimate(db(), owner);
    for (const res of [await postIt(e.id, owner), await setStatus(e.id, owner, 'posted')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(VERIFY_EMAIL_REQUIRED_MESSAGE);
    }
    expect((await get(`/api/estimates/${e.id}`, owner)).json().status).toBe('draft');
  });
});

describe('lists', () => {
  it("GET /api/estimates and /api/my-estimates: the owner's own, newest first, paged with a total, filtered", async () => {
    const owner = await premium();
    const other = await premium();
    await makeEstimate(db(), other);
    const made: Estimate[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      made.push(
        await makeEstimate(db(), owner, {
          category: i % 2 ? 'bathroom' : 'kitchen',
          title: i === 3 ? 'Guest 100%_bath' : `Job ${i}`,
          now: t.clock.now,
        }),
      );
    }
    await postIt(made[4]!.id, owner);
    for (const url of ['/api/estimates', '/api/my-estimates']) {
      const page1 = (await get(`${url}?pageSize=2`, owner)).json<EstimatePage>();
      expect(page1.total).toBe(5);
      expect(page1.items.map((e) => e.id)).toEqual([made[4]!.id, made[3]!.id]);
      const page3 = (await get(`${url}?pageSize=2&page=3`, owner)).json<EstimatePage>();
      expect(page3.items.map((e) => e.id)).toEqual([made[0]!.id]);
      const past = (await get(`${url}?pageSize=2&page=9`, owner)).json<EstimatePage>();
      expect([past.items.length, past.total]).toEqual([0, 5]);
    }
    const list = async (q: string) =>
      (await get(`/api/estimates?${q}`, owner)).json<EstimatePage>().items.map((e) => e.title);
    expect(await list('search=100%25_')).toEqual(['Guest 100%_bath']);
    expect(await list('search=JOB')).toEqual(['Job 4', 'Job 2', 'Job 1', 'Job 0']);
    expect(await list('status=posted')).toEqual(['Job 4']);
    expect(await list('category=Bathroom')).toEqual(['Guest 100%_bath', 'Job 1']);
    expect(await list('category=all&status=all')).toHaveLength(5);
    expect(await list('category=plumbing')).toEqual([]);
    expect((await get('/api/estimates?pageSize=500', owner)).statusCode).toBe(400);
    expect((await get('/api/estimates', null)).statusCode).toBe(401);
  });

  it('GET /api/posted-estimates and /api/estimates/posted: every posted estimate, latest posting first, by category and task', async () => {
    const a = await premium();
    const b = await premium();
    const provider = await makeProvider(db());
    const before = (await get('/api/posted-estimates?pageSize=100', provider)).json<EstimatePage>().total;
    t.clock.advance(1000);
    const k = await makeEstimate(db(), a, {
      category: 'kitchen',
      task: 'cabinets',
      status: 'posted',
      now: t.clock.now,
    });
    t.clock.advance(1000);
    const h = await makeEstimate(db(), b, { category: 'hvac', status: 'posted', now: t.clock.now });
    const draft = await makeEstimate(db(), b, { category: 'hvac' });
    t.clock.advance(1000);
    const gone = await makeEstimate(db(), b, { category: 'hvac', status: 'cancelled', now: t.clock.now });
    for (const url of ['/api/posted-estimates', '/api/estimates/posted']) {
      const page = (await get(`${url}?pageSize=100`, provider)).json<EstimatePage>();
      expect(page.total).toBe(before + 2);
      const ids = page.items.map((e) => e.id);
      expect(ids.slice(0, 2)).toEqual([h.id, k.id]);
      expect(ids).not.toContain(draft.id);
      expect(ids).not.toContain(gone.id);
      const kitchen = (await get(`${url}?category=kitchen&task=Cabinets`, a)).json<EstimatePage>();
      expect(kitchen.items.map((e) => e.id)).toContain(k.id);
      expect(kitchen.items.every((e) => e.category === 'kitchen' && e.taskId === 'cabinets')).toBe(true);
      // The second page of one, and a title search (each filter combination is its own prepared statement).
      const second = (await get(`${url}?pageSize=1&page=2`, provider)).json<EstimatePage>();
      expect(second.items.map((e) => e.id)).toEqual([k.id]);
      const searched = (
        await get(`${url}?search=${encodeURIComponent(k.title.toUpperCase())}`, provider)
      ).json<EstimatePage>();
      expect(searched.items.map((e) => e.id)).toContain(k.id);
      expect(searched.items.every((e) => e.title.toLowerCase().includes(k.title.toLowerCase()))).toBe(true);
      const none = (
        await get(`${url}?search=${encodeURIComponent('100%_')}&category=kitchen`, provider)
      ).json<EstimatePage>();
      expect(none.items).toEqual([]);
    }
    // Posted, then unposted: it leaves the list.
    await setStatus(h.id, b, 'draft');
    const after = (await get('/api/posted-estimates?category=hvac', provider)).json<EstimatePage>();
    expect(after.items.map((e) => e.id)).not.toContain(h.id);
  });
});

describe('closed accounts', () => {
  it("a closed account's posted estimates leave the posted lists and reads", async () => {
    const owner = await premium();
    const provider = await makeProvider(db());
    const e = await makeEstimate(db(), owner, { status: 'posted', now: t.clock.now });
    const ids = async () =>
      (await get('/api/posted-estimates?pageSize=100', provider)).json<EstimatePage>().items.map((x) => x.id);
    expect(await ids()).toContain(e.id);
    await updateUser(db(), owner.id, { deletedAt: t.clock.now });
    expect(await ids()).not.toContain(e.id);
    expect((await get(`/api/estimates/${e.id}`, provider)).statusCode).toBe(404);
    expect((await get(`/api/estimates/${e.id}`, await makeAdmin(db()))).statusCode).toBe(200);
  });
});

describe('deleting', () => {
  it('the owner deletes through any of the three addresses; others get 404; a deleted estimate is gone', async () => {
    const owner = await premium();
    const other = await makeCustomer(db());
    const admin = await makeAdmin(db());
    for (const base of ['/api/estimates', '/api/posted-estimates', '/api/my-estimates']) {
      const e = await makeEstimate(db(), owner, { status: 'posted' });
      expect((await send('DELETE', `${base}/${e.id}`, other)).statusCode).toBe(404);
      expect((await send('DELETE', `${base}/${e.id}`, admin)).statusCode).toBe(404);
      expect((await send('DELETE', `${base}/${e.id}`, owner)).statusCode).toBe(204);
      expect((await send('DELETE', `${base}/${e.id}`, owner)).statusCode).toBe(404);
      expect((await get(`/api/estimates/${e.id}`, owner)).statusCode).toBe(404);
      expect((await postIt(e.id, owner)).statusCode).toBe(404);
    }
    expect((await get('/api/estimates', owner)).json<EstimatePage>().total).toBe(0);
  });
});

describe('customer plan limits', () => {
  it('free: 5 saved drafts; the 6th save is a 403 naming the limit and the upgrade', async () => {
    const owner = await makeCustomer(db());
    for (let i = 0; i < 5; i++) expect((await save(owner)).statusCode).toBe(201);
    const res = await save(owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^Limit reached: .*5 saved estimates.*upgrade to Premium/i);
    const usage = (await get('/api/estimates/usage', owner)).json();
    expect(usage).toMatchObject({
      plan: 'free',
      saved: { used: 5, limit: 5 },
      generated: { used: 5, limit: 10 },
    });
  });

  it('free: 10 generated per calendar month, deleted ones included; the next month starts again', async () => {
    const owner = await makeCustomer(db());
    for (let i = 0; i < 10; i++) {
      const e = (await save(owner)).json<Estimate>();
      expect((await send('DELETE', `/api/estimates/${e.id}`, owner)).statusCode).toBe(204);
    }
    const res = await save(owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/10 estimates per month.*Upgrade to Premium/);
    const now = t.clock.now;
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    t.clock.advance(nextMonth.getTime() - now.getTime());
    expect((await save(owner)).statusCode).toBe(201);
  });

  it('free: 1 posted per month, reposting the same estimate is free; premium: 10 per month', async () => {
    const owner = await makeCustomer(db());
    const [a, b] = [await makeEstimate(db(), owner), await makeEstimate(db(), owner)];
    expect((await postIt(a!.id, owner)).statusCode).toBe(200);
    const refused = await postIt(b!.id, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/1 posted estimate per month.*Upgrade to Premium/);
    expect((await setStatus(b!.id, owner, 'posted')).statusCode).toBe(403);
    expect((await setStatus(a!.id, owner, 'draft')).statusCode).toBe(200);
    expect((await postIt(a!.id, owner)).statusCode).toBe(200);

    const rich = await premium();
    for (let i = 0; i < 10; i++) {
      const e = await makeEstimate(db(), rich);
      expect((await postIt(e.id, rich)).statusCode).toBe(200);
    }
    const e = await makeEstimate(db(), rich);
    const res = await postIt(e.id, rich);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Premium plan includes 10 posted estimates per month/);
  });

  it('an expired premium trial is the free plan again', async () => {
    const owner = await makeCustomer(db(), {
      subscriptionPlan: 'premium',
      trialEndDate: new Date(t.clock.now.getTime() - DAY),
    });
    const [a, b] = [await makeEstimate(db(), owner), await makeEstimate(db(), owner)];
    expect((await postIt(a!.id, owner)).statusCode).toBe(200);
    expect((await postIt(b!.id, owner)).statusCode).toBe(403);
  });

  it('holds under parallel requests: at the limit only one of several parallel saves or posts passes', async () => {
    const saver = await makeCustomer(db());
    for (let i = 0; i < 4; i++) await makeEstimate(db(), saver);
    const cookie = await loginAs(t.app, saver);
    const saves = await Promise.all(
      Array.from({ length: 4 }, () => postJson(t.app, '/api/estimates', wizardPayload(), cookie)),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);

    const poster = await makeCustomer(db());
    const drafts = await Promise.all([1, 2, 3].map(() => makeEstimate(db(), poster)));
    const posterCookie = await loginAs(t.app, poster);
    const posts = await Promise.all(
      drafts.map((d) => call(t.app, { method: 'PATCH', url: `/api/estimates/${d.id}/post` }, posterCookie)),
    );
    expect(posts.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
  });

  it('free: every move back to draft is a saved estimate: at 5 drafts cancelled -> draft and Unpost are refused', async () => {
    const owner = await makeCustomer(db());
    const cancelled = await makeEstimate(db(), owner, { status: 'cancelled' });
    const posted = await makeEstimate(db(), owner, { status: 'posted' });
    const drafts: Estimate[] = [];
    for (let i = 0; i < 5; i++) drafts.push((await save(owner)).json<Estimate>());
    for (const e of [cancelled, posted]) {
      const res = await setStatus(e.id, owner, 'draft');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/^Limit reached: .*5 saved estimates.*upgrade to Premium/i);
    }
    expect((await get(`/api/estimates/${cancelled.id}`, owner)).json().status).toBe('cancelled');
    expect((await get(`/api/estimates/${posted.id}`, owner)).json().status).toBe('posted');
    expect((await get('/api/estimates/usage', owner)).json().saved).toEqual({ used: 5, limit: 5 });

    // Below the limit the move is allowed again.
    expect((await send('DELETE', `/api/estimates/${drafts[0]!.id}`, owner)).statusCode).toBe(204);
    expect((await setStatus(cancelled.id, owner, 'draft')).json().status).toBe('draft');
    expect((await setStatus(posted.id, owner, 'draft')).statusCode).toBe(403);
  });

  it('holds under parallel requests: at 4 drafts only one of several parallel moves back to draft passes', async () => {
    const owner = await makeCustomer(db());
    for (let i = 0; i < 4; i++) await makeEstimate(db(), owner);
    const cancelled = await Promise.all(
      [1, 2, 3].map(() => makeEstimate(db(), owner, { status: 'cancelled' })),
    );
    const cookie = await loginAs(t.app, owner);
    const moves = await Promise.all(
      cancelled.map((e) =>
        call(
          t.app,
          { method: 'PUT', url: `/api/estimates/${e.id}/status`, payload: { status: 'draft' } },
          cookie,
        ),
      ),
    );
    expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 403, 403]);
    expect((await get('/api/estimates/usage', owner)).json().saved).toEqual({ used: 5, limit: 5 });
  });

  it('admins have no plan limits; usage says unlimited, and the pictures they may add (as premium)', async () => {
    const admin = await makeAdmin(db());
    for (let i = 0; i < 6; i++) expect((await save(admin)).statusCode).toBe(201);
    expect((await get('/api/estimates/usage', admin)).json()).toMatchObject({
      saved: { used: 6, limit: null },
      picturesPerEstimate: 5,
    });
  });
});

describe('automotive', () => {
  it('GET /api/catalog/automotive: tasks, subtasks and measurementMeta, cacheable', async () => {
    const res = await get('/api/catalog/automotive', null);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tasks.length).toBeGreaterThan(0);
    expect(body.measurementMeta).toHaveLength(body.subtasks.length);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await call(t.app, {
      method: 'GET',
      url: '/api/catalog/automotive',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('POST /api/estimate/automotive: totalCost = grade x sum(price x quantity); bad input 400', async () => {
    const catalog = (await get('/api/catalog/automotive', null)).json();
    const meta = catalog.measurementMeta as { subtaskId: string; measurementType: string }[];
    const counted = meta.find((m) => m.measurementType !== 'Linked')!;
    const price = catalog.subtasks.find((s: { id: string }) => s.id === counted.subtaskId).price as number;
    const res = await postJson(t.app, '/api/estimate/automotive', {
      grade: 'Premium',
      items: [{ subtaskId: counted.subtaskId, quantity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCost).toBe(Math.round(price * 100 * 2 * 1.3) / 100);
    const bad = await postJson(t.app, '/api/estimate/automotive', {
      grade: 'Gold',
      items: [{ subtaskId: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/estimate/automotive lines', () => {
  it('answers each line before and after the grade; the lines sum to the subtotal and the total', async () => {
    const res = await postJson(t.app, '/api/estimate/automotive', {
      grade: 'Economy',
      items: [
        { subtaskId: 'brake-pads', quantity: 2 },
        { subtaskId: 'brake-fluid-flush', quantity: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AutomotivePrice>();
    expect(body).toEqual(
      expect.objectContaining({
        totalCents: 49600,
        subtotalCents: 62000,
        totalCost: 496,
        gradeMultiplier: 0.8,
      }),
    );
    expect(body.lines.map((l) => [l.subtaskId, l.quantity, l.baseCents, l.amountCents])).toEqual([
      ['brake-pads', 2, 50000, 40000],
      ['brake-fluid-flush', 1, 12000, 9600],
    ]);
  });
});

describe('sample data helpers', () => {
  it('sampleMeasurements gives every field of every subtask', () => {
    expect(sampleMeasurements(['kitchen-countertops'])).toEqual({
      'kitchen-countertops': { length: '10', width: '10' },
    });
  });
});
