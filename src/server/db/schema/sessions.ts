import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 hash is stored here. `publicId` names a
 * session on the "Where you're signed in" list (decision 0025): it is not the token and cannot be used as one. No
 * client address is kept (`ipAddress` below): nothing shows it, and the request log has it for each request.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    publicId: uuid().notNull().defaultRandom().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Remember-me sessions live until expiresAt; others also end after the idle timeout. */
    persistent: boolean().notNull().default(false),
    createdAt: timestamp(tz).notNull().defaultNow(),
    lastSeenAt: timestamp(tz).notNull().defaultNow(),
    /**
     * When a /ws socket of this session was last seen alive by its instance's heartbeat (decision 0043): a page of
     * the app is open while this is recent. Null: never a socket.
     */
    socketSeenAt: timestamp(tz),
    expiresAt: timestamp(tz).notNull(),
    /** The browser's User-Agent at sign-in (first 500 characters), for the device label on the list. */
    userAgent: text(),
    /**
     * No longer written or read (decision 0025). The column stays until no server of the versions that wrote it can
     * be running: dropping it in the release that stops writing it would fail those servers' sign-ins during a
     * rolling restart (docs/deploy.md). Migration 0016 cleared the addresses it held.
     */
    ipAddress: text(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
