// Moderation through HTTP on the real app and database (decision 0044): a report once per person (409 twice) on a
// published review only, the admin's Reviews tab by status with the reports and the job's facts, hide (the public
// text replaced, the rating still counted), remove (out of the reputation), restore, each an audit entry with its
// reason in the same transaction as the resolved reports; non-admins refused; no admin moderates a review by or
// about themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hiddenReviewText } from '#domain/reviews';
import {
  adminReviewSchema,
  adminReviewsResponseSchema,
  providerReputationSchema,
  reviewListResponseSchema,
  type AdminReview,
} from '#domain/schemas/review.schema';
import { auditLog, jobChangeOrders, jobs, reviewReports, reviews } from '#server/db/schema/index';
import {
  makeAdmin,
  makeCustomer,
  makeEstimate,
  makeJob,
  makeProvider,
  type TestUser,
} from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  admin = await makeAdmin(db(), { firstName: 'Mona', lastName: 'Moderator' });
  adminCookie = await loginAs(t.app, admin);
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);
const post = (url: string, cookie: string | undefined, payload?: object) =>
  call(t.app, { method: 'POST', url, ...(payload ? { payload } : {}) }, cookie);

const TEXT = 'Left the kitchen spotless and finished a day early.';

/**
 * A completed job (agreed $1,000, final $1,120 with two approved change orders) and the customer's published
 * review of the provider, straight in the tables (writing one is the reviews routes' work).
 */
async function reviewed(opts: { rating?: number; published?: boolean; customer?: TestUser } = {}) {
  const customer = opts.customer ?? (await makeCustomer(db(), { firstName: 'Dana', lastName: 'Kowalski' }));
  const provider = await makeProvider(db(), { firstName: 'Pia', lastName: 'Builder' });
  const estimate = await makeEstimate(db(), customer, { status: 'posted' });
  const job = await makeJob(db(), estimate, provider.id, { status: 'completed', agreedCents: 100_000 });
  await db().update(jobs).set({ totalCents: 112_000 }).where(eq(jobs.id, job.id));
  await db()
    .insert(jobChangeOrders)
    .values([
      { jobId: job.id, label: 'Extra outlet', amountCents: 7_000, status: 'approved' },
      { jobId: job.id, label: 'Trim', amountCents: 5_000, status: 'approved' },
      { jobId: job.id, label: 'Declined idea', amountCents: 9_000, status: 'declined' },
    ]);
  const [review] = await db()
    .insert(reviews)
    .values({
      jobId: job.id,
      authorId: customer.id,
      subjectId: provider.id,
      authorSide: 'customer',
      rating: opts.rating ?? 2,
      subRatings: { quality: 2, communication: 2, punctuality: 2, value: 2 },
      text: TEXT,
      publishedAt: opts.published === false ? null : t.clock.now,
    })
    .returning();
  return { customer, provider, estimate, job, review: review! };
}

const reputationOf = async (providerId: string) =>
  providerReputationSchema.parse((await get(`/api/providers/${providerId}/reputation`)).json());
const publicReviewsOf = async (providerId: string) => {
  const res = await get(`/api/providers/${providerId}/reviews`);
  expect(res.statusCode, res.body).toBe(200);
  return reviewListResponseSchema.parse(res.json()).items;
};
const adminList = async (status: string): Promise<AdminReview[]> => {
  const res = await get(`/api/admin/reviews?status=${status}&pageSize=100`, adminCookie);
  expect(res.statusCode, res.body).toBe(200);
  return adminReviewsResponseSchema.parse(res.json()).items;
};
const auditOf = (reviewId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'review'), eq(auditLog.targetId, reviewId)))
    .orderBy(auditLog.createdAt);

