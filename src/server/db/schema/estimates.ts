import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { estimateStatuses } from '#domain/catalog/categories';
import type { GradeLevel } from '#domain/pricing';
import type { EstimateLineItem } from '#domain/schemas/estimate-api.schema';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

export const estimateStatusEnum = pgEnum('estimate_status', estimateStatuses);

/**
 * Customers' estimates. The price is the server's, recomputed from the catalogue on
 * save, in integer cents, with the line items that produced it. Deleting sets deletedAt: the row keeps counting
 * towards the monthly plan limits (estimates generated, estimates posted) and stays for later message threads.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** Category id, lowercase ("kitchen"). */
    category: text().notNull(),
    taskId: text().notNull(),
    /** The task's name as the wizard shows it ("Kitchen Remodel"). */
    taskName: text().notNull(),
    subtaskIds: text().array().notNull(),
    subtaskNames: text().array().notNull(),
    /** Subtask id -> measure -> value, as entered. */
    measurements: jsonb().$type<Record<string, Record<string, string | number>>>().notNull(),
    gradeLevel: text().$type<GradeLevel>().notNull(),
    /** Grade multiplier in per mille (Standard 1000). */
    gradePermille: integer().notNull(),
    regionId: integer().notNull(),
    /** The "City, ST" label. */
    regionLabel: text().notNull(),
    /** BEA regional price parity / 100, in per mille. */
    regionPermille: integer().notNull(),
    address: text(),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    /** The centroid of zipCode (decision 0048); null without a known ZIP code. */
    lat: doublePrecision(),
    lng: doublePrecision(),
    status: estimateStatusEnum().notNull().default('draft'),
    finalCents: bigint({ mode: 'number' }).notNull(),
    minCents: bigint({ mode: 'number' }).notNull(),
    maxCents: bigint({ mode: 'number' }).notNull(),
    lineItems: jsonb().$type<EstimateLineItem[]>().notNull(),
    /** The latest posting; null while never posted. */
    postedAt: timestamp(tz),
    /**
     * The posting that counted towards the monthly posted limit: set when posted for the first time in a
     * calendar month, so reposting in the same month does not count again. Never cleared.
     */
    firstPostedAt: timestamp(tz),
    createdAt: timestamp(tz).notNull().defaultNow(),
    updatedAt: timestamp(tz).notNull().defaultNow(),
    deletedAt: timestamp(tz),
  },
  (t) => [
    // The owner's lists (newest first) and the monthly count of estimates generated.
    index('estimates_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    // The monthly count of estimates posted.
    index('estimates_owner_first_posted_idx').on(t.ownerId, t.firstPostedAt),
    // The posted lists, newest posting first, unfiltered and by category (and task). The owner rides along so
    // the list's count (which leaves out closed accounts) is answered from the index alone.
    index('estimates_posted_idx')
      .on(t.postedAt.desc(), t.id.desc(), t.ownerId)
      .where(sql`status = 'posted' and deleted_at is null`),
    index('estimates_posted_category_idx')
      .on(t.category, t.taskId, t.postedAt.desc(), t.id.desc(), t.ownerId)
      .where(sql`status = 'posted' and deleted_at is null`),
    // By category alone (the index above has the task between the category and the date, so a category-only
    // page read it in date order only by filtering the whole posted index).
    index('estimates_posted_by_category_idx')
      .on(t.category, t.postedAt.desc(), t.id.desc(), t.ownerId)
      .where(sql`status = 'posted' and deleted_at is null`),
    // The providers' task lists by budget (high to low; low to high reads it backwards), unfiltered and by category.
    index('estimates_posted_budget_idx')
      .on(t.finalCents.desc(), t.id.desc())
      .where(sql`status = 'posted' and deleted_at is null`),
    index('estimates_posted_category_budget_idx')
      .on(t.category, t.finalCents.desc(), t.id.desc())
      .where(sql`status = 'posted' and deleted_at is null`),
    // The lists near a ZIP code: a bounding box on latitude and longitude, then the exact distance (decision 0048).
    // The owner, the posting, the id and the price ride along: the area's count and its page, in any order, are read
    // from the index.
    index('estimates_posted_geo_idx')
      .on(t.lat, t.lng, t.ownerId, t.postedAt, t.id, t.finalCents)
      .where(sql`status = 'posted' and deleted_at is null and lat is not null`),
    // Title search (ILIKE '%text%' on lower(title)).
    index('estimates_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export type EstimateRow = typeof estimates.$inferSelect;
export type NewEstimate = typeof estimates.$inferInsert;
