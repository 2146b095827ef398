// City cost guides through HTTP on the real app and database (decision 0047): a guide's numbers are priceGuide's
// (the wizard's own pricing), the index and the accuracy validate against their schemas, an unknown category or
// place is a 404; the accuracy from seeded hired jobs: exactly 5 show figures and 4 do not, a place alone with 5
// shows its own, jobs older than the window are left out, the median and the count inside the range; kept for the
// UTC day, dropped by a hire; and no one is named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskCategoryIds } from '#domain/catalog/categories';
import { findPlace, guidePath, nearbyPlaces, placeSlug, priceGuide } from '#domain/cost-guides';
import {
  costGuideIndexSchema,
  costGuideSchema,
  pricingAccuracySchema,
  type Accuracy,
  type CostGuide,
  type PricingAccuracy,
} from '#domain/schemas/cost-guide.schema';
import { regions, type Region } from '#domain/regions/index';
import { bids, jobs } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeJob, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let customer: TestUser;
let provider: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  customer = await makeCustomer(db(), { firstName: 'Quintessa', lastName: 'Zebrowski' });
  provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Xylophone Renovations' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const get = (url: string) => call(t.app, { method: 'GET', url });

const place = (slug: string): Region => {
  const r = findPlace(slug);
  if (!r) throw new Error(`no place ${slug}`);
  return r;
};
// Both at a factor of exactly 1, so an estimate's final price is its catalogue price.
const melbourne = place('melbourne-fl');
const palmBay = place('palm-bay-fl');

/**
 * A job hired in `category` in `region` at `agreedCents`, against an estimate of one flat-rate subtask (quantity 1)
 * at Standard: its final price is the unit price there, its range 0.8x to 1.2x of it.
 */
async function hiredJob(category: string, subtask: string, region: Region, agreedCents: number) {
  const estimate = await makeEstimate(db(), customer, {
    category,
    subtasks: [subtask],
    region: region.id,
    status: 'posted',
  });
  return makeJob(db(), estimate, provider.id, { agreedCents });
}

/** The next UTC day: the kept accuracy lapses and is computed again. */
const nextDay = () => t.clock.advance(DAY);

async function pricingAccuracy(): Promise<PricingAccuracy> {
  const res = await get('/api/pricing-accuracy');
  expect(res.statusCode).toBe(200);
  return pricingAccuracySchema.parse(res.json());
}
const accuracyOf = async (category: string): Promise<Accuracy> =>
  (await pricingAccuracy()).categories.find((c) => c.id === category)!.accuracy;

async function guide(category: string, slug: string): Promise<CostGuide> {
  const res = await get(`/api/cost-guides/${category}/${slug}`);
  expect(res.statusCode).toBe(200);
  return costGuideSchema.parse(res.json());
}

describe('a guide', () => {
  it("shows priceGuide's figures for the typical job in the place, at every grade", async () => {
    const region = place('jacksonville-fl');
    const body = await guide('kitchen', 'jacksonville-fl');
    const expected = priceGuide('kitchen', region);
    expect(body.grades).toEqual(expected.grades);
    expect(body.localFactor).toEqual(expected.localFactor);
    expect(body.exclusions).toEqual(expected.exclusions);
    expect(body.pricesReviewedOn).toBe(expected.pricesReviewedOn);
    expect(body.grades.find((g) => g.grade === 'Standard')!.totalCents).toBe(1_162_219);
    expect(body.place).toEqual({
      slug: 'jacksonville-fl',
      regionId: region.id,
      name: 'Jacksonville',
      state: 'FL',
      location: 'Jacksonville, FL',
    });
    expect(body.path).toBe('/cost-guides/kitchen/jacksonville-fl');
  });

  it('links the nearby places, the other categories of the place and the wizard with the choices made', async () => {
    const region = place('jacksonville-fl');
    const body = await guide('hvac', 'jacksonville-fl');
    expect(body.nearby.map((p) => p.path)).toEqual(
      nearbyPlaces(region).map((r) => guidePath('hvac', placeSlug(r))),
    );
    expect(body.otherCategories.map((c) => c.id)).toEqual(taskCategoryIds.filter((c) => c !== 'hvac'));
    expect(body.otherCategories.find((c) => c.id === 'kitchen')!.path).toBe(
      '/cost-guides/kitchen/jacksonville-fl',
    );
    expect(body.wizardPath).toBe(`/estimates/create?category=hvac&task=hvac&region=${region.id}`);
    expect(body.typicalJob.subtasks.map((s) => s.id)).toEqual(['hvac-ac-replacement', 'hvac-thermostat']);
  });

  it.each([
    ['an unknown category', '/api/cost-guides/roofing/jacksonville-fl'],
    ['automotive', '/api/cost-guides/automotive/jacksonville-fl'],
    ['a category in capitals', '/api/cost-guides/Kitchen/jacksonville-fl'],
    ['an unknown place', '/api/cost-guides/kitchen/atlantis-xx'],
    ["a place's label instead of its slug", '/api/cost-guides/kitchen/Jacksonville%2C%20FL'],
  ])('%s is a 404 with the error shape', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'There is no cost guide for this category and place',
      code: 'NOT_FOUND',
    });
  });

  it('every place has a guide (a few of each kind)', async () => {
    for (const r of [regions[0]!, regions.at(-1)!, place('coeur-d-alene-id')]) {
      expect((await get(`/api/cost-guides/concrete/${placeSlug(r)}`)).statusCode).toBe(200);
    }
  });
});

