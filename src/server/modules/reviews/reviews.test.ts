// Reviews through HTTP on the real app and database (decision 0044), each job driven to completed through the jobs
// routes: blind both ways (the other party learns only that a review exists; strangers 404), both published at one
// moment by the second review, the 14-day window with the clock moved and the scheduled close publishing a lone
// review, one review per party (also in parallel), a job not completed 409 naming its state, the sub-ratings of the
// author's side, editing until published, the reviewed party's one answer and its 48 hours of edits, the provider
// and customer lists (who may read them, hidden and removed reviews, a closed author's "Former customer") and the
// price facts printed beside each review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayIn } from '#domain/job-words';
import { hiddenReviewText, REVIEW_WINDOW_DAYS } from '#domain/reviews';
import type { JobReviews, PublicReview } from '#domain/schemas/review.schema';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { AppEvents } from '#server/core/app-events';
import { bids, reviews, users } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createReviewsService, REVIEW_MESSAGES } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  // The worker's own poll is left out (an hour): the tests run what is due themselves.
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }, { work: { pollMs: 3_600_000 } });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;

/** A session made at the clock's time now (the tests move it by weeks). */
const cookie = (user: { id: string }) => loginAs(t.app, user, { persistent: true });
async function send(
  user: { id: string } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return call(t.app, { method, url, ...(payload ? { payload } : {}) }, user ? await cookie(user) : undefined);
}
async function ok(user: { id: string }, method: 'POST' | 'PUT', url: string, payload?: object) {
  const res = await send(user, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

interface Job {
  customer: TestUser;
  provider: TestUser;
  /** Another provider who bid on the estimate and was not hired. */
  bidder: TestUser;
  estimate: Estimate;
  jobId: string;
}

/** Hired, started and (unless `until` says otherwise) completed through the jobs routes; `changeOrders` approved. */
async function job(
  opts: { until?: 'inProgress' | 'completed'; changeOrders?: number[]; customerName?: string } = {},
) {
  const customer = await makeCustomer(db(), {
    firstName: opts.customerName ?? 'Dana',
    lastName: 'Kline',
  });
  const estimate = await makeEstimate(db(), customer, {
    status: 'posted',
    title: 'Kitchen faucet',
    now: t.clock.now,
  });
  const provider = await makeProvider(db(), { plan: 'deluxe', firstName: 'Pia', lastName: 'Builder' });
  const bidder = await makeProvider(db(), { plan: 'deluxe', firstName: 'Olly', lastName: 'Other' });
  const [bid] = await db()
    .insert(bids)
    .values([
      { estimateId: estimate.id, providerId: provider.id, createdAt: t.clock.now },
      { estimateId: estimate.id, providerId: bidder.id, createdAt: t.clock.now },
    ])
    .returning();
  const accepted = await ok(customer, 'POST', `/api/estimates/${estimate.id}/bids/${bid!.id}/accept`, {
    price: 1000,
  });
  const jobId = accepted.json<{ jobId: string }>().jobId;
  const url = (step: string) => `/api/jobs/${jobId}/${step}`;
  await ok(provider, 'POST', url('schedule'), { date: todayIn('UTC', t.clock.now) });
  await ok(customer, 'POST', url('schedule/confirm'));
  await ok(provider, 'POST', url('start'));
  for (const amount of opts.changeOrders ?? []) {
    const res = await ok(provider, 'POST', url('change-orders'), {
      label: 'Extra valve',
      amount,
      reason: 'Found on site',
    });
    const co = res
      .json<{ job: { changeOrders: { id: string; status: string }[] } }>()
      .job.changeOrders.find((c) => c.status === 'pending')!;
    await ok(customer, 'POST', url(`change-orders/${co.id}/approve`));
  }
  if (opts.until !== 'inProgress') {
    await ok(provider, 'POST', url('complete'), { note: 'Done' });
    await ok(customer, 'POST', url('confirm'));
  }
  return { customer, provider, bidder, estimate, jobId } satisfies Job;
}

const CUSTOMER_REVIEW = {
  rating: 5,
  quality: 5,
  communication: 4,
  punctuality: 5,
  value: 4,
  text: 'Fixed the leak quickly and left the kitchen clean.',
};
const PROVIDER_REVIEW = {
  rating: 4,
  clarity: 4,
  responsiveness: 5,
  fairness: 4,
  text: 'Clear about what was needed and paid on time.',
};

const reviewsUrl = (j: Job) => `/api/jobs/${j.jobId}/reviews`;
const read = async (user: { id: string }, j: Job) => {
  const res = await send(user, 'GET', reviewsUrl(j));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JobReviews>();
};
const writeAs = (user: { id: string }, j: Job, body: object) => send(user, 'POST', reviewsUrl(j), body);

describe('blind reviews', () => {
  it('customer first: the provider sees only that a review exists; the second review publishes both at one moment', async () => {
    const j = await job();
    const published: AppEvents['reviewsPublished'][] = [];
    const off = t.app.ctx.events.afterCommit('reviewsPublished', (e) => void published.push(e));

    const first = await writeAs(j.customer, j, CUSTOMER_REVIEW);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<JobReviews>()).toMatchObject({
      yourSide: 'customer',
      otherName: 'Pia B.',
      canReview: false,
      refusal: 'alreadyReviewed',
      mine: { authorSide: 'customer', rating: 5, text: CUSTOMER_REVIEW.text, published: false },
      otherReviewed: false,
      published: false,
      reviews: [],
    });
    expect(first.json<JobReviews>().mine!.subRatings).toEqual({
      quality: 5,
      communication: 4,
      punctuality: 5,
      value: 4,
    });

    const providerView = await read(j.provider, j);
    expect(providerView).toMatchObject({
      yourSide: 'provider',
      otherName: 'Dana K.',
      canReview: true,
      refusal: null,
      mine: null,
      otherReviewed: true,
      published: false,
      reviews: [],
    });
    expect(JSON.stringify(providerView)).not.toContain(CUSTOMER_REVIEW.text);
    // Nobody else reads it, nor learns the job exists: the same 404 as a job that does not exist.
    const admin = await makeAdmin(db());
    expect(await read(admin, j)).toMatchObject({ yourSide: null, mine: null, published: false, reviews: [] });
    for (const stranger of [j.bidder, await makeCustomer(db())]) {
      const res = await send(stranger, 'GET', reviewsUrl(j));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: REVIEW_MESSAGES.jobNotFound });
    }
    const missing = await send(j.customer, 'GET', `/api/jobs/${crypto.randomUUID()}/reviews`);
    expect(missing.json()).toMatchObject({ error: REVIEW_MESSAGES.jobNotFound });
    expect((await send(null, 'GET', reviewsUrl(j))).statusCode).toBe(401);
    // A provider's list shows no blind review.
    expect((await send(null, 'GET', `/api/providers/${j.provider.id}/reviews`)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect(published).toEqual([]);

    const second = await writeAs(j.provider, j, PROVIDER_REVIEW);
    off();
    expect(second.statusCode, second.body).toBe(201);
    const both = second.json<JobReviews>();
    expect(both).toMatchObject({ yourSide: 'provider', published: true, otherReviewed: true });
    expect(both.reviews.map((r) => [r.authorSide, r.authorName, r.text]).sort()).toEqual([
      ['customer', 'Dana K.', CUSTOMER_REVIEW.text],
      ['provider', 'Pia B.', PROVIDER_REVIEW.text],
    ]);
    expect(new Set(both.reviews.map((r) => r.publishedAt)).size).toBe(1);
    expect(both.reviews[0]!.publishedAt).toBe(t.clock.now.toISOString());
    expect(published).toEqual([
      expect.objectContaining({
        jobId: j.jobId,
        customerId: j.customer.id,
        providerId: j.provider.id,
        estimateTitle: 'Kitchen faucet',
      }),
    ]);
    expect(published[0]!.reviewIds.sort()).toEqual(both.reviews.map((r) => r.id).sort());
    // Both parties and admins now read both.
    expect((await read(j.customer, j)).reviews).toHaveLength(2);
    expect((await read(admin, j)).reviews).toHaveLength(2);
    expect((await read(j.customer, j)).mine).toMatchObject({ published: true });
  });

  it('provider first: the customer sees only that a review exists, then both', async () => {
    const j = await job();
    expect((await writeAs(j.provider, j, PROVIDER_REVIEW)).statusCode).toBe(201);
    const blind = await read(j.customer, j);
    expect(blind).toMatchObject({ mine: null, otherReviewed: true, published: false, reviews: [] });
    expect(JSON.stringify(blind)).not.toContain(PROVIDER_REVIEW.text);
    expect((await send(j.bidder, 'GET', reviewsUrl(j))).statusCode).toBe(404);
    t.clock.advance(60_000);
    expect((await writeAs(j.customer, j, CUSTOMER_REVIEW)).statusCode).toBe(201);
    const seen = await read(j.provider, j);
    expect(seen.published).toBe(true);
    expect(seen.reviews.map((r) => r.authorSide).sort()).toEqual(['customer', 'provider']);
    expect(seen.reviews.every((r) => r.publishedAt === t.clock.now.toISOString())).toBe(true);
  });

  it('only the parties write: the side and the subject come from the job, not the body; strangers 404, admins 403', async () => {
    const j = await job();
    const res = await writeAs(j.customer, j, {
      ...CUSTOMER_REVIEW,
      subjectId: j.bidder.id,
      authorSide: 'provider',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(reviews).where(eq(reviews.jobId, j.jobId));
    expect(row).toMatchObject({ authorId: j.customer.id, subjectId: j.provider.id, authorSide: 'customer' });
    expect((await writeAs(j.bidder, j, PROVIDER_REVIEW)).statusCode).toBe(404);
    expect((await writeAs(await makeAdmin(db()), j, PROVIDER_REVIEW)).statusCode).toBe(403);
    expect((await send(null, 'POST', reviewsUrl(j), PROVIDER_REVIEW)).statusCode).toBe(401);
  });
});

describe('when a review may be written', () => {
  it('a job not completed: 409 naming its state', async () => {
    const j = await job({ until: 'inProgress' });
    const res = await writeAs(j.customer, j, CUSTOMER_REVIEW);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'This job is in progress: it can be reviewed once it is completed.',
    });
    expect(await read(j.customer, j)).toMatchObject({
      canReview: false,
      refusal: 'notCompleted',
      windowClosesAt: null,
    });
  });

  it('one review per party: a second 409, and of three parallel POSTs one wins, never a 500', async () => {
    const j = await job();
    const results = await Promise.all([1, 2, 3].map(() => writeAs(j.provider, j, PROVIDER_REVIEW)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      error: REVIEW_MESSAGES.alreadyReviewed,
    });
    expect(await db().select().from(reviews).where(eq(reviews.jobId, j.jobId))).toHaveLength(1);
    expect((await writeAs(j.provider, j, PROVIDER_REVIEW)).statusCode).toBe(409);
  });

  it('both parties at the same moment: both stored, both published together', async () => {
    const j = await job();
    const results = await Promise.all([
      writeAs(j.customer, j, CUSTOMER_REVIEW),
      writeAs(j.provider, j, PROVIDER_REVIEW),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await db().select().from(reviews).where(eq(reviews.jobId, j.jobId));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.publishedAt).not.toBeNull();
    expect(rows[0]!.publishedAt).toEqual(rows[1]!.publishedAt);
  });

  it(`the ${REVIEW_WINDOW_DAYS}-day window: day 13 accepted, day 14 refused; the scheduled close publishes a lone review, once`, async () => {
    const early = await job();
    const late = await job();
    const closesAt = (await read(early.customer, early)).windowClosesAt!;
    t.clock.advance(13 * DAY);
    expect((await writeAs(early.customer, early, CUSTOMER_REVIEW)).statusCode).toBe(201);
    expect((await writeAs(late.customer, late, CUSTOMER_REVIEW)).statusCode).toBe(201);
    // Not due yet: still blind.
    await t.app.ctx.work.runDue();
    expect((await read(early.provider, early)).published).toBe(false);

    t.clock.advance(DAY);
    const refused = await writeAs(early.provider, early, PROVIDER_REVIEW);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: REVIEW_MESSAGES.windowClosed });
    expect(new Date(closesAt).getTime()).toBeLessThanOrEqual(t.clock.now.getTime());

    const published: AppEvents['reviewsPublished'][] = [];
    const off = t.app.ctx.events.afterCommit('reviewsPublished', (e) => void published.push(e));
    while ((await t.app.ctx.work.runDue()) > 0) {
      // run everything due
    }
    // Run again by hand: nothing is left to publish.
    expect(await createReviewsService(t.app.ctx).closeWindow(early.jobId)).toEqual([]);
    off();
    // Earlier tests' lone reviews are published by their own closes too; each of these jobs once.
    const ours = published.filter((e) => e.jobId === early.jobId || e.jobId === late.jobId);
    expect(ours.map((e) => e.jobId).sort()).toEqual([early.jobId, late.jobId].sort());
    const seen = await read(early.provider, early);
    expect(seen).toMatchObject({ published: true, canReview: false, refusal: 'windowClosed' });
    expect(seen.reviews.map((r) => r.text)).toEqual([CUSTOMER_REVIEW.text]);
    expect(seen.reviews[0]!.publishedAt).toBe(t.clock.now.toISOString());
    const list = (await send(null, 'GET', `/api/providers/${early.provider.id}/reviews`)).json<{
      items: PublicReview[];
    }>();
    expect(list.items.map((r) => r.jobId)).toEqual([early.jobId]);
  });
});

