// Reputation through HTTP on the real app and database (decision 0044): a provider's figures (a hidden review's
// rating counted, a removed one's not; the distribution; price accuracy; completion rate of ended jobs; late
// cancellations in the last 12 months), a customer's for a provider who bid on their estimate, admins and the
// customer only, the order of bids by the published ranking within the featured group, the facts beside names in
// lists, and the admin's deletion preview counts with a hard delete taking the reviews out of the reputation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  customerReputationSchema,
  providerReputationSchema,
  type ProviderReputation,
} from '#domain/schemas/review.schema';
import { deletionPreviewSchema } from '#domain/schemas/admin-api.schema';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { ReviewSide } from '#domain/reviews';
import { bids, jobs, messages, reviews } from '#server/db/schema/index';
import {
  makeAdmin,
  makeCustomer,
  makeEstimate,
  makeJob,
  makeProvider,
  type JobTraits,
  type TestUser,
} from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);

/** A job of `customer`'s estimate with `provider`, as the factories leave one; then its final total and dates. */
async function job(
  customer: TestUser,
  provider: TestUser,
  traits: JobTraits & {
    totalCents?: number;
    late?: boolean;
    cancelledBy?: string;
  } = {},
) {
  const estimate = await makeEstimate(db(), customer, { status: 'posted' });
  const row = await makeJob(db(), estimate, provider.id, traits);
  const patch: Partial<typeof jobs.$inferInsert> = {};
  if (traits.totalCents !== undefined) patch.totalCents = traits.totalCents;
  if (traits.late) patch.lateCancellation = true;
  if (traits.cancelledBy) patch.cancelledBy = traits.cancelledBy;
  if (Object.keys(patch).length > 0) await db().update(jobs).set(patch).where(eq(jobs.id, row.id));
  return { ...row, estimate };
}

const subRatingsOf = (side: ReviewSide, n: number): Record<string, number> =>
  side === 'customer'
    ? { quality: n, communication: n, punctuality: n, value: n }
    : { clarity: n, responsiveness: n, fairness: n };

/** A published review of a job, straight in the table (writing one is the reviews routes' work). */
async function review(
  j: { id: string; customerId: string; providerId: string },
  authorSide: ReviewSide,
  rating: number,
  opts: { moderation?: 'visible' | 'hidden' | 'removed'; published?: boolean; sub?: number } = {},
) {
  const [row] = await db()
    .insert(reviews)
    .values({
      jobId: j.id,
      authorId: authorSide === 'customer' ? j.customerId : j.providerId,
      subjectId: authorSide === 'customer' ? j.providerId : j.customerId,
      authorSide,
      rating,
      subRatings: subRatingsOf(authorSide, opts.sub ?? rating),
      text: 'A careful job, on time and tidy at the end.',
      publishedAt: opts.published === false ? null : t.clock.now,
      moderation: opts.moderation ?? 'visible',
      ...(opts.moderation && opts.moderation !== 'visible'
        ? { moderationReason: opts.moderation === 'hidden' ? 'harassment' : 'fake' }
        : {}),
    })
    .returning();
  return row!;
}

async function providerReputation(id: string): Promise<ProviderReputation> {
  const res = await get(`/api/providers/${id}/reputation`);
  expect(res.statusCode, res.body).toBe(200);
  return providerReputationSchema.parse(res.json());
}