describe('the index', () => {
  it('lists the 8 categories with their Standard span and every place by state', async () => {
    const res = await get('/api/cost-guides');
    expect(res.statusCode).toBe(200);
    const body = costGuideIndexSchema.parse(res.json());
    expect(body.categories.map((c) => c.id)).toEqual([...taskCategoryIds]);
    const standard = (r: Region) =>
      priceGuide('landscaping', r).grades.find((g) => g.grade === 'Standard')!.totalCents;
    const all = regions.map(standard);
    expect(body.categories.find((c) => c.id === 'landscaping')).toMatchObject({
      standardLowCents: Math.min(...all),
      standardHighCents: Math.max(...all),
    });
    expect(body.states.flatMap((s) => s.places)).toHaveLength(regions.length);
    expect(body.states.find((s) => s.state === 'FL')!.places).toContainEqual({
      slug: 'jacksonville-fl',
      name: 'Jacksonville',
      regionId: place('jacksonville-fl').id,
    });
  });
});

describe('the accuracy', () => {
  // bathroom-vanity: $250 each, so the estimate is 25000 cents, its range 20000 to 30000.
  const vanity = (agreed: number, region = melbourne) =>
    hiredJob('bathroom', 'bathroom-vanity', region, agreed);

  it('4 hired jobs show no figure; the 5th (hired through the app) shows them at once', async () => {
    nextDay();
    // -20 % (the range's bottom, inside), +6 %, +20 % (the top, inside), +24 % (outside).
    for (const agreed of [20_000, 26_500, 30_000, 31_000]) await vanity(agreed);
    nextDay();
    expect(await accuracyOf('bathroom')).toEqual({ scope: null, jobs: 4 });
    expect((await guide('bathroom', 'melbourne-fl')).accuracy).toEqual({ scope: null, jobs: 4 });

    // The 5th: the customer accepts a bid at $240 (-4 %) through the app; the hire drops the kept figures.
    const estimate = await makeEstimate(db(), customer, {
      category: 'bathroom',
      subtasks: ['bathroom-vanity'],
      region: melbourne.id,
      status: 'posted',
    });
    const [bid] = await db()
      .insert(bids)
      .values({ estimateId: estimate.id, providerId: provider.id })
      .returning({ id: bids.id });
    const accept = await call(
      t.app,
      {
        method: 'POST',
        url: `/api/estimates/${estimate.id}/bids/${bid!.id}/accept`,
        payload: { price: 240 },
      },
      await loginAs(t.app, customer),
    );
    expect(accept.statusCode).toBe(200);

    // Sorted: -20, -4, +6, +20, +24: the median is +6 %; 4 of 5 inside (the ends count as inside).
    const figures = { scope: 'place', jobs: 5, insideRange: 4, medianDiffPercent: 6 };
    expect((await guide('bathroom', 'melbourne-fl')).accuracy).toEqual(figures);
    expect(await accuracyOf('bathroom')).toEqual({ ...figures, scope: 'all' });
  });

  it("a place alone with 5 shows its own; another place shows the category's everywhere", async () => {
    // hvac-thermostat: $250. Melbourne's 5 at +0, +2, +4, +8, +10 % (median +4); Palm Bay's 2 at -10 %, -12 %.
    const thermostat = (agreed: number, region: Region) =>
      hiredJob('hvac', 'hvac-thermostat', region, agreed);
    for (const agreed of [25_000, 25_500, 26_000, 27_000, 27_500]) await thermostat(agreed, melbourne);
    for (const agreed of [22_500, 22_000]) await thermostat(agreed, palmBay);
    nextDay();
    expect((await guide('hvac', 'melbourne-fl')).accuracy).toEqual({
      scope: 'place',
      jobs: 5,
      insideRange: 5,
      medianDiffPercent: 4,
    });
    // Everywhere: -12, -10, 0, +2, +4, +8, +10: the median is +2 %.
    const all = { scope: 'all', jobs: 7, insideRange: 7, medianDiffPercent: 2 };
    expect((await guide('hvac', 'palm-bay-fl')).accuracy).toEqual(all);
    expect((await guide('hvac', 'jacksonville-fl')).accuracy).toEqual(all);
    expect(await accuracyOf('hvac')).toEqual(all);
  });

  it("an even count's median is the mean of the middle two", async () => {
    // electrical-outlet: $200. -5, +1, +2, +3, +10, +30 %: the median is (2 + 3) / 2 = +2.5 %; +30 % is outside.
    for (const agreed of [19_000, 20_200, 20_400, 20_600, 22_000, 26_000]) {
      await hiredJob('electrical', 'electrical-outlet', palmBay, agreed);
    }
    nextDay();
    expect(await accuracyOf('electrical')).toEqual({
      scope: 'all',
      jobs: 6,
      insideRange: 5,
      medianDiffPercent: 2.5,
    });
  });

  it('counts jobs hired from the start of the UTC day 365 days back; an older one is left out', async () => {
    // landscaping-planting: $150 a plant.
    const made: { id: string }[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await hiredJob('landscaping', 'landscaping-planting', palmBay, 15_000));
    const windowStart = () => {
      const day = t.clock.now.toISOString().slice(0, 10);
      return new Date(Date.parse(`${day}T00:00:00Z`) - 365 * DAY);
    };
    const hiredAt = (at: Date) => db().update(jobs).set({ createdAt: at }).where(eq(jobs.id, made[0]!.id));

    nextDay();
    await hiredAt(windowStart());
    expect(await accuracyOf('landscaping')).toMatchObject({ scope: 'all', jobs: 5 });

    // The next day the window starts a day later: the same job is now older than 365 days.
    nextDay();
    await hiredAt(new Date(windowStart().getTime() - 1));
    expect(await accuracyOf('landscaping')).toEqual({ scope: null, jobs: 4 });
  });

  it('is kept for the UTC day: a job written without a hire shows the next day', async () => {
    // siding-repair: $6 a sq ft; 5 jobs, but the figures were read before the fifth.
    nextDay();
    for (let i = 0; i < 4; i++) await hiredJob('siding', 'siding-repair', palmBay, 60_000);
    expect(await accuracyOf('siding')).toEqual({ scope: null, jobs: 4 });
    await hiredJob('siding', 'siding-repair', palmBay, 60_000);
    expect(await accuracyOf('siding')).toEqual({ scope: null, jobs: 4 });
    nextDay();
    expect(await accuracyOf('siding')).toMatchObject({ scope: 'all', jobs: 5 });
  });

  it('names no one: no name, company, account or job id in any answer', async () => {
    const answers = [
      (await get('/api/pricing-accuracy')).body,
      (await get('/api/cost-guides')).body,
      (await get('/api/cost-guides/bathroom/melbourne-fl')).body,
    ].join('\n');
    const ids = (await db().select({ id: jobs.id, estimateId: jobs.estimateId }).from(jobs)).flatMap((j) => [
      j.id,
      j.estimateId,
    ]);
    for (const secret of [
      'Quintessa',
      'Zebrowski',
      'Xylophone',
      customer.email,
      customer.id,
      provider.id,
      ...ids,
    ]) {
      expect(answers).not.toContain(secret);
    }
  });

  it('says over which window and when it was computed', async () => {
    const body = await pricingAccuracy();
    expect(body).toMatchObject({ windowDays: 365, minJobs: 5, computedAt: t.clock.now.toISOString() });
    const day = t.clock.now.toISOString().slice(0, 10);
    expect(body.since).toBe(new Date(Date.parse(`${day}T00:00:00Z`) - 365 * DAY).toISOString());
  });
});
