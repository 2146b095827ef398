// The review kinds (decision 0044) through the real routes and scheduled work: review_requested to each party who
// has not reviewed, at completion and before the window closes, once each and never to a closed account;
// review_published to both parties when the second review publishes both (or the window's close a lone one);
// review_answered to the review's author, by the responder's public name. Each links to the job's reviews.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '#domain/job-words';
import { REVIEW_REMINDER_DAYS_BEFORE_CLOSE, REVIEW_WINDOW_DAYS } from '#domain/reviews';
import { bids, notifications, users, type NotificationRow } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  // The worker's own poll is left out (an hour): the tests run what is due themselves.
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }, { work: { pollMs: 3_600_000 } });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const reviewKinds = ['review_requested', 'review_published', 'review_answered'] as const;

async function ok(user: { id: string }, method: 'POST' | 'PUT', url: string, payload?: object) {
  const cookie = await loginAs(t.app, user, { persistent: true });
  const res = await call(t.app, { method, url, ...(payload ? { payload } : {}) }, cookie);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

const runDue = async () => {
  while ((await t.app.ctx.work.runDue()) > 0) {
    // everything due
  }
};

/** The review notifications of a job, oldest first. */
const told = (jobId: string): Promise<NotificationRow[]> =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.jobId, jobId), inArray(notifications.kind, [...reviewKinds])))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

interface Done {
  customer: TestUser;
  provider: TestUser;
  jobId: string;
}

/** Cora Client hires Pia Builds for "Porch light"; the job is completed through the routes. */
async function completed(): Promise<Done> {
  const customer = await makeCustomer(db(), { firstName: 'Cora', lastName: 'Client' });
  const estimate = await makeEstimate(db(), customer, {
    status: 'posted',
    title: 'Porch light',
    now: t.clock.now,
  });
  const provider = await makeProvider(db(), {
    plan: 'deluxe',
    firstName: 'Pia',
    lastName: 'Builder',
    companyName: 'Pia Builds',
  });
  const [bid] = await db()
    .insert(bids)
    .values({ estimateId: estimate.id, providerId: provider.id })
    .returning();
  const jobId = (await ok(customer, 'POST', `/api/estimates/${estimate.id}/bids/${bid!.id}/accept`)).json<{
    jobId: string;
  }>().jobId;
  const url = (s: string) => `/api/jobs/${jobId}/${s}`;
  await ok(provider, 'POST', url('schedule'), { date: todayIn('UTC', t.clock.now) });
  await ok(customer, 'POST', url('schedule/confirm'));
  await ok(provider, 'POST', url('start'));
  await ok(provider, 'POST', url('complete'), { note: 'Done' });
  await ok(customer, 'POST', url('confirm'));
  return { customer, provider, jobId };
}

const customerReview = {
  rating: 4,
  quality: 4,
  communication: 4,
  punctuality: 3,
  value: 5,
  text: 'The light works and the wiring is tidy.',
};
const providerReview = {
  rating: 5,
  clarity: 5,
  responsiveness: 5,
  fairness: 5,
  text: 'Easy to work with, paid the same day.',
};

