import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/** Page views and navigation clicks, for the admin's visit analytics. */
export const visits = pgTable(
  'visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull().default('page_view'),
    page: text().notNull(),
    label: text(),
    referer: text(),
    userAgent: text(),
    ipAddress: text(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    visitedAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.visitedAt),
    // A user's visits: counted and removed when an admin deletes the user for good.
    index('visits_user_idx').on(t.userId),
  ],
);
