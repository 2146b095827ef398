// Reviews that only a completed job can earn (decision 0044). Each party of a completed job reviews the other once,
// within REVIEW_WINDOW_DAYS of completion; the server derives the side and the subject from the job, never from the
// body. A review stays blind (its author reads it; the other party only learns that it exists) until both have
// written, when the second write publishes both in its own transaction at one moment, or until the window closes
// (scheduled work, reviews.publication). The author edits until then; the reviewed party answers a published
// review once and edits that answer for RESPONSE_EDIT_HOURS. Every write on a job's reviews holds the job's advisory
// lock, so two parallel writes take turns (and the table's unique job and side stands behind it).
import { publicName } from '#domain/format';
import { isUuid } from '#domain/ids';
import { jobStatusLabels } from '#domain/job-status';
import {
  responseEditable,
  RESPONSE_EDIT_HOURS,
  REVIEW_WINDOW_DAYS,
  reviewRefusal,
  reviewWindowEnd,
  formerAuthorName,
  type ReviewSide,
} from '#domain/reviews';
import {
  subRatingProblems,
  type JobReviews,
  type PublicReview,
  type ReviewBody,
} from '#domain/schemas/review.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, forbidden, notFound } from '#server/errors';
import * as repo from './reviews.repo.ts';
import { toPublicReview } from './review-view.ts';

export const REVIEW_MESSAGES = {
  jobNotFound: 'Job not found',
  reviewNotFound: 'Review not found',
  providerNotFound: 'Provider not found',
  customerNotFound: 'Customer not found',
  notAParty: 'Only the customer or the provider of this job can review it.',
  alreadyReviewed: 'You have already reviewed this job.',
  windowClosed: `The ${REVIEW_WINDOW_DAYS} days to review this job have passed.`,
  published: 'A published review can no longer be edited',
  alreadyAnswered: `You have already answered this review. You can edit your answer for ${RESPONSE_EDIT_HOURS} hours.`,
  noAnswer: 'There is no answer to edit yet. Write one first.',
  answerClosed: `An answer can be edited for ${RESPONSE_EDIT_HOURS} hours after it was written.`,
} as const;

/** "This job is in progress: it can be reviewed once it is completed." */
export const notCompletedMessage = (status: keyof typeof jobStatusLabels) =>
  `This job is ${jobStatusLabels[status].toLowerCase()}: it can be reviewed once it is completed.`;

export interface ReviewViewer {
  id: string;
  role: string;
}

type Side = ReviewSide | 'admin';

function sideOf(viewer: ReviewViewer, job: { customerId: string; providerId: string }): Side | null {
  if (viewer.id === job.customerId) return 'customer';
  if (viewer.id === job.providerId) return 'provider';
  return viewer.role === 'admin' ? 'admin' : null;
}

/** A party's name as the other reads it: "Dana K.", or "Former customer" / "Former pro" for a closed account. */
function partyName(p: { firstName: string; lastName: string; deletedAt: Date | null }, side: ReviewSide) {
  return p.deletedAt !== null ? formerAuthorName(side) : publicName(p.firstName, p.lastName);
}

/** The side's sub-ratings, as field errors when wrong (missing, or another side's). */
function checkSubRatings(side: ReviewSide, body: ReviewBody): Record<string, number> {
  const problems = subRatingProblems(side, body);
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new AppError('VALIDATION', first, problems);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k !== 'rating' && k !== 'text' && typeof v === 'number') out[k] = v;
  }
  return out;
}

function refusalError(refusal: NonNullable<ReturnType<typeof reviewRefusal>>, job: repo.ReviewJob) {
  switch (refusal) {
    case 'notCompleted':
      return new AppError('CONFLICT', notCompletedMessage(job.status));
    case 'alreadyReviewed':
      return new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    case 'windowClosed':
      return new AppError('CONFLICT', REVIEW_MESSAGES.windowClosed);
  }
}