describe('reporting a review', () => {
  it('anyone signed in, once: 201, then 409; signed out 401; a bad reason 400', async () => {
    const { review } = await reviewed();
    const reporter = await loginAs(t.app, await makeCustomer(db()));
    const url = `/api/reviews/${review.id}/report`;
    const first = await post(url, reporter, { reason: 'harassment', note: 'Insults the pro by name.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ok: true });
    expect((await post(url, reporter, { reason: 'fake' })).statusCode).toBe(409);
    expect((await post(url, undefined, { reason: 'fake' })).statusCode).toBe(401);
    const other = await loginAs(t.app, await makeProvider(db()));
    expect((await post(url, other, { reason: 'spam' })).statusCode).toBe(400);
    expect((await post(url, other, { reason: 'fake' })).statusCode).toBe(201);
  });

  it('an unpublished, removed or unknown review is a 404', async () => {
    const reporter = await loginAs(t.app, await makeCustomer(db()));
    const blind = await reviewed({ published: false });
    expect(
      (await post(`/api/reviews/${blind.review.id}/report`, reporter, { reason: 'fake' })).statusCode,
    ).toBe(404);
    const removed = await reviewed();
    await db()
      .update(reviews)
      .set({ moderation: 'removed', moderationReason: 'fake' })
      .where(eq(reviews.id, removed.review.id));
    expect(
      (await post(`/api/reviews/${removed.review.id}/report`, reporter, { reason: 'fake' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/reviews/00000000-0000-4000-8000-00000000000a/report', reporter, { reason: 'fake' }))
        .statusCode,
    ).toBe(404);
    expect((await post('/api/reviews/nope/report', reporter, { reason: 'fake' })).statusCode).toBe(404);
  });
});

describe('the admin’s Reviews tab', () => {
  it('reported: reviews with open reports, the most recently reported first, with the reports and the job’s facts', async () => {
    const a = await reviewed();
    const b = await reviewed();
    const reporter = await makeCustomer(db(), { firstName: 'Rita', lastName: 'Reporter' });
    const cookie = await loginAs(t.app, reporter);
    expect(
      (
        await post(`/api/reviews/${a.review.id}/report`, cookie, {
          reason: 'off_topic',
          note: 'About the weather.',
        })
      ).statusCode,
    ).toBe(201);
    t.clock.advance(1000);
    expect((await post(`/api/reviews/${b.review.id}/report`, cookie, { reason: 'fake' })).statusCode).toBe(
      201,
    );

    const items = await adminList('reported');
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(b.review.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b.review.id)).toBeLessThan(ids.indexOf(a.review.id));
    const item = items.find((i) => i.id === a.review.id)!;
    expect(item).toMatchObject({
      text: TEXT,
      moderation: 'visible',
      authorName: 'Dana Kowalski',
      subjectName: 'Pia Builder',
      openReports: 1,
      rating: 2,
      priceFacts: {
        estimateMin: a.estimate.minBudget,
        estimateMax: a.estimate.maxBudget,
        agreed: 1000,
        final: 1120,
        approvedChangeOrders: 2,
        sentence: '12 % above the agreed price, with 2 approved change orders',
      },
    });
    expect(item.reports).toEqual([
      expect.objectContaining({
        reason: 'off_topic',
        note: 'About the weather.',
        reporterName: 'Rita R.',
        resolved: false,
      }),
    ]);
    // A review nobody reported is not in the reported list, but is in all.
    const quiet = await reviewed();
    expect((await adminList('reported')).some((i) => i.id === quiet.review.id)).toBe(false);
    expect((await adminList('all')).some((i) => i.id === quiet.review.id)).toBe(true);
  });

  it('admins only: a customer or provider 403, signed out 401', async () => {
    const { review } = await reviewed();
    for (const user of [await makeCustomer(db()), await makeProvider(db())]) {
      const cookie = await loginAs(t.app, user);
      expect((await get('/api/admin/reviews?status=reported', cookie)).statusCode).toBe(403);
      expect(
        (await post(`/api/admin/reviews/${review.id}/hide`, cookie, { reason: 'harassment' })).statusCode,
      ).toBe(403);
      expect(
        (await post(`/api/admin/reviews/${review.id}/remove`, cookie, { reason: 'fake' })).statusCode,
      ).toBe(403);
      expect((await post(`/api/admin/reviews/${review.id}/restore`, cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/reviews')).statusCode).toBe(401);
    expect(
      (await post(`/api/admin/reviews/${review.id}/hide`, undefined, { reason: 'harassment' })).statusCode,
    ).toBe(401);
  });
});

describe('moderating a review', () => {
  it('hide: the public text reads "Removed by a moderator: …", the rating still counts, reports resolved, audited', async () => {
    const { review, provider } = await reviewed({ rating: 2 });
    const reporter = await loginAs(t.app, await makeCustomer(db()));
    await post(`/api/reviews/${review.id}/report`, reporter, { reason: 'harassment' });

    const res = await post(`/api/admin/reviews/${review.id}/hide`, adminCookie, { reason: 'harassment' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminReviewSchema.parse(res.json())).toMatchObject({
      moderation: 'hidden',
      moderationReason: 'harassment',
      text: TEXT,
      openReports: 0,
    });
    const [pub] = await publicReviewsOf(provider.id);
    expect(pub).toMatchObject({
      id: review.id,
      hidden: true,
      text: hiddenReviewText('harassment'),
      rating: 2,
    });
    expect(pub!.text).toBe('Removed by a moderator: harassment');
    expect(await reputationOf(provider.id)).toMatchObject({ count: 1, rating: 2 });
    expect((await adminList('reported')).some((i) => i.id === review.id)).toBe(false);
    expect((await adminList('hidden')).some((i) => i.id === review.id)).toBe(true);
    // Hiding again for the same reason changes nothing: 409. A reason of removal is refused here: 400.
    expect(
      (await post(`/api/admin/reviews/${review.id}/hide`, adminCookie, { reason: 'harassment' })).statusCode,
    ).toBe(409);
    expect(
      (await post(`/api/admin/reviews/${review.id}/hide`, adminCookie, { reason: 'fake' })).statusCode,
    ).toBe(400);

    const [entry] = await auditOf(review.id);
    expect(entry).toMatchObject({ action: 'Hide Review', actorId: admin.id });
    expect(entry!.details).toMatchObject({
      reason: 'harassment',
      authorName: 'Dana Kowalski',
      subjectName: 'Pia Builder',
      reportsResolved: 1,
    });
  });

  it('remove: out of the public list and the reputation; restore brings it back; each audited', async () => {
    const { review, provider } = await reviewed({ rating: 1 });
    expect((await reputationOf(provider.id)).count).toBe(1);

    const removed = await post(`/api/admin/reviews/${review.id}/remove`, adminCookie, {
      reason: 'conflict_of_interest',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ moderation: 'removed', moderationReason: 'conflict_of_interest' });
    expect(await reputationOf(provider.id)).toMatchObject({
      count: 0,
      rating: null,
      distribution: [0, 0, 0, 0, 0],
    });
    expect(await publicReviewsOf(provider.id)).toEqual([]);
    expect((await adminList('removed')).some((i) => i.id === review.id)).toBe(true);
    expect(
      (await post(`/api/admin/reviews/${review.id}/remove`, adminCookie, { reason: 'harassment' }))
        .statusCode,
    ).toBe(400);

    const restored = await post(`/api/admin/reviews/${review.id}/restore`, adminCookie);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ moderation: 'visible', moderationReason: null });
    expect(await reputationOf(provider.id)).toMatchObject({ count: 1, rating: 1 });
    expect((await publicReviewsOf(provider.id)).map((r) => [r.id, r.text, r.hidden])).toEqual([
      [review.id, TEXT, false],
    ]);
    // Nothing left to restore: a visible review without open reports.
    expect((await post(`/api/admin/reviews/${review.id}/restore`, adminCookie)).statusCode).toBe(409);

    const entries = await auditOf(review.id);
    expect(entries.map((e) => [e.action, e.details.reason])).toEqual([
      ['Remove Review', 'conflict_of_interest'],
      ['Restore Review', 'conflict_of_interest'],
    ]);
  });

  it('restore keeps a reported visible review: its reports resolved, an audit entry', async () => {
    const { review } = await reviewed();
    await post(`/api/reviews/${review.id}/report`, await loginAs(t.app, await makeCustomer(db())), {
      reason: 'fake',
    });
    const res = await post(`/api/admin/reviews/${review.id}/restore`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ moderation: 'visible', openReports: 0 });
    const open = await db().select().from(reviewReports).where(eq(reviewReports.reviewId, review.id));
    expect(open.map((r) => r.resolvedAt !== null)).toEqual([true]);
    expect((await auditOf(review.id)).map((e) => e.action)).toEqual(['Restore Review']);
  });

  it('an admin never moderates a review by or about themselves (403); an unpublished or unknown review 404', async () => {
    // An admin who hired a provider and reviewed them.
    const customerAdmin = await makeAdmin(db(), { firstName: 'Ann', lastName: 'Admin' });
    const { review } = await reviewed({ customer: customerAdmin });
    const own = await loginAs(t.app, customerAdmin);
    expect(
      (await post(`/api/admin/reviews/${review.id}/hide`, own, { reason: 'off_topic' })).statusCode,
    ).toBe(403);
    expect((await post(`/api/admin/reviews/${review.id}/remove`, own, { reason: 'fake' })).statusCode).toBe(
      403,
    );
    // About themselves: the provider's review of this admin as a customer.
    await db()
      .insert(reviews)
      .values({
        jobId: review.jobId,
        authorId: review.subjectId,
        subjectId: customerAdmin.id,
        authorSide: 'provider',
        rating: 1,
        subRatings: { clarity: 1, responsiveness: 1, fairness: 1 },
        text: 'Changed the plan three times and paid late.',
        publishedAt: t.clock.now,
      });
    const [about] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.jobId, review.jobId), eq(reviews.authorSide, 'provider')));
    expect(
      (await post(`/api/admin/reviews/${about!.id}/hide`, own, { reason: 'harassment' })).statusCode,
    ).toBe(403);
    expect((await post(`/api/admin/reviews/${about!.id}/restore`, own)).statusCode).toBe(403);
    expect(await auditOf(about!.id)).toEqual([]);
    // Another admin may.
    expect(
      (await post(`/api/admin/reviews/${about!.id}/hide`, adminCookie, { reason: 'harassment' })).statusCode,
    ).toBe(200);

    const blind = await reviewed({ published: false });
    expect(
      (await post(`/api/admin/reviews/${blind.review.id}/hide`, adminCookie, { reason: 'harassment' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/admin/reviews/00000000-0000-4000-8000-00000000000b/restore', adminCookie)).statusCode,
    ).toBe(404);
  });
});