describe('the sub-ratings of the side', () => {
  it("the author's side's sub-ratings are required and the other side's refused, as field errors", async () => {
    const j = await job();
    const { quality: _q, ...withoutQuality } = CUSTOMER_REVIEW;
    const res = await writeAs(j.customer, j, { ...withoutQuality, clarity: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { quality: 'Rate quality from 1 to 5', clarity: 'Not a rating of this review' },
    });
    const wrong = await writeAs(j.provider, j, { ...PROVIDER_REVIEW, value: 5 });
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { value: 'Not a rating of this review' },
    });
    const outOfRange = await writeAs(j.provider, j, { ...PROVIDER_REVIEW, fairness: 6 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().fields).toHaveProperty('fairness');
    const short = await writeAs(j.provider, j, { ...PROVIDER_REVIEW, text: '  Too short.   ' });
    expect(short.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { text: 'Write at least 20 characters' },
    });
    expect(await db().select().from(reviews).where(eq(reviews.jobId, j.jobId))).toEqual([]);
  });
});

describe('editing a review', () => {
  it('the author edits until it is published, not after; anyone else 404', async () => {
    const j = await job();
    const id = (await writeAs(j.customer, j, CUSTOMER_REVIEW)).json<JobReviews>().mine!.id;
    t.clock.advance(60_000);
    const edited = await send(j.customer, 'PUT', `/api/reviews/${id}`, {
      ...CUSTOMER_REVIEW,
      rating: 3,
      punctuality: 2,
      text: 'Good work, but arrived two hours late.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<JobReviews>().mine).toMatchObject({
      rating: 3,
      text: 'Good work, but arrived two hours late.',
      updatedAt: t.clock.now.toISOString(),
      published: false,
    });
    expect(edited.json<JobReviews>().mine!.subRatings.punctuality).toBe(2);
    const invalid = await send(j.customer, 'PUT', `/api/reviews/${id}`, { ...PROVIDER_REVIEW });
    expect(invalid.statusCode).toBe(400);
    for (const other of [j.provider, j.bidder]) {
      expect((await send(other, 'PUT', `/api/reviews/${id}`, CUSTOMER_REVIEW)).statusCode).toBe(404);
    }
    await writeAs(j.provider, j, PROVIDER_REVIEW);
    const late = await send(j.customer, 'PUT', `/api/reviews/${id}`, CUSTOMER_REVIEW);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'A published review can no longer be edited' });
    expect((await read(j.provider, j)).reviews.find((r) => r.id === id)!.rating).toBe(3);
  });
});

