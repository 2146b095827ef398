import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/** Server-side sessions. The cookie carries a random token; only its SHA-256 hash is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Remember-me sessions live until expiresAt; others also end after the idle timeout. */
    persistent: boolean().notNull().default(false),
    createdAt: timestamp(tz).notNull().defaultNow(),
    lastSeenAt: timestamp(tz).notNull().defaultNow(),
    expiresAt: timestamp(tz).notNull(),
    userAgent: text(),
    ipAddress: text(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
