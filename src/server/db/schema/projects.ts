import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/** A project's budget as the feed sorts it: the middle of its range, else the one end given (projectBudgetCents). */
export const projectBudgetSql = (t: { minBudgetCents: AnyPgColumn; maxBudgetCents: AnyPgColumn }) =>
  sql`coalesce((${t.minBudgetCents} + ${t.maxBudgetCents}) / 2, ${t.maxBudgetCents}, ${t.minBudgetCents})`;

/**
 * Public projects: posted by a signed-in, verified customer through /post and
 * listed to everyone by city and category. Budgets in integer cents; status 'live' is what the lists show.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** A catalogue category id (kitchen, bathroom, ...). */
    category: text().notNull(),
    description: text().notNull().default(''),
    /** The city as typed (trimmed); the lists match it case-insensitively. */
    city: text().notNull(),
    /** Optional ZIP code and its centroid (decision 0048). */
    zipCode: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    minBudgetCents: integer(),
    maxBudgetCents: integer(),
    status: text().notNull().default('live'),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    // The live list: filtered by city and category, newest first.
    index('projects_live_city_category_created_idx').on(
      t.status,
      sql`lower(${t.city})`,
      t.category,
      t.createdAt.desc(),
    ),
    index('projects_live_category_created_idx').on(t.status, t.category, t.createdAt.desc()),
    index('projects_live_created_idx').on(t.status, t.createdAt.desc()),
    // The providers' task feeds (decision 0038): live projects newest first, or by budget (the middle of the range,
    // else the one end given: projectBudgetCents), id breaking ties, each read in the order the feed asks.
    index('projects_feed_created_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`status = 'live'`),
    index('projects_feed_budget_idx')
      .on(sql`(${projectBudgetSql(t)}) desc nulls last`, t.id.desc().nullsLast())
      .where(sql`status = 'live'`),
    // The lists near a ZIP code (decision 0048).
    index('projects_live_geo_idx')
      .on(t.lat, t.lng, t.ownerId, t.createdAt, t.id)
      .where(sql`status = 'live' and lat is not null`),
    // The customer plan's posted-per-month count.
    index('projects_owner_created_idx').on(t.ownerId, t.createdAt),
    check('projects_status', sql`${t.status} in ('live', 'closed')`),
    check(
      'projects_budgets',
      sql`(${t.minBudgetCents} is null or ${t.minBudgetCents} >= 0) and (${t.maxBudgetCents} is null or ${t.maxBudgetCents} >= 0) and (${t.minBudgetCents} is null or ${t.maxBudgetCents} is null or ${t.minBudgetCents} <= ${t.maxBudgetCents})`,
    ),
  ],
);

/** A provider's message (with an optional offer) on a public project. */
export const projectMessages = pgTable(
  'project_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    senderUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    offerAmountCents: integer(),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    index('project_messages_project_created_idx').on(t.projectId, t.createdAt),
    index('project_messages_sender_idx').on(t.senderUserId, t.projectId),
    check('project_messages_offer', sql`${t.offerAmountCents} is null or ${t.offerAmountCents} >= 0`),
  ],
);

/** The owner shared contact details with this provider on this project (POST /api/projects/{id}/connect). */
export const projectConnections = pgTable(
  'project_connections',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    providerUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.providerUserId] }),
    index('project_connections_provider_idx').on(t.providerUserId),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectMessageRow = typeof projectMessages.$inferSelect;