describe("the reviewed party's answer", () => {
  it('once, by the subject only, on a published review; editable for 48 hours', async () => {
    const j = await job();
    const id = (await writeAs(j.customer, j, CUSTOMER_REVIEW)).json<JobReviews>().mine!.id;
    const url = `/api/reviews/${id}/response`;
    // Blind: nobody can answer what they cannot read.
    expect((await send(j.provider, 'POST', url, { text: 'Thanks!' })).statusCode).toBe(404);
    await writeAs(j.provider, j, PROVIDER_REVIEW);

    for (const other of [j.customer, j.bidder]) {
      expect((await send(other, 'POST', url, { text: 'Thanks!' })).statusCode).toBe(404);
    }
    expect((await send(j.provider, 'PUT', url, { text: 'Edited' })).statusCode).toBe(409);
    const answered = await send(j.provider, 'POST', url, { text: '  Thank you, Dana!  ' });
    expect(answered.statusCode, answered.body).toBe(201);
    const firstAt = t.clock.now.toISOString();
    expect(answered.json<PublicReview>()).toMatchObject({
      id,
      response: {
        text: 'Thank you, Dana!',
        createdAt: firstAt,
        updatedAt: firstAt,
        editableUntil: new Date(t.clock.now.getTime() + 48 * 3_600_000).toISOString(),
      },
    });
    const again = await send(j.provider, 'POST', url, { text: 'Once more' });
    expect(again.statusCode).toBe(409);

    t.clock.advance(47 * 3_600_000);
    const edited = await send(j.provider, 'PUT', url, { text: 'Thank you, Dana! Enjoy the kitchen.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<PublicReview>().response).toMatchObject({
      text: 'Thank you, Dana! Enjoy the kitchen.',
      createdAt: firstAt,
      updatedAt: t.clock.now.toISOString(),
    });
    expect((await send(j.customer, 'PUT', url, { text: 'Not mine' })).statusCode).toBe(404);
    t.clock.advance(2 * 3_600_000);
    const closed = await send(j.provider, 'PUT', url, { text: 'Too late' });
    expect(closed.statusCode).toBe(409);
    const list = (await send(null, 'GET', `/api/providers/${j.provider.id}/reviews`)).json<{
      items: PublicReview[];
    }>();
    expect(list.items[0]!.response!.text).toBe('Thank you, Dana! Enjoy the kitchen.');
  });
});

