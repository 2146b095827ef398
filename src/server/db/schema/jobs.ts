import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { changeOrderStatuses, jobStatuses } from '#domain/job-status';
import { bids } from './bids.ts';
import { estimates } from './estimates.ts';
import { bytea } from './columns.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/** One priced line of a quote: an estimate subtask (by its catalogue id and name as the estimate lists it). */
export interface QuoteLineStored {
  subtaskId: string;
  name: string;
  amountCents: number;
}
/** Work the estimate does not list. */
export interface QuoteExtraStored {
  label: string;
  amountCents: number;
}

/**
 * A provider's quote on their bid, every revision kept (decision 0040): the customer sees the latest (the highest
 * revision). The total is the server's sum of the lines and extras.
 */
export const bidQuotes = pgTable(
  'bid_quotes',
  {
    id: uuid().primaryKey().defaultRandom(),
    bidId: uuid()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    /** 1 for the first quote, then 2, 3 ... for each revision. */
    revision: integer().notNull(),
    lines: jsonb().$type<QuoteLineStored[]>().notNull(),
    extras: jsonb().$type<QuoteExtraStored[]>().notNull(),
    exclusions: text().notNull().default(''),
    /** Calendar dates (YYYY-MM-DD). */
    validUntil: date({ mode: 'string' }).notNull(),
    startFrom: date({ mode: 'string' }),
    startTo: date({ mode: 'string' }),
    note: text().notNull().default(''),
    totalCents: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [unique('bid_quotes_bid_revision_key').on(t.bidId, t.revision)],
);
export type BidQuoteRow = typeof bidQuotes.$inferSelect;

export const jobStatusEnum = pgEnum('job_status', jobStatuses);
export const changeOrderStatusEnum = pgEnum('change_order_status', changeOrderStatuses);

/**
 * The job a hire starts (decision 0039): one per estimate and per bid, so two accepts at the same moment make one.
 * Prices are frozen at hire in integer cents; the current total is the agreed price plus the approved change
 * orders. Dates the parties agree are calendar dates in `timeZone`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    bidId: uuid()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The quote revision accepted; null for a bid without a quote (the price the customer confirmed). */
    quoteId: uuid().references(() => bidQuotes.id, { onDelete: 'set null' }),
    status: jobStatusEnum().notNull().default('hired'),
    agreedCents: bigint({ mode: 'number' }).notNull(),
    /** agreedCents plus the approved change orders. */
    totalCents: bigint({ mode: 'number' }).notNull(),
    /** The IANA time zone the job's calendar dates are in. */
    timeZone: text().notNull().default('UTC'),
    /** A start date one party proposed and the other has not confirmed yet. */
    proposedDate: date({ mode: 'string' }),
    proposedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The confirmed start date. */
    scheduledDate: date({ mode: 'string' }),
    startedAt: timestamp(tz),
    completionRequestedAt: timestamp(tz),
    completionNote: text(),
    completedAt: timestamp(tz),
    cancelledAt: timestamp(tz),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text(),
    /** Cancelled within 48 hours of the confirmed start date, or after it: held against `cancelledBy`. */
    lateCancellation: boolean().notNull().default(false),
    createdAt: timestamp(tz).notNull().defaultNow(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    unique('jobs_estimate_key').on(t.estimateId),
    unique('jobs_bid_key').on(t.bidId),
    // Each party's list, newest first (and by status).
    index('jobs_customer_created_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index('jobs_provider_created_idx').on(t.providerId, t.createdAt.desc(), t.id.desc()),
    // The open jobs of an account (closing it cancels them; the dashboards' Active jobs).
    index('jobs_customer_open_idx')
      .on(t.customerId)
      .where(sql`status not in ('completed', 'cancelled')`),
    index('jobs_provider_open_idx')
      .on(t.providerId)
      .where(sql`status not in ('completed', 'cancelled')`),
    // The hires of the last 12 months with their agreed price, for the public pricing accuracy (decision 0047).
    index('jobs_created_idx').on(t.createdAt, t.estimateId, t.agreedCents),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/** A change to the job's price the provider proposes and the customer approves or declines. */
export const jobChangeOrders = pgTable(
  'job_change_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    /** May be negative; never takes the job's total below 0. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull().default(''),
    status: changeOrderStatusEnum().notNull().default('pending'),
    createdAt: timestamp(tz).notNull().defaultNow(),
    decidedAt: timestamp(tz),
  },
  (t) => [index('job_change_orders_job_idx').on(t.jobId, t.createdAt)],
);
export type JobChangeOrderRow = typeof jobChangeOrders.$inferSelect;

/** The job's timeline: every event, oldest first. `actorId` null for the system (a timed move). */
export const jobEvents = pgTable(
  'job_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    at: timestamp(tz).notNull().defaultNow(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    event: text().notNull(),
    detail: text().notNull().default(''),
    /** Structured facts of the event (dates, amounts, ids) for screens that need more than the sentence. */
    data: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('job_events_job_at_idx').on(t.jobId, t.at, t.id)],
);
export type JobEventRow = typeof jobEvents.$inferSelect;

/** Photos the provider sends with "work done": re-encoded (no EXIF or GPS), stored like estimate pictures. */
export const jobPhotos = pgTable(
  'job_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [index('job_photos_job_idx').on(t.jobId, t.createdAt)],
);
export type JobPhotoRow = typeof jobPhotos.$inferSelect;