describe('review_requested', () => {
  it('at completion to both parties, before the close only to whoever has not reviewed; once each', async () => {
    const d = await completed();
    const completedAt = t.clock.now;
    await runDue();
    await runDue();
    const atCompletion = await told(d.jobId);
    expect(atCompletion.map((n) => [n.kind, n.userId]).sort()).toEqual(
      [
        ['review_requested', d.customer.id],
        ['review_requested', d.provider.id],
      ].sort(),
    );
    const closes = new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY);
    const until = closes.toLocaleDateString('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    for (const n of atCompletion) {
      expect(n).toMatchObject({
        title: 'Review your job: Porch light',
        body: `You can review it until ${until}. Your review stays hidden until you have both written.`,
        link: `/jobs/${d.jobId}#reviews`,
        actorName: null,
      });
    }

    await ok(d.customer, 'POST', `/api/jobs/${d.jobId}/reviews`, customerReview);
    t.clock.advance((REVIEW_WINDOW_DAYS - REVIEW_REMINDER_DAYS_BEFORE_CLOSE) * DAY);
    await runDue();
    await runDue();
    const closing = (await told(d.jobId)).slice(2);
    expect(closing).toEqual([
      expect.objectContaining({
        kind: 'review_requested',
        userId: d.provider.id,
        title: 'Review your job: Porch light',
        body: `${REVIEW_REMINDER_DAYS_BEFORE_CLOSE} days left: you can review it until ${until}.`,
        link: `/jobs/${d.jobId}#reviews`,
      }),
    ]);
  });

  it('nothing to a closed account, nothing once both reviewed', async () => {
    const d = await completed();
    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, d.provider.id));
    await runDue();
    expect((await told(d.jobId)).map((n) => n.userId)).toEqual([d.customer.id]);

    const both = await completed();
    await ok(both.customer, 'POST', `/api/jobs/${both.jobId}/reviews`, customerReview);
    await ok(both.provider, 'POST', `/api/jobs/${both.jobId}/reviews`, providerReview);
    // Both wrote before the first reminder ran: nobody is reminded, now or before the close.
    await runDue();
    t.clock.advance((REVIEW_WINDOW_DAYS - REVIEW_REMINDER_DAYS_BEFORE_CLOSE) * DAY);
    await runDue();
    expect((await told(both.jobId)).map((n) => n.kind)).toEqual(['review_published', 'review_published']);
  });
});

describe('review_published and review_answered', () => {
  it('both parties told once when the second review publishes both; the author told of the answer by name', async () => {
    const d = await completed();
    await runDue();
    const reminded = (await told(d.jobId)).length;
    t.clock.advance(1000);
    await ok(d.provider, 'POST', `/api/jobs/${d.jobId}/reviews`, providerReview);
    expect(await told(d.jobId)).toHaveLength(reminded);
    const second = await ok(d.customer, 'POST', `/api/jobs/${d.jobId}/reviews`, customerReview);
    const published = (await told(d.jobId)).slice(reminded);
    expect(published.map((n) => n.userId).sort()).toEqual([d.customer.id, d.provider.id].sort());
    for (const n of published) {
      expect(n).toMatchObject({
        kind: 'review_published',
        title: 'Reviews published',
        body: 'The reviews of “Porch light” are published. Read what was written on the job page.',
        link: `/jobs/${d.jobId}#reviews`,
        priority: true,
      });
    }

    // The provider answers the customer's review: the customer is told, by the provider's public name.
    const customersReview = second
      .json<{ reviews: { id: string; authorSide: string }[] }>()
      .reviews.find((r) => r.authorSide === 'customer')!;
    t.clock.advance(1000);
    await ok(d.provider, 'POST', `/api/reviews/${customersReview.id}/response`, { text: 'Thanks, Cora!' });
    await ok(d.provider, 'PUT', `/api/reviews/${customersReview.id}/response`, { text: 'Thanks again!' });
    const answered = (await told(d.jobId)).filter((n) => n.kind === 'review_answered');
    expect(answered).toEqual([
      expect.objectContaining({
        userId: d.customer.id,
        actorName: 'Pia Builds',
        title: 'Pia Builds answered your review',
        body: 'Pia Builds answered your review of “Porch light”.',
        link: `/jobs/${d.jobId}#reviews`,
      }),
    ]);
  });

  it("the window's close publishing a lone review tells both parties", async () => {
    const d = await completed();
    await ok(d.customer, 'POST', `/api/jobs/${d.jobId}/reviews`, customerReview);
    t.clock.advance(REVIEW_WINDOW_DAYS * DAY);
    await runDue();
    const published = (await told(d.jobId)).filter((n) => n.kind === 'review_published');
    expect(published.map((n) => n.userId).sort()).toEqual([d.customer.id, d.provider.id].sort());
  });
});