describe('a provider’s reputation', () => {
  it('counts published reviews by customers, a hidden one’s rating too, not a removed or unpublished one', async () => {
    const provider = await makeProvider(db());
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => makeCustomer(db())));
    const jobsDone = await Promise.all(customers.map((c) => job(c, provider, { status: 'completed' })));
    await review(jobsDone[0]!, 'customer', 5, { sub: 4 });
    await review(jobsDone[1]!, 'customer', 4, { sub: 5 });
    await review(jobsDone[2]!, 'customer', 2, { moderation: 'hidden', sub: 3 });
    await review(jobsDone[3]!, 'customer', 1, { moderation: 'removed' });
    await review(jobsDone[4]!, 'customer', 1, { published: false });
    // The provider's own review of a customer is about the customer, not the provider.
    await review(jobsDone[0]!, 'provider', 1);

    const r = await providerReputation(provider.id);
    expect(r.count).toBe(3);
    expect(r.distribution).toEqual([0, 1, 0, 1, 1]);
    expect(r.rating).toBe(3.7); // (5 + 4 + 2) / 3
    expect(r.rankingScore).toBeCloseTo((4 * 5 + 11) / 8, 9);
    expect(r.subRatings).toEqual({ quality: 4, communication: 4, punctuality: 4, value: 4 });
    expect(r.completedJobs).toBe(5);
    expect(r.noShows).toBe(0);
  });

  it('a provider without reviews or jobs: nothing to average, ranked at the prior', async () => {
    const provider = await makeProvider(db());
    const r = await providerReputation(provider.id);
    expect(r).toMatchObject({
      rating: null,
      rankingScore: 4,
      count: 0,
      distribution: [0, 0, 0, 0, 0],
      completedJobs: 0,
      completionRate: null,
      priceAccuracy: null,
      lateCancellations: 0,
      medianFirstResponseSeconds: null,
    });
  });

  it('price accuracy: completed jobs within 5 % of the agreed price', async () => {
    const provider = await makeProvider(db());
    const c = await makeCustomer(db());
    await job(c, provider, { status: 'completed', agreedCents: 100_000, totalCents: 100_000 });
    await job(c, provider, { status: 'completed', agreedCents: 100_000, totalCents: 105_000 });
    await job(c, provider, { status: 'completed', agreedCents: 100_000, totalCents: 95_000 });
    await job(c, provider, { status: 'completed', agreedCents: 100_000, totalCents: 112_000 });
    // Open and cancelled jobs are not priced yet.
    await job(c, provider, { status: 'in_progress', agreedCents: 100_000, totalCents: 150_000 });
    const r = await providerReputation(provider.id);
    expect(r.priceAccuracy).toBe(0.75);
  });

  it('completion rate: completed of the hired jobs that ended; an open job does not count against', async () => {
    const provider = await makeProvider(db());
    const c = await makeCustomer(db());
    await job(c, provider, { status: 'completed' });
    await job(c, provider, { status: 'completed' });
    await job(c, provider, { status: 'completed' });
    await job(c, provider, { status: 'cancelled' });
    await job(c, provider, { status: 'hired' });
    await job(c, provider, { status: 'in_progress' });
    const r = await providerReputation(provider.id);
    expect(r.completedJobs).toBe(3);
    expect(r.completionRate).toBe(0.75);
  });

  it('late cancellations: the provider’s own, in the last 12 months', async () => {
    const provider = await makeProvider(db());
    const c = await makeCustomer(db());
    const recent = new Date(t.clock.now.getTime() - 30 * DAY);
    const old = new Date(t.clock.now.getTime() - 400 * DAY);
    await job(c, provider, {
      status: 'cancelled',
      cancelledAt: recent,
      late: true,
      cancelledBy: provider.id,
    });
    await job(c, provider, { status: 'cancelled', cancelledAt: old, late: true, cancelledBy: provider.id });
    // The customer's late cancellation is held against the customer, not the provider.
    await job(c, provider, { status: 'cancelled', cancelledAt: recent, late: true, cancelledBy: c.id });
    // In time: not late.
    await job(c, provider, { status: 'cancelled', cancelledAt: recent, cancelledBy: provider.id });
    expect((await providerReputation(provider.id)).lateCancellations).toBe(1);
    t.clock.advance(340 * DAY);
    try {
      expect((await providerReputation(provider.id)).lateCancellations).toBe(0);
    } finally {
      t.clock.advance(-340 * DAY);
    }
  });

  it('public, signed out too; 404 for a customer, an unknown id or a closed account', async () => {
    const provider = await makeProvider(db());
    const customer = await makeCustomer(db());
    const closed = await makeProvider(db(), { deletedAt: new Date() });
    expect((await get(`/api/providers/${provider.id}/reputation`)).statusCode).toBe(200);
    expect((await get(`/api/providers/${customer.id}/reputation`)).statusCode).toBe(404);
    expect((await get(`/api/providers/${closed.id}/reputation`)).statusCode).toBe(404);
    expect((await get('/api/providers/00000000-0000-4000-8000-000000000009/reputation')).statusCode).toBe(
      404,
    );
    expect((await get('/api/providers/not-an-id/reputation')).statusCode).toBe(404);
  });
});

