import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * How many accounts are live (not soft-deleted): one row, kept by a trigger on users in the same transaction as
 * every insert, deletion and change of `deleted_at` (migration 0018), so the admin Users tab's total is read, not
 * counted over every account on each page.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    one: boolean().primaryKey().default(true),
    live: integer().notNull(),
  },
  (t) => [check('user_counts_one_row', sql`${t.one}`)],
);