export function createReviewsService(ctx: Pick<AppContext, 'db' | 'now' | 'events' | 'work'>) {
  const { db, now, events, work } = ctx;

  async function partyJob(viewer: ReviewViewer, jobId: string) {
    if (!isUuid(jobId)) throw notFound(REVIEW_MESSAGES.jobNotFound);
    const job = await repo.jobOf(db, jobId);
    const side = job ? sideOf(viewer, job) : null;
    if (!job || !side) throw notFound(REVIEW_MESSAGES.jobNotFound);
    return { job, side };
  }

  /** The job's reviews as `viewer` may read them: blind until published (then both, from the same moment). */
  async function jobReviews(viewer: ReviewViewer, jobId: string): Promise<JobReviews> {
    const { job, side } = await partyJob(viewer, jobId);
    const rows = await repo.reviewsOfJob(db, job.id);
    const published = rows.length > 0 && rows.every((r) => r.publishedAt !== null);
    const reviews = published ? (await repo.publishedReviews(db, { jobId: job.id })).map(toPublicReview) : [];
    const customerName = partyName(job.customer, 'customer');
    const providerName = partyName(job.provider, 'provider');
    if (side === 'admin') {
      return {
        yourSide: null,
        otherName: `${customerName} and ${providerName}`,
        windowClosesAt: job.completedAt ? reviewWindowEnd(job.completedAt).toISOString() : null,
        canReview: false,
        refusal: null,
        mine: null,
        otherReviewed: false,
        published,
        reviews,
      };
    }
    const mine = rows.find((r) => r.authorSide === side) ?? null;
    const refusal = reviewRefusal(job, mine !== null, now());
    return {
      yourSide: side,
      otherName: side === 'customer' ? providerName : customerName,
      windowClosesAt: job.completedAt ? reviewWindowEnd(job.completedAt).toISOString() : null,
      canReview: refusal === null,
      refusal,
      mine: mine && {
        id: mine.id,
        authorSide: mine.authorSide,
        rating: mine.rating,
        subRatings: mine.subRatings,
        text: mine.text,
        createdAt: mine.createdAt.toISOString(),
        updatedAt: mine.updatedAt.toISOString(),
        published: mine.publishedAt !== null,
      },
      otherReviewed: rows.some((r) => r.authorSide !== side),
      published,
      reviews,
    };
  }

  /**
   * Publishes the job's blind reviews at `at` and says so (reviewsPublished), on `tx` under the job's lock; the ids
   * published (none: nothing happens).
   */
  async function publish(tx: Executor, job: repo.ReviewJob, at: Date): Promise<string[]> {
    const ids = await repo.publishJobReviews(tx, job.id, at);
    if (ids.length > 0) {
      await events.publish(tx, 'reviewsPublished', {
        jobId: job.id,
        estimateTitle: job.estimateTitle,
        customerId: job.customerId,
        providerId: job.providerId,
        reviewIds: ids,
        at,
      });
    }
    return ids;
  }

  /** The review's window closes at the end of its days: keyed by the job, so scheduling it again changes nothing. */
  function scheduleWindowClose(tx: Executor, jobId: string, completedAt: Date) {
    return work.schedule(
      tx,
      'reviewWindowClose',
      { jobId },
      { dueAt: reviewWindowEnd(completedAt), key: `reviewWindowClose:${jobId}` },
    );
  }

  /** A review by the subject or its author, as the answer routes read it: others 404. */
  async function reviewFor(viewer: ReviewViewer, reviewId: string, as: 'author' | 'subject') {
    if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    const found = await repo.findReview(db, reviewId);
    const who = found && (as === 'author' ? found.review.authorId : found.review.subjectId);
    if (!found || who !== viewer.id) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    return found;
  }

  async function publicReview(reviewId: string): Promise<PublicReview> {
    const [row] = await repo.publishedReviews(db, { reviewId });
    if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    return toPublicReview(row);
  }

  async function page(filter: repo.PublishedFilter, q: { page: number; pageSize: number }) {
    const [rows, total] = await Promise.all([
      repo.publishedReviews(db, filter, q.pageSize, (q.page - 1) * q.pageSize),
      repo.countPublished(db, filter),
    ]);
    return { items: rows.map(toPublicReview), total, page: q.page, pageSize: q.pageSize };
  }

  return {
    jobReviews,

    /** A party's review; when the other side has written too, both are published now, in this transaction. */
    async write(viewer: ReviewViewer, jobId: string, body: ReviewBody): Promise<JobReviews> {
      const { job, side } = await partyJob(viewer, jobId);
      if (side === 'admin') throw forbidden(REVIEW_MESSAGES.notAParty);
      const subRatings = checkSubRatings(side, body);
      const at = now();
      await events.transaction(async (tx) => {
        await repo.lockJobReviews(tx, job.id);
        const rows = await repo.reviewsOfJob(tx, job.id);
        const refusal = reviewRefusal(
          job,
          rows.some((r) => r.authorSide === side),
          at,
        );
        if (refusal) throw refusalError(refusal, job);
        const written = await repo.insertReview(tx, {
          jobId: job.id,
          authorId: viewer.id,
          subjectId: side === 'customer' ? job.providerId : job.customerId,
          authorSide: side,
          rating: body.rating,
          subRatings,
          text: body.text,
          createdAt: at,
          updatedAt: at,
        });
        if (!written) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
        // A job completed before reviews existed has no close scheduled yet: the first review schedules it.
        await scheduleWindowClose(tx, job.id, job.completedAt!);
        if (rows.some((r) => r.authorSide !== side)) await publish(tx, job, at);
      });
      return jobReviews(viewer, job.id);
    },

    /** The author's edit, while the review is blind. */
    async edit(viewer: ReviewViewer, reviewId: string, body: ReviewBody): Promise<JobReviews> {
      const { review, completedAt } = await reviewFor(viewer, reviewId, 'author');
      const subRatings = checkSubRatings(review.authorSide, body);
      const at = now();
      await events.transaction(async (tx) => {
        await repo.lockJobReviews(tx, review.jobId);
        // Past the window it is published, whether or not the close has run yet.
        const closed = completedAt !== null && at.getTime() >= reviewWindowEnd(completedAt).getTime();
        const updated = closed
          ? null
          : await repo.updateBlindReview(tx, review.id, {
              rating: body.rating,
              subRatings,
              text: body.text,
              updatedAt: at,
            });
        if (!updated) throw new AppError('CONFLICT', REVIEW_MESSAGES.published);
      });
      return jobReviews(viewer, review.jobId);
    },

    /** The subject's one public answer to a published review (removed ones 404, as they are not shown). */
    async respond(viewer: ReviewViewer, reviewId: string, text: string): Promise<PublicReview> {
      const found = await reviewFor(viewer, reviewId, 'subject');
      const { review } = found;
      if (review.publishedAt === null || review.moderation === 'removed') {
        throw notFound(REVIEW_MESSAGES.reviewNotFound);
      }
      const at = now();
      await events.transaction(async (tx) => {
        const answered = await repo.insertResponse(tx, review.id, viewer.id, text, at);
        if (!answered) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyAnswered);
        await events.publish(tx, 'reviewAnswered', {
          reviewId: review.id,
          jobId: review.jobId,
          estimateTitle: found.estimateTitle,
          authorId: review.authorId,
          responderId: viewer.id,
          at,
        });
      });
      return publicReview(review.id);
    },

    /** The subject's edit of their answer, within RESPONSE_EDIT_HOURS of writing it. */
    async editResponse(viewer: ReviewViewer, reviewId: string, text: string): Promise<PublicReview> {
      const { review } = await reviewFor(viewer, reviewId, 'subject');
      if (review.publishedAt === null || review.moderation === 'removed') {
        throw notFound(REVIEW_MESSAGES.reviewNotFound);
      }
      if (review.responseAt === null) throw new AppError('CONFLICT', REVIEW_MESSAGES.noAnswer);
      const at = now();
      if (!responseEditable(review.responseAt, at)) {
        throw new AppError('CONFLICT', REVIEW_MESSAGES.answerClosed);
      }
      const since = new Date(at.getTime() - RESPONSE_EDIT_HOURS * 3_600_000);
      const updated = await repo.updateResponse(db, review.id, text, at, since);
      if (!updated) throw new AppError('CONFLICT', REVIEW_MESSAGES.answerClosed);
      return publicReview(review.id);
    },

    /** A live provider's published reviews by their customers, newest first (public). */
    async providerReviews(providerId: string, q: { page: number; pageSize: number }) {
      if (!isUuid(providerId) || (await repo.liveUserRole(db, providerId)) !== 'provider') {
        throw notFound(REVIEW_MESSAGES.providerNotFound);
      }
      return page({ subjectId: providerId, authorSide: 'customer' }, q);
    },

    /**
     * A customer's published reviews by their providers: for a provider who bid on one of their estimates, admins
     * and the customer themself; anyone else 404, as for no such customer.
     */
    async customerReviews(viewer: ReviewViewer, customerId: string, q: { page: number; pageSize: number }) {
      if (!isUuid(customerId) || (await repo.liveUserRole(db, customerId)) === null) {
        throw notFound(REVIEW_MESSAGES.customerNotFound);
      }
      const allowed =
        viewer.id === customerId ||
        viewer.role === 'admin' ||
        (viewer.role === 'provider' && (await repo.hasBidOnEstimatesOf(db, viewer.id, customerId)));
      if (!allowed) throw notFound(REVIEW_MESSAGES.customerNotFound);
      return page({ subjectId: customerId, authorSide: 'provider' }, q);
    },

    /**
     * The window's close: publishes whatever the job's parties wrote (one statement, one moment) and says so.
     * Idempotent: a second run finds nothing blind. Refuses to run before the window closed (the item is retried).
     */
    async closeWindow(jobId: string): Promise<string[]> {
      if (!isUuid(jobId)) return [];
      const job = await repo.jobOf(db, jobId);
      if (!job?.completedAt) return [];
      const at = now();
      if (at.getTime() < reviewWindowEnd(job.completedAt).getTime()) {
        throw new Error('the review window of this job has not closed yet');
      }
      return events.transaction(async (tx) => {
        await repo.lockJobReviews(tx, job.id);
        return publish(tx, job, at);
      });
    },

    /**
     * A reminder to review: to the parties who have not (with open accounts), while the window is open; nothing
     * when there is nobody to remind. The userIds reminded.
     */
    async remind(jobId: string, stage: 'completed' | 'closing'): Promise<string[]> {
      if (!isUuid(jobId)) return [];
      const job = await repo.jobOf(db, jobId);
      if (!job?.completedAt || job.status !== 'completed') return [];
      const at = now();
      const closesAt = reviewWindowEnd(job.completedAt);
      if (at.getTime() >= closesAt.getTime()) return [];
      return events.transaction(async (tx) => {
        const written = new Set((await repo.reviewsOfJob(tx, job.id)).map((r) => r.authorSide));
        const waiting = [
          ...(written.has('customer') ? [] : [job.customerId]),
          ...(written.has('provider') ? [] : [job.providerId]),
        ];
        const userIds = await repo.openAccounts(tx, waiting);
        if (userIds.length === 0) return [];
        await events.publish(tx, 'reviewReminder', {
          jobId: job.id,
          estimateTitle: job.estimateTitle,
          userIds,
          stage,
          closesAt,
          at,
        });
        return userIds;
      });
    },

    scheduleWindowClose,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
