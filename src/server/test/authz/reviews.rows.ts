// Authorization rows of src/server/modules/reviews (decision 0044). Each call gets a fresh completed job of
// customerA and providerWithAccess (the hire gives providerWithAccess a bid on customerA's estimate), and the
// reviews it needs are written straight into the table: customerA's review of providerWithAccess, blind or
// published, with or without the provider's answer. A job's reviews are its two parties' (admins read them); a
// review is edited by its author and answered by its subject; anyone signed in reports a published review; a
// provider's reviews and reputation are public; a customer's only for a provider who bid on their work, and admins.
import type { BuiltApp } from '#server/app';
import { bids, jobs, reviews } from '#server/db/schema/index';
import { makeEstimate } from '#server/test/factories';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';
import { adminOnly, everyone, signedIn, type Expectation, type Row, type RowContext } from './table.ts';

interface ReviewSetup {
  published?: boolean;
  answered?: boolean;
  moderation?: 'visible' | 'hidden';
}

/**
 * A fresh job of customerA's posted estimate and providerWithAccess's bid, completed a day ago: written straight
 * into the tables (the jobs rows drive the moves themselves; here only the end state matters).
 */
async function completedJob(app: BuiltApp, actors: Actors): Promise<string> {
  const { db } = app.ctx;
  const at = app.ctx.now();
  const estimate = await makeEstimate(db, actors.users.customerA, {
    category: FIXTURE_CATEGORY,
    status: 'posted',
    now: new Date(at.getTime() - 30 * 86_400_000),
  });
  const [bid] = await db
    .insert(bids)
    .values({ estimateId: estimate.id, providerId: actors.users.providerWithAccess.id, status: 'accepted' })
    .returning({ id: bids.id });
  const [job] = await db
    .insert(jobs)
    .values({
      estimateId: estimate.id,
      bidId: bid!.id,
      customerId: actors.users.customerA.id,
      providerId: actors.users.providerWithAccess.id,
      status: 'completed',
      agreedCents: 120_000,
      totalCents: 120_000,
      completedAt: new Date(at.getTime() - 86_400_000),
    })
    .returning({ id: jobs.id });
  return job!.id;
}

/** A fresh completed job with customerA's review of providerWithAccess; the job's and the review's ids. */
async function reviewed(app: BuiltApp, actors: Actors, setup: ReviewSetup = {}) {
  const jobId = await completedJob(app, actors);
  const at = app.ctx.now();
  const [row] = await app.ctx.db
    .insert(reviews)
    .values({
      jobId,
      authorId: actors.users.customerA.id,
      subjectId: actors.users.providerWithAccess.id,
      authorSide: 'customer',
      rating: 4,
      subRatings: { quality: 4, communication: 5, punctuality: 4, value: 4 },
      text: 'Tidy, careful work, and on time every day.',
      publishedAt: setup.published ? at : null,
      responseText: setup.answered ? 'Thank you, it was a pleasure.' : null,
      responseAt: setup.answered ? at : null,
      responseUpdatedAt: setup.answered ? at : null,
      moderation: setup.moderation ?? 'visible',
      moderationReason: setup.moderation === 'hidden' ? 'off_topic' : null,
    })
    .returning({ id: reviews.id });
  return { jobId, reviewId: row!.id };
}

/** The body a party sends: the customer rates the provider's sub-ratings, the provider the customer's. */
function reviewBody(ctx: RowContext) {
  const text = 'Clear about the work and quick to answer.';
  return ctx.actor === 'providerWithAccess'
    ? { rating: 5, clarity: 5, responsiveness: 5, fairness: 5, text }
    : { rating: 5, quality: 5, communication: 5, punctuality: 5, value: 5, text };
}

/** One person's: `who` 'ok', every other signed-in actor 404 (admins as given), signed out 401. */
function only(who: 'customerA' | 'providerWithAccess', admin: 'ok' | 403 | 404 = 404): Expectation {
  return {
    ...signedIn(),
    customerA: who === 'customerA' ? 'ok' : 404,
    providerWithAccess: who === 'providerWithAccess' ? 'ok' : 404,
    customerB: 404,
    providerFree: 404,
    expiredAdmin: 404,
    admin,
  };
}

/** The job's two parties 'ok', admins as given, anyone else signed in 404, signed out 401. */
function jobParties(admin: 'ok' | 403 | 404): Expectation {
  return { ...only('customerA', admin), providerWithAccess: 'ok' };
}

