// Moderation's queries (decision 0044): a person's report of a published review, the admin's Reviews tab (the
// reviews with their reports and the job's facts), and a moderator's action on a review and its open reports.
import { aliasedTable, and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ReviewModeration, ReviewReportReason } from '#domain/reviews';
import type { Executor } from '#server/db/client';
import { estimates, jobChangeOrders, jobs, reviewReports, reviews, users } from '#server/db/schema/index';

/** A review's publication and moderation state, for a report. */
export async function findReviewState(db: Executor, reviewId: string) {
  const [row] = await db
    .select({ id: reviews.id, publishedAt: reviews.publishedAt, moderation: reviews.moderation })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return row;
}

/** Stores a report; false when this person has already reported this review (one per person and review). */
export async function insertReport(
  db: Executor,
  report: { reviewId: string; reporterId: string; reason: ReviewReportReason; note: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(reviewReports)
    .values({
      reviewId: report.reviewId,
      reporterId: report.reporterId,
      reason: report.reason,
      note: report.note,
      createdAt: report.at,
    })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
    .returning({ id: reviewReports.id });
  return rows.length === 1;
}

export type AdminReviewStatus = 'reported' | 'hidden' | 'removed' | 'all';

const author = aliasedTable(users, 'review_author');
const subject = aliasedTable(users, 'review_subject');

/** When a review's newest open report came in (null without open reports). */
const lastOpenReportAt = sql<Date | null>`(select max(rr.created_at) from ${reviewReports} rr
  where rr.review_id = ${reviews.id} and rr.resolved_at is null)`;

/** A review with what the admin's tab shows of its job and its two parties. */
function adminReviewSelect(db: Executor) {
  return db
    .select({
      review: reviews,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      subjectFirstName: subject.firstName,
      subjectLastName: subject.lastName,
      category: estimates.category,
      city: estimates.city,
      minCents: estimates.minCents,
      maxCents: estimates.maxCents,
      agreedCents: jobs.agreedCents,
      totalCents: jobs.totalCents,
      completedAt: jobs.completedAt,
      approvedChangeOrders: sql<number>`(select count(*) from ${jobChangeOrders} co
        where co.job_id = ${jobs.id} and co.status = 'approved')::int`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(jobs, eq(jobs.id, reviews.jobId))
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .innerJoin(author, eq(author.id, reviews.authorId))
    .innerJoin(subject, eq(subject.id, reviews.subjectId));
}
export type AdminReviewRow = Awaited<ReturnType<typeof adminReviewSelect>>[number];

function statusFilter(status: AdminReviewStatus): SQL | undefined {
  const published = isNotNull(reviews.publishedAt);
  if (status === 'reported') return and(published, sql`${lastOpenReportAt} is not null`);
  if (status === 'hidden' || status === 'removed') return and(published, eq(reviews.moderation, status));
  return published;
}

/**
 * A page of published reviews for the admin's tab and the total: reported (with open reports), the most recently
 * reported first; hidden or removed, the most recently moderated first; all, the most recently published first.
 */
export async function adminReviewPage(
  db: Executor,
  status: AdminReviewStatus,
  limit: number,
  offset: number,
) {
  const where = statusFilter(status);
  const order =
    status === 'reported'
      ? [sql`${lastOpenReportAt} desc`, desc(reviews.id)]
      : status === 'all'
        ? [desc(reviews.publishedAt), desc(reviews.id)]
        : [desc(reviews.moderatedAt), desc(reviews.id)];
  const [rows, [total]] = await Promise.all([
    adminReviewSelect(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One review as the admin's tab shows it (published or not). */
export async function adminReviewById(db: Executor, reviewId: string) {
  const [row] = await adminReviewSelect(db).where(eq(reviews.id, reviewId));
  return row;
}

/** The reports of these reviews with each reporter's name, oldest first. */
export function reportsOf(db: Executor, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      report: reviewReports,
      reporterFirstName: users.firstName,
      reporterLastName: users.lastName,
    })
    .from(reviewReports)
    .innerJoin(users, eq(users.id, reviewReports.reporterId))
    .where(inArray(reviewReports.reviewId, [...reviewIds]))
    .orderBy(reviewReports.createdAt, reviewReports.id);
}

/** The review, locked for a moderator's action. */
export async function lockReview(db: Executor, reviewId: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  return row;
}

/** Sets the review's moderation state and reason (null when restored), by whom and when. */
export async function setModeration(
  db: Executor,
  reviewId: string,
  change: { moderation: ReviewModeration; reason: ReviewReportReason | null; by: string; at: Date },
) {
  await db
    .update(reviews)
    .set({
      moderation: change.moderation,
      moderationReason: change.reason,
      moderatedBy: change.by,
      moderatedAt: change.at,
    })
    .where(eq(reviews.id, reviewId));
}

/** Resolves the review's open reports; how many there were. */
export async function resolveOpenReports(db: Executor, reviewId: string, at: Date): Promise<number> {
  const rows = await db
    .update(reviewReports)
    .set({ resolvedAt: at })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
    .returning({ id: reviewReports.id });
  return rows.length;
}
