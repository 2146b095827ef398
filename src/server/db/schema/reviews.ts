import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { reviewModerationStates, reviewReportReasons } from '#domain/reviews';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

export const reviewSideEnum = pgEnum('review_side', ['customer', 'provider']);
export const reviewModerationEnum = pgEnum('review_moderation', reviewModerationStates);
export const reviewReportReasonEnum = pgEnum('review_report_reason', reviewReportReasons);

/**
 * A review one party of a completed job wrote of the other (decision 0044): one per job and side, blind until
 * `publishedAt` (both wrote, or the window closed; both are published at the same moment). `authorSide` names who
 * wrote it: 'customer' reviews the provider (sub-ratings quality, communication, punctuality, value), 'provider'
 * the customer (clarity, responsiveness, fairness). A hard delete of either party removes it (the reputation is
 * computed from these rows, so it follows); a soft-deleted author's reviews stay. The reviewed party's one public
 * answer lives on the row.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reviewed party. */
    subjectId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorSide: reviewSideEnum().notNull(),
    /** 1-5. */
    rating: smallint().notNull(),
    /** The side's sub-ratings by name, each 1-5. */
    subRatings: jsonb().$type<Record<string, number>>().notNull(),
    text: text().notNull(),
    createdAt: timestamp(tz).notNull().defaultNow(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    /** Null while blind. */
    publishedAt: timestamp(tz),
    /** 'hidden': the text reads "Removed by a moderator: …", the rating still counts; 'removed': out of the reputation too. */
    moderation: reviewModerationEnum().notNull().default('visible'),
    moderationReason: reviewReportReasonEnum(),
    moderatedAt: timestamp(tz),
    moderatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The reviewed party's public answer: written once, editable for RESPONSE_EDIT_HOURS after `responseAt`. */
    responseText: text(),
    responseAt: timestamp(tz),
    responseUpdatedAt: timestamp(tz),
  },
  (t) => [
    unique('reviews_job_side_key').on(t.jobId, t.authorSide),
    // A person's published reviews, newest first (the public lists, the reputation).
    index('reviews_subject_published_idx')
      .on(t.subjectId, t.publishedAt.desc(), t.id.desc())
      .where(sql`published_at is not null`),
    index('reviews_author_idx').on(t.authorId),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/** A signed-in person's report of a published review; one per person and review. Resolved by a moderator's action. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reviewReportReasonEnum().notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp(tz).notNull().defaultNow(),
    /** When a moderator hid, removed or restored (kept) the review; null while open. */
    resolvedAt: timestamp(tz),
  },
  (t) => [
    unique('review_reports_review_reporter_key').on(t.reviewId, t.reporterId),
    // The admin's "reported" list: reviews with open reports.
    index('review_reports_open_idx')
      .on(t.reviewId, t.createdAt)
      .where(sql`resolved_at is null`),
    index('review_reports_reporter_idx').on(t.reporterId),
  ],
);
export type ReviewReportRow = typeof reviewReports.$inferSelect;
