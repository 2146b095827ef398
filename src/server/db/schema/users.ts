import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles } from '#domain/permissions';
import { subscriptionPlans } from '#domain/schemas/user.schema';

export const roleEnum = pgEnum('role', roles);
export const subscriptionPlanEnum = pgEnum('subscription_plan', subscriptionPlans);

const tz = { withTimezone: true } as const;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    role: roleEnum().notNull().default('customer'),
    firstName: text().notNull(),
    lastName: text().notNull(),
    emailVerifiedAt: timestamp(tz),
    subscriptionPlan: subscriptionPlanEnum().notNull().default('free'),
    adminExpiresAt: timestamp(tz),
    /** Provider sign-up choices: category, tasks and service region. */
    selectedCategory: text(),
    selectedTasks: text().array().notNull().default([]),
    regionId: integer(),
    trialEndDate: timestamp(tz),
    hasUsedTrial: boolean().notNull().default(false),
    subscriptionExpiryDate: timestamp(tz),
    /** Profile (/profile, /provider/profile): contact fields optional for customers, required for providers. */
    phone: text(),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    companyName: text(),
    description: text(),
    /** The public pro page is in the directory and open to search engines; false hides it (noindex) but not from customers it bid to. */
    listed: boolean().notNull().default(true),
    /** Settings: the most providers who may start a conversation per estimate; null = unlimited. */
    messageLimit: integer().default(20),
    createdAt: timestamp(tz).notNull().defaultNow(),
    lastActiveAt: timestamp(tz),
    /** Soft deletion: the row stays for business records, personal data is redacted. */
    deletedAt: timestamp(tz),
  },
  (t) => [
    index().on(t.role),
    index().on(t.createdAt),
    // The admin Users tab: role and plan filters newest first, the last-active range, and the name or email
    // search (ILIKE '%text%' on the same expression the admin repo builds).
    index('users_role_plan_created_idx').on(t.role, t.subscriptionPlan, t.createdAt.desc()),
    // The Users tab as it opens (live accounts, newest first, id breaking ties): the page is the first entries in
    // this order, and the total an index-only count of these few pages instead of a scan of the table. Nulls
    // first, as the list's plain `desc` sorts (an index built `desc nulls last` would not give its order).
    index('users_live_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('users_last_active_idx').on(t.lastActiveAt),
    // The few closed accounts, which the posted lists leave out.
    index('users_closed_idx')
      .on(t.id)
      .where(sql`deleted_at is not null`),
    index('users_admin_search_trgm_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    check('users_message_limit_choice', sql`${t.messageLimit} in (5, 10, 20)`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * The ids of closed (soft-deleted) accounts, as a subquery: `x not in ${closedAccountIds}` keeps what such an
 * account posted out of every list (a hashed subplan over the few closed accounts).
 */
export const closedAccountIds = sql`(select u.id from ${users} u where u.deleted_at is not null)`;
