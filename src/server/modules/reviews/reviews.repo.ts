// The reviews table, and the few rows of jobs, estimates, users, change orders and bids a review reads: the job a
// review is of (its parties, state and completion), the published reviews with everything printed beside them
// (one statement per page), and who may read a customer's reviews. Every write on a job's reviews runs under the
// job's advisory lock, so a second review, an edit and the window's close take turns (decision 0044).
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewSide } from '#domain/reviews';
import type { Executor } from '#server/db/client';
import {
  bids,
  estimates,
  jobChangeOrders,
  jobs,
  reviews,
  users,
  type ReviewRow,
} from '#server/db/schema/index';

export type { ReviewRow };

/** Serialises the writes on one job's reviews (writing, editing, publishing) until the transaction ends. */
export async function lockJobReviews(tx: Executor, jobId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reviews:${jobId}`}::text, 0))`);
}

const customer = alias(users, 'review_customer');
const provider = alias(users, 'review_provider');

/** A job as its reviews read it: its parties (with their names), state, completion and estimate title. */
export async function jobOf(db: Executor, jobId: string) {
  const [row] = await db
    .select({
      id: jobs.id,
      estimateId: jobs.estimateId,
      customerId: jobs.customerId,
      providerId: jobs.providerId,
      status: jobs.status,
      completedAt: jobs.completedAt,
      estimateTitle: estimates.title,
      customer: {
        firstName: customer.firstName,
        lastName: customer.lastName,
        deletedAt: customer.deletedAt,
      },
      provider: {
        firstName: provider.firstName,
        lastName: provider.lastName,
        deletedAt: provider.deletedAt,
      },
    })
    .from(jobs)
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .innerJoin(customer, eq(customer.id, jobs.customerId))
    .innerJoin(provider, eq(provider.id, jobs.providerId))
    .where(eq(jobs.id, jobId))
    .limit(1);
  return row ?? null;
}
export type ReviewJob = NonNullable<Awaited<ReturnType<typeof jobOf>>>;

/** The job's reviews (at most one per side). */
export function reviewsOfJob(db: Executor, jobId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.jobId, jobId));
}

/** Inserts a review; null when the side already has one (a parallel POST of the same party won). */
export async function insertReview(
  tx: Executor,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow | null> {
  const [row] = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.jobId, reviews.authorSide] })
    .returning();
  return row ?? null;
}

/** The author's edit of a review still blind; null when it was published meanwhile. */
export async function updateBlindReview(
  tx: Executor,
  id: string,
  patch: { rating: number; subRatings: Record<string, number>; text: string; updatedAt: Date },
): Promise<ReviewRow | null> {
  const [row] = await tx
    .update(reviews)
    .set(patch)
    .where(and(eq(reviews.id, id), isNull(reviews.publishedAt)))
    .returning();
  return row ?? null;
}

/** Publishes the job's blind reviews at `at`, in one statement (the same moment for both); their ids. */
export async function publishJobReviews(tx: Executor, jobId: string, at: Date): Promise<string[]> {
  const rows = await tx
    .update(reviews)
    .set({ publishedAt: at })
    .where(and(eq(reviews.jobId, jobId), isNull(reviews.publishedAt)))
    .returning({ id: reviews.id });
  return rows.map((r) => r.id);
}

/** A review with the job's parties and title (the answer and edit routes). */
export async function findReview(db: Executor, id: string) {
  const [row] = await db
    .select({
      review: reviews,
      customerId: jobs.customerId,
      providerId: jobs.providerId,
      completedAt: jobs.completedAt,
      estimateTitle: estimates.title,
    })
    .from(reviews)
    .innerJoin(jobs, eq(jobs.id, reviews.jobId))
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row ?? null;
}

/** The subject's first answer; null when the review already has one (or is no longer answerable). */
export async function insertResponse(
  tx: Executor,
  id: string,
  subjectId: string,
  text: string,
  at: Date,
): Promise<ReviewRow | null> {
  const [row] = await tx
    .update(reviews)
    .set({ responseText: text, responseAt: at, responseUpdatedAt: at })
    .where(
      and(
        eq(reviews.id, id),
        eq(reviews.subjectId, subjectId),
        isNull(reviews.responseText),
        isNotNull(reviews.publishedAt),
        ne(reviews.moderation, 'removed'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The subject's edit of their answer, while it is editable (responseAt after `editableSince`). */
export async function updateResponse(
  tx: Executor,
  id: string,
  text: string,
  at: Date,
  editableSince: Date,
): Promise<ReviewRow | null> {
  const [row] = await tx
    .update(reviews)
    .set({ responseText: text, responseUpdatedAt: at })
    .where(
      and(
        eq(reviews.id, id),
        isNotNull(reviews.responseAt),
        sql`${reviews.responseAt} > ${editableSince.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

const author = alias(users, 'review_author');

/** Which published reviews a list reads. */
export type PublishedFilter =
  { jobId: string } | { reviewId: string } | { subjectId: string; authorSide: ReviewSide };

function publishedWhere(f: PublishedFilter): SQL {
  const base = and(isNotNull(reviews.publishedAt), ne(reviews.moderation, 'removed'))!;
  if ('jobId' in f) return and(base, eq(reviews.jobId, f.jobId))!;
  if ('reviewId' in f) return and(base, eq(reviews.id, f.reviewId))!;
  return and(base, eq(reviews.subjectId, f.subjectId), eq(reviews.authorSide, f.authorSide))!;
}

/**
 * Published reviews (removed ones left out) with what a published review prints beside it, newest first, in one
 * statement: the author's name and whether their account is closed, the estimate's category, city and range, the
 * job's agreed and final prices, its completion and the count of its approved change orders (one probe of the
 * change orders' job index per row).
 */
export function publishedReviews(db: Executor, f: PublishedFilter, limit = 100, offset = 0) {
  return db
    .select({
      review: reviews,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      authorDeletedAt: author.deletedAt,
      category: estimates.category,
      city: estimates.city,
      regionLabel: estimates.regionLabel,
      estimateMinCents: estimates.minCents,
      estimateMaxCents: estimates.maxCents,
      agreedCents: jobs.agreedCents,
      totalCents: jobs.totalCents,
      completedAt: jobs.completedAt,
      approvedChangeOrders: sql<number>`(select count(*) from ${jobChangeOrders}
        where ${jobChangeOrders.jobId} = ${jobs.id} and ${jobChangeOrders.status} = 'approved')`.mapWith(
        Number,
      ),
    })
    .from(reviews)
    .innerJoin(jobs, eq(jobs.id, reviews.jobId))
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .innerJoin(author, eq(author.id, reviews.authorId))
    .where(publishedWhere(f))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}
export type PublishedReviewRow = Awaited<ReturnType<typeof publishedReviews>>[number];

export async function countPublished(db: Executor, f: PublishedFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(publishedWhere(f));
  return row?.n ?? 0;
}

/** A user's role, or null when there is no such user or their account is closed. */
export async function liveUserRole(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row?.role ?? null;
}

/** Whether the provider has bid (any status) on one of the customer's estimates (deleted ones too). */
export async function hasBidOnEstimatesOf(db: Executor, providerId: string, customerId: string) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(bids)
    .innerJoin(estimates, eq(estimates.id, bids.estimateId))
    .where(and(eq(bids.providerId, providerId), eq(estimates.ownerId, customerId)))
    .limit(1);
  return rows.length > 0;
}

/** Of these users, those whose accounts are open. */
export async function openAccounts(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
