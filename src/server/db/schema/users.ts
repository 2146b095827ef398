import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp(tz).notNull().defaultNow(),
    lastActiveAt: timestamp(tz),
    /** Soft deletion: the row stays for business records, personal data is redacted. */
    deletedAt: timestamp(tz),
  },
  (t) => [index().on(t.role), index().on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
