// Moderation that cannot be bought (decision 0044): anyone signed in reports a published review once; admins read
// the reported, hidden and removed reviews with their reports and the job's facts, and hide a review's text (its
// rating still counts), remove it from the reputation (fake, or a conflict of interest) or restore it. Each action
// resolves the review's open reports and writes its audit entry in the same transaction. No admin moderates a
// review by or about themselves; no plan enters any of it.
//
// Which action applies when: hide and remove from any state (a hidden review found fake is removed; a removed one
// found genuine but abusive is hidden), except the state and reason it already has (409); restore a hidden or
// removed review back to visible, or keep a visible one that has open reports (its reports resolved); restoring a
// visible review without open reports is a 409.
import { findCategory } from '#domain/catalog/home-repair';
import { fullName, publicName } from '#domain/format';
import { isUuid } from '#domain/ids';
import { priceFactsSentence, type ReviewModeration, type ReviewReportReason } from '#domain/reviews';
import type { AdminReview } from '#domain/schemas/review.schema';
import type { AppContext } from '#server/context';
import { AppError, forbidden, notFound } from '#server/errors';
import { auditActions, recordAudit } from '#server/modules/audit';
import * as repo from './reviews-moderation.repo.ts';

export const MODERATION_MESSAGES = {
  notFound: 'Review not found',
  alreadyReported: 'You have already reported this review',
  reported: 'Thank you. A moderator will look at this review.',
  ownReview: 'You cannot moderate a review you wrote or one about you',
  already: (state: string) => `This review is already ${state} for that reason`,
  nothingToRestore: 'This review is visible and has no open reports: there is nothing to restore',
} as const;

const dollars = (cents: number) => cents / 100;
const month = (d: Date) => d.toISOString().slice(0, 7);

/** A review as the admin's tab shows it: the text as written, its reports, the job's price facts. */
export function toAdminReview(
  row: repo.AdminReviewRow,
  reports: Awaited<ReturnType<typeof repo.reportsOf>>,
): AdminReview {
  const r = row.review;
  return {
    id: r.id,
    jobId: r.jobId,
    authorSide: r.authorSide,
    authorId: r.authorId,
    authorName: fullName({ firstName: row.authorFirstName, lastName: row.authorLastName }),
    subjectId: r.subjectId,
    subjectName: fullName({ firstName: row.subjectFirstName, lastName: row.subjectLastName }),
    rating: r.rating,
    subRatings: r.subRatings,
    text: r.text,
    moderation: r.moderation,
    moderationReason: r.moderationReason,
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    category: findCategory(row.category)?.name ?? row.category,
    city: row.city || null,
    completedMonth: month(row.completedAt ?? r.createdAt),
    priceFacts: {
      estimateMin: dollars(row.minCents),
      estimateMax: dollars(row.maxCents),
      agreed: dollars(row.agreedCents),
      final: dollars(row.totalCents),
      approvedChangeOrders: row.approvedChangeOrders,
      sentence: priceFactsSentence(row.agreedCents, row.totalCents, row.approvedChangeOrders),
    },
    reports: reports.map((x) => ({
      id: x.report.id,
      reason: x.report.reason,
      note: x.report.note,
      reporterName: publicName(x.reporterFirstName, x.reporterLastName),
      createdAt: x.report.createdAt.toISOString(),
      resolved: x.report.resolvedAt !== null,
    })),
    openReports: reports.filter((x) => x.report.resolvedAt === null).length,
  };
}

type Action =
  | { kind: 'hide'; reason: ReviewReportReason }
  | { kind: 'remove'; reason: ReviewReportReason }
  | { kind: 'restore' };

