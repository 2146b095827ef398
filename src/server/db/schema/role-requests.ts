import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roleRequestStatuses } from '#domain/schemas/role-request.schema';
import { roleEnum, users } from './users.ts';

const tz = { withTimezone: true } as const;

export const roleRequestStatusEnum = pgEnum('role_request_status', roleRequestStatuses);

/** A user's request to change role, reviewed by an admin. */
export const roleRequests = pgTable(
  'role_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedRole: roleEnum().notNull(),
    reason: text().notNull(),
    status: roleRequestStatusEnum().notNull().default('pending'),
    requestedAt: timestamp(tz).notNull().defaultNow(),
    reviewedAt: timestamp(tz),
    reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    adminComment: text(),
  },
  (t) => [
    index().on(t.userId, t.requestedAt),
    index().on(t.status, t.requestedAt),
    // The reviewer's foreign key: cleared when an admin's account is removed for good.
    index('role_requests_reviewed_by_idx').on(t.reviewedBy),
    // At most one pending request per user, even when two requests race.
    uniqueIndex('role_requests_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type RoleRequestRow = typeof roleRequests.$inferSelect;
