import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/**
 * Work that happens later (decision 0033): an item of a kind, due at a time, claimed by one instance at a time
 * (`claimedBy`, until `lockedUntil`: a claim whose instance died runs again once that lease passed) and finished
 * (`doneAt`), or tried again later with its `lastError`. A recurring kind keeps one unfinished item, moved forward
 * after each run.
 */
export const scheduledWork = pgTable(
  'scheduled_work',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** At most one unfinished item per key (a recurring kind's item is keyed by its kind). */
    key: text(),
    payload: jsonb().notNull().default({}),
    dueAt: timestamp(tz).notNull(),
    /** Runs started, this one included. */
    attempts: integer().notNull().default(0),
    /** The instance running it, while its lease lasts. */
    claimedBy: text(),
    lockedUntil: timestamp(tz),
    doneAt: timestamp(tz),
    lastError: text(),
    createdAt: timestamp(tz).notNull().defaultNow(),
  },
  (t) => [
    // The worker's claim: unfinished items by due time.
    index('scheduled_work_due_idx')
      .on(t.dueAt)
      .where(sql`done_at is null`),
    uniqueIndex('scheduled_work_pending_key_idx')
      .on(t.key)
      .where(sql`done_at is null`),
    // The purge of finished items.
    index('scheduled_work_done_idx')
      .on(t.doneAt)
      .where(sql`done_at is not null`),
  ],
);
export type ScheduledWorkRow = typeof scheduledWork.$inferSelect;