export function createReviewsModerationService(ctx: Pick<AppContext, 'db' | 'now' | 'events'>) {
  const { db, now, events } = ctx;
  const reviewNotFound = () => notFound(MODERATION_MESSAGES.notFound);

  async function adminReview(reviewId: string): Promise<AdminReview> {
    const row = await repo.adminReviewById(db, reviewId);
    if (!row) throw reviewNotFound();
    return toAdminReview(row, await repo.reportsOf(db, [reviewId]));
  }

  /** Hide, remove or restore: the state, the open reports resolved and the audit entry, in one transaction. */
  async function moderate(admin: { id: string }, reviewId: string, action: Action): Promise<AdminReview> {
    if (!isUuid(reviewId)) throw reviewNotFound();
    const t = now();
    await events.transaction(async (tx) => {
      const review = await repo.lockReview(tx, reviewId);
      if (!review || !review.publishedAt) throw reviewNotFound();
      if (review.authorId === admin.id || review.subjectId === admin.id) {
        throw forbidden(MODERATION_MESSAGES.ownReview);
      }
      const facts = await repo.adminReviewById(tx, reviewId);
      if (!facts) throw reviewNotFound();
      const target: ReviewModeration =
        action.kind === 'hide' ? 'hidden' : action.kind === 'remove' ? 'removed' : 'visible';
      const reason = action.kind === 'restore' ? null : action.reason;
      if (action.kind !== 'restore' && review.moderation === target && review.moderationReason === reason) {
        throw new AppError('CONFLICT', MODERATION_MESSAGES.already(target));
      }
      const resolved = await repo.resolveOpenReports(tx, reviewId, t);
      if (action.kind === 'restore' && review.moderation === 'visible' && resolved === 0) {
        throw new AppError('CONFLICT', MODERATION_MESSAGES.nothingToRestore);
      }
      await repo.setModeration(tx, reviewId, { moderation: target, reason, by: admin.id, at: t });
      await recordAudit(tx, {
        actorId: admin.id,
        action:
          action.kind === 'hide'
            ? auditActions.hideReview
            : action.kind === 'remove'
              ? auditActions.removeReview
              : auditActions.restoreReview,
        targetType: 'review',
        targetId: reviewId,
        details: {
          // A restore names the reason it undoes ("reports dismissed" when it kept a visible review).
          reason: reason ?? review.moderationReason ?? 'reports dismissed',
          from: review.moderation,
          to: target,
          authorName: fullName({ firstName: facts.authorFirstName, lastName: facts.authorLastName }),
          subjectName: fullName({ firstName: facts.subjectFirstName, lastName: facts.subjectLastName }),
          authorSide: review.authorSide,
          rating: review.rating,
          reportsResolved: resolved,
        },
        at: t,
      });
    });
    return adminReview(reviewId);
  }

  return {
    /** POST /api/reviews/{id}/report: a published review that is not removed, once per person. */
    async report(
      reporter: { id: string },
      reviewId: string,
      body: { reason: ReviewReportReason; note: string },
    ) {
      if (!isUuid(reviewId)) throw reviewNotFound();
      const review = await repo.findReviewState(db, reviewId);
      if (!review || !review.publishedAt || review.moderation === 'removed') throw reviewNotFound();
      const stored = await repo.insertReport(db, { reviewId, reporterId: reporter.id, ...body, at: now() });
      if (!stored) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReported);
      return { ok: true as const, message: MODERATION_MESSAGES.reported };
    },

    /** GET /api/admin/reviews: a page of the tab, each review with its reports. */
    async list(q: { status: repo.AdminReviewStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.adminReviewPage(db, q.status, q.pageSize, (q.page - 1) * q.pageSize);
      const reports = await repo.reportsOf(
        db,
        rows.map((r) => r.review.id),
      );
      return {
        items: rows.map((row) =>
          toAdminReview(
            row,
            reports.filter((x) => x.report.reviewId === row.review.id),
          ),
        ),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    hide: (admin: { id: string }, reviewId: string, reason: ReviewReportReason) =>
      moderate(admin, reviewId, { kind: 'hide', reason }),
    remove: (admin: { id: string }, reviewId: string, reason: ReviewReportReason) =>
      moderate(admin, reviewId, { kind: 'remove', reason }),
    restore: (admin: { id: string }, reviewId: string) => moderate(admin, reviewId, { kind: 'restore' }),
  };
}