/** customerA's private record: providerWithAccess (a bidder) and admins read it, customerA as given, others 404. */
function customerRecord(self: 'ok' | 404): Expectation {
  return { ...only('providerWithAccess', 'ok'), customerA: self };
}

const onReview = (setup: ReviewSetup, path: string, payload?: object) => async (ctx: RowContext) => {
  const { reviewId } = await reviewed(ctx.app, ctx.actors, setup);
  return { url: `/api/reviews/${reviewId}${path}`, ...(payload ? { payload } : {}) };
};

const adminAction = (setup: ReviewSetup, action: string, payload?: object) => async (ctx: RowContext) => {
  const { reviewId } = await reviewed(ctx.app, ctx.actors, setup);
  return { url: `/api/admin/reviews/${reviewId}/${action}`, ...(payload ? { payload } : {}) };
};

export const reviewsRows: Row[] = [
  {
    route: 'GET /api/jobs/:id/reviews',
    request: async (ctx) => ({ url: `/api/jobs/${(await reviewed(ctx.app, ctx.actors)).jobId}/reviews` }),
    note: 'the two parties (each sees only their own until published) and admins; anyone else 404',
    expect: jobParties('ok'),
  },
  {
    route: 'POST /api/jobs/:id/reviews',
    request: async (ctx) => ({
      url: `/api/jobs/${await completedJob(ctx.app, ctx.actors)}/reviews`,
      payload: reviewBody(ctx),
    }),
    note: 'each party reviews the other; an admin reads the job but is no party (403)',
    expect: jobParties(403),
  },
  {
    route: 'PUT /api/reviews/:id',
    request: onReview({}, '', {
      rating: 3,
      quality: 3,
      communication: 3,
      punctuality: 3,
      value: 3,
      text: 'On second thought: good, not great.',
    }),
    note: 'only its author, until it is published',
    expect: only('customerA'),
  },
  {
    route: 'POST /api/reviews/:id/response',
    request: onReview({ published: true }, '/response', { text: 'Thank you for the kind words.' }),
    note: 'only the reviewed party answers',
    expect: only('providerWithAccess'),
  },
  {
    route: 'PUT /api/reviews/:id/response',
    request: onReview({ published: true, answered: true }, '/response', { text: 'Thank you again.' }),
    note: 'only the reviewed party, within 48 hours of answering',
    expect: only('providerWithAccess'),
  },
  {
    route: 'POST /api/reviews/:id/report',
    request: onReview({ published: true }, '/report', { reason: 'off_topic', note: '' }),
    note: 'anyone signed in reports a published review',
    expect: signedIn(),
  },
  {
    route: 'GET /api/providers/:id/reviews',
    request: (ctx) => ({ url: `/api/providers/${ctx.actors.users.providerWithAccess.id}/reviews` }),
    note: "a provider's published reviews are public",
    expect: everyone('ok'),
  },
  {
    route: 'GET /api/customers/:id/reviews',
    request: async (ctx) => {
      await reviewed(ctx.app, ctx.actors);
      return { url: `/api/customers/${ctx.actors.users.customerA.id}/reviews` };
    },
    note: "a provider who bid on one of the customer's estimates, admins and the customer",
    expect: customerRecord('ok'),
  },
  {
    route: 'GET /api/providers/:id/reputation',
    request: (ctx) => ({ url: `/api/providers/${ctx.actors.users.providerWithAccess.id}/reputation` }),
    note: "a provider's reputation is public",
    expect: everyone('ok'),
  },
  {
    route: 'GET /api/customers/:id/reputation',
    request: async (ctx) => {
      await reviewed(ctx.app, ctx.actors);
      return { url: `/api/customers/${ctx.actors.users.customerA.id}/reputation` };
    },
    note: "a provider who bid on one of the customer's estimates, and admins",
    expect: customerRecord('ok'),
  },
  { route: 'GET /api/admin/reviews', expect: adminOnly() },
  {
    route: 'POST /api/admin/reviews/:id/hide',
    request: adminAction({ published: true }, 'hide', { reason: 'off_topic' }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/reviews/:id/remove',
    request: adminAction({ published: true }, 'remove', { reason: 'fake' }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/reviews/:id/restore',
    request: adminAction({ published: true, moderation: 'hidden' }, 'restore'),
    expect: adminOnly(),
  },
];
