import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/**
 * Rate-limit counters when DATABASE_URL is set, so every instance counts together (decision record 0007): one
 * row per key (limit and client address or email) and its fixed window. Expired rows are purged.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowStart: timestamp(tz).notNull(),
    /** The window's end: the key starts from zero after it (and the row may be purged). */
    expiresAt: timestamp(tz).notNull(),
    lastHitAt: timestamp(tz).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);