describe('a customer’s reputation', () => {
  it('for a provider who bid on one of the customer’s estimates, admins and the customer; anyone else 404', async () => {
    const customer = await makeCustomer(db());
    const bidder = await makeProvider(db());
    const stranger = await makeProvider(db());
    const otherCustomer = await makeCustomer(db());
    const admin = await makeAdmin(db());
    const hiredBy = await makeProvider(db());
    const estimate: Estimate = await makeEstimate(db(), customer, { status: 'posted' });
    await db().insert(bids).values({ estimateId: estimate.id, providerId: bidder.id });

    const done = await job(customer, hiredBy, { status: 'completed' });
    await job(customer, hiredBy, { status: 'hired' });
    await job(customer, hiredBy, {
      status: 'cancelled',
      late: true,
      cancelledBy: customer.id,
      cancelledAt: new Date(t.clock.now.getTime() - DAY),
    });
    await review(done, 'provider', 4, { sub: 5 });
    await review(done, 'customer', 1);
    // The provider wrote first; the customer answered an hour later.
    const hour = 3_600_000;
    await db()
      .insert(messages)
      .values([
        {
          estimateId: estimate.id,
          senderId: bidder.id,
          receiverId: customer.id,
          content: 'Could I see the kitchen on Tuesday?',
          createdAt: new Date(t.clock.now.getTime() - 2 * hour),
        },
        {
          estimateId: estimate.id,
          senderId: customer.id,
          receiverId: bidder.id,
          content: 'Tuesday works, after 10.',
          createdAt: new Date(t.clock.now.getTime() - hour),
        },
      ]);

    const url = `/api/customers/${customer.id}/reputation`;
    const res = await get(url, await loginAs(t.app, bidder));
    expect(res.statusCode, res.body).toBe(200);
    expect(customerReputationSchema.parse(res.json())).toEqual({
      customerId: customer.id,
      completedJobs: 1,
      hires: 3,
      lateCancellations: 1,
      medianFirstResponseSeconds: 3600,
      rating: 4,
      count: 1,
      distribution: [0, 0, 0, 1, 0],
      subRatings: { clarity: 5, responsiveness: 5, fairness: 5 },
    });
    expect((await get(url, await loginAs(t.app, admin))).statusCode).toBe(200);
    expect((await get(url, await loginAs(t.app, stranger))).statusCode).toBe(404);
    expect((await get(url, await loginAs(t.app, otherCustomer))).statusCode).toBe(404);
    // The customer sees what providers see.
    expect((await get(url, await loginAs(t.app, customer))).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(401);
  });
});

describe('reputation beside names', () => {
  it('bids: featured group first, then by ranking score within each group, ties in bid order', async () => {
    const customer = await makeCustomer(db());
    const estimate = await makeEstimate(db(), customer, { status: 'posted' });
    // Free plans (not featured): a provider without reviews, one with many good ones, one with a single five.
    const newcomer = await makeProvider(db(), { plan: 'free' });
    const proven = await makeProvider(db(), { plan: 'free' });
    const single = await makeProvider(db(), { plan: 'free' });
    const newcomer2 = await makeProvider(db(), { plan: 'free' });
    // Featured (deluxe) providers: one with poor reviews still ahead of every free one.
    const featuredPoor = await makeProvider(db(), { plan: 'deluxe' });
    const featuredNew = await makeProvider(db(), { plan: 'deluxe' });

    const reviewed = async (p: TestUser, ratings: number[]) => {
      for (const rating of ratings) {
        const c = await makeCustomer(db());
        await review(await job(c, p, { status: 'completed' }), 'customer', rating);
      }
    };
    await reviewed(proven, [5, 5, 5, 5, 5, 4, 5, 5]);
    await reviewed(single, [5]);
    await reviewed(featuredPoor, [2, 1, 2]);

    const order = [newcomer, featuredPoor, proven, single, featuredNew, newcomer2];
    for (const [i, p] of order.entries()) {
      await db()
        .insert(bids)
        .values({
          estimateId: estimate.id,
          providerId: p.id,
          createdAt: new Date(t.clock.now.getTime() + i),
        });
    }
    const res = await get(`/api/estimates/${estimate.id}/bids`, await loginAs(t.app, customer));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { featured: boolean; provider: { id: string; reputation?: unknown } }[];
    expect(items.map((i) => i.provider.id)).toEqual([
      featuredNew.id,
      featuredPoor.id,
      proven.id,
      single.id,
      newcomer.id,
      newcomer2.id,
    ]);
    expect(items.find((i) => i.provider.id === proven.id)!.provider.reputation).toEqual({
      rating: 4.9,
      count: 8,
      priceAccuracy: 1,
      completedJobs: 8,
    });
  });

  it('a provider’s bids, task lists, posted work and an estimate carry the customer’s facts', async () => {
    const customer = await makeCustomer(db());
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const hired = await makeProvider(db());
    const done = await job(customer, hired, { status: 'completed' });
    await review(done, 'provider', 5);
    const estimate = await makeEstimate(db(), customer, { status: 'posted', title: `Facts ${customer.id}` });
    await db().insert(bids).values({ estimateId: estimate.id, providerId: provider.id });
    const cookie = await loginAs(t.app, provider);
    const facts = { completedJobs: 1, hires: 1, lateCancellations: 0, rating: 5, count: 1 };

    const mine = await get('/api/bids/provider?page=1&pageSize=50', cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const bid = (mine.json().items as { estimateId: string; estimate: { customerFacts?: unknown } }[]).find(
      (b) => b.estimateId === estimate.id,
    );
    expect(bid?.estimate.customerFacts).toEqual(facts);

    const search = `/api/tasks?search=${encodeURIComponent(`Facts ${customer.id}`)}`;
    // The first page newest first (merged here) and by budget from the lowest (paged in the database).
    for (const url of [search, `${search}&sort=budget-low-high`]) {
      const feed = await get(url, cookie);
      expect(feed.statusCode, feed.body).toBe(200);
      const item = (feed.json().items as { id: string; customerFacts?: unknown }[]).find(
        (i) => i.id === estimate.id,
      );
      expect(item?.customerFacts, url).toEqual(facts);
    }

    const posted = await get(
      `/api/posted-estimates?search=${encodeURIComponent(`Facts ${customer.id}`)}`,
      cookie,
    );
    expect(posted.statusCode, posted.body).toBe(200);
    expect(
      (posted.json().items as { id: string; customerFacts?: unknown }[]).find((i) => i.id === estimate.id)
        ?.customerFacts,
    ).toEqual(facts);
    const one = await get(`/api/estimates/${estimate.id}`, cookie);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().customerFacts).toEqual(facts);

    const recommended = await get('/api/recommendations', cookie);
    expect(recommended.statusCode, recommended.body).toBe(200);
    const recommendedItem = (recommended.json().items as { id: string; customerFacts?: unknown }[]).find(
      (i) => i.id === estimate.id,
    );
    expect(recommendedItem?.customerFacts).toEqual(facts);

    // An admin reading the task list sees no one's facts: they are for providers deciding whether to bid.
    const asAdmin = await get(search, await loginAs(t.app, await makeAdmin(db())));
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    const adminItem = (asAdmin.json().items as { id: string; customerFacts?: unknown }[]).find(
      (i) => i.id === estimate.id,
    );
    expect(adminItem).toBeDefined();
    expect(adminItem?.customerFacts).toBeUndefined();
  });
});

describe('deleting a user', () => {
  it('the preview counts jobs and reviews; a hard delete takes the reviews out of the reputation', async () => {
    const admin = await makeAdmin(db());
    const cookie = await loginAs(t.app, admin);
    const provider = await makeProvider(db());
    const kind = await makeCustomer(db());
    const harsh = await makeCustomer(db());
    const j1 = await job(kind, provider, { status: 'completed' });
    const j2 = await job(harsh, provider, { status: 'completed' });
    await job(harsh, provider, { status: 'hired' });
    await review(j1, 'customer', 5);
    await review(j2, 'customer', 1);
    await review(j2, 'provider', 3);
    expect((await providerReputation(provider.id)).count).toBe(2);

    const preview = await get(`/api/admin/users/preview?ids=${harsh.id}`, cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    const [item] = deletionPreviewSchema.parse(preview.json());
    expect(item!.counts).toMatchObject({ jobs: 2, reviewsWritten: 1, reviewsReceived: 1 });

    const del = await call(
      t.app,
      { method: 'DELETE', url: `/api/admin/users/${harsh.id}?mode=hard` },
      cookie,
    );
    expect(del.statusCode, del.body).toBe(200);
    const after = await providerReputation(provider.id);
    expect(after).toMatchObject({ count: 1, rating: 5, distribution: [0, 0, 0, 0, 1], completedJobs: 1 });
  });
});