describe('the lists', () => {
  it("a provider's: anyone, signed out too; newest first, paged, with the price facts; hidden shown as hidden, removed left out", async () => {
    const a = await job({ changeOrders: [150, 50] });
    // The same provider's second and third jobs.
    const more: Job[] = [];
    for (let i = 0; i < 2; i++) {
      t.clock.advance(60_000);
      const customer = await makeCustomer(db(), { firstName: `Eve${i}`, lastName: 'Stone' });
      const estimate = await makeEstimate(db(), customer, { status: 'posted', now: t.clock.now });
      const [bid] = await db()
        .insert(bids)
        .values({ estimateId: estimate.id, providerId: a.provider.id })
        .returning();
      const jobId = (
        await ok(customer, 'POST', `/api/estimates/${estimate.id}/bids/${bid!.id}/accept`)
      ).json<{ jobId: string }>().jobId;
      const url = (s: string) => `/api/jobs/${jobId}/${s}`;
      await ok(a.provider, 'POST', url('schedule'), { date: todayIn('UTC', t.clock.now) });
      await ok(customer, 'POST', url('schedule/confirm'));
      await ok(a.provider, 'POST', url('start'));
      await ok(a.provider, 'POST', url('complete'), { note: 'Done' });
      await ok(customer, 'POST', url('confirm'));
      more.push({ ...a, customer, estimate, jobId });
    }
    for (const j of [a, ...more]) {
      t.clock.advance(60_000);
      await writeAs(j.customer, j, CUSTOMER_REVIEW);
      await writeAs(j.provider, j, PROVIDER_REVIEW);
    }
    const url = `/api/providers/${a.provider.id}/reviews`;
    const all = await send(null, 'GET', url);
    expect(all.statusCode).toBe(200);
    const body = all.json<{ items: PublicReview[]; total: number; page: number; pageSize: number }>();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(body.items.map((r) => r.jobId)).toEqual([more[1]!.jobId, more[0]!.jobId, a.jobId]);
    expect(body.items.every((r) => r.authorSide === 'customer' && r.subjectId === a.provider.id)).toBe(true);
    const first = body.items[2]!;
    expect(first).toMatchObject({
      authorName: 'Dana K.',
      rating: 5,
      hidden: false,
      category: 'Kitchen',
      completedMonth: expect.stringMatching(/^\d{4}-\d{2}$/),
      priceFacts: {
        estimateMin: a.estimate.minBudget,
        estimateMax: a.estimate.maxBudget,
        agreed: 1000,
        final: 1200,
        approvedChangeOrders: 2,
        sentence: '20 % above the agreed price, with 2 approved change orders',
      },
      response: null,
    });
    expect(first.city).toBeTruthy();
    expect(body.items[0]!.priceFacts.sentence).toBe('Finished at the agreed price');

    const paged = (await send(null, 'GET', `${url}?page=2&pageSize=2`)).json<typeof body>();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((r) => r.jobId)).toEqual([a.jobId]);

    // Moderation's marks, as the moderation routes leave them.
    await db()
      .update(reviews)
      .set({ moderation: 'hidden', moderationReason: 'personal_data', moderatedAt: t.clock.now })
      .where(eq(reviews.id, body.items[0]!.id));
    await db()
      .update(reviews)
      .set({ moderation: 'removed', moderationReason: 'fake', moderatedAt: t.clock.now })
      .where(eq(reviews.id, body.items[1]!.id));
    const moderated = (await send(null, 'GET', url)).json<typeof body>();
    expect(moderated.total).toBe(2);
    expect(moderated.items.map((r) => [r.id, r.hidden, r.text])).toEqual([
      [body.items[0]!.id, true, hiddenReviewText('personal_data')],
      [first.id, false, CUSTOMER_REVIEW.text],
    ]);
    // A removed review cannot be answered either.
    expect(
      (await send(a.provider, 'POST', `/api/reviews/${body.items[1]!.id}/response`, { text: 'Hm' }))
        .statusCode,
    ).toBe(404);

    for (const notProvider of [a.customer.id, crypto.randomUUID(), 'not-an-id']) {
      const res = await send(null, 'GET', `/api/providers/${notProvider}/reviews`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: REVIEW_MESSAGES.providerNotFound });
    }
  });

  it("a customer's: the providers who bid on their work, admins and the customer; anyone else 404", async () => {
    const j = await job();
    await writeAs(j.customer, j, CUSTOMER_REVIEW);
    await writeAs(j.provider, j, PROVIDER_REVIEW);
    const url = `/api/customers/${j.customer.id}/reviews`;
    // The bidder who was not hired bid on one of the customer's estimates: they may read it.
    for (const reader of [j.provider, j.bidder, await makeAdmin(db()), j.customer]) {
      const res = await send(reader, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ items: PublicReview[] }>().items;
      expect(items.map((r) => [r.authorSide, r.authorName, r.subjectId])).toEqual([
        ['provider', 'Pia B.', j.customer.id],
      ]);
      expect(items[0]!.subRatings).toEqual({ clarity: 4, responsiveness: 5, fairness: 4 });
    }
    for (const stranger of [await makeProvider(db(), { plan: 'deluxe' }), await makeCustomer(db())]) {
      const res = await send(stranger, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: REVIEW_MESSAGES.customerNotFound });
    }
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    expect((await send(j.provider, 'GET', `/api/customers/${crypto.randomUUID()}/reviews`)).statusCode).toBe(
      404,
    );
  });

  it('a closed account\'s reviews stay, signed "Former customer" or "Former pro"', async () => {
    const j = await job();
    await writeAs(j.customer, j, CUSTOMER_REVIEW);
    await writeAs(j.provider, j, PROVIDER_REVIEW);
    await db()
      .update(users)
      .set({ deletedAt: t.clock.now, firstName: 'Deleted', lastName: 'User' })
      .where(eq(users.id, j.customer.id));
    const ofProvider = (await send(null, 'GET', `/api/providers/${j.provider.id}/reviews`)).json<{
      items: PublicReview[];
    }>();
    expect(ofProvider.items.map((r) => r.authorName)).toEqual(['Former customer']);
    expect((await read(j.provider, j)).otherName).toBe('Former customer');

    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, j.provider.id));
    const admin = await makeAdmin(db());
    const names = (await read(admin, j)).reviews.map((r) => [r.authorSide, r.authorName]).sort();
    expect(names).toEqual([
      ['customer', 'Former customer'],
      ['provider', 'Former pro'],
    ]);
    // A closed provider has no public list any more.
    expect((await send(null, 'GET', `/api/providers/${j.provider.id}/reviews`)).statusCode).toBe(404);
  });
});
