import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { estimates } from './estimates.ts';
import { users } from './users.ts';

const tz = { withTimezone: true } as const;

/**
 * Messages between two users about one estimate (decision 0016). A conversation
 * is (estimate, the unordered pair of users). `seq` orders messages across the whole table: the thread's
 * pagination cursor and the realtime channel's reconnect backfill ("everything after the last one I saw") read
 * it. Deleting sets deletedAt (the other side sees the message as removed); reading sets readAt.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    createdAt: timestamp(tz).notNull().defaultNow(),
    readAt: timestamp(tz),
    deletedAt: timestamp(tz),
  },
  (t) => [
    // One conversation's thread, in order (either direction of the pair).
    index('messages_thread_idx').on(
      t.estimateId,
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
      t.seq,
    ),
    // A user's conversation list and backfill: the messages they sent and the ones they received, in order. The
    // trailing columns let the providers' response times (every message a provider sent or received) read these
    // indexes alone, without a visit to each message's row.
    index('messages_sender_idx').on(t.senderId, t.seq, t.estimateId, t.receiverId, t.createdAt),
    index('messages_receiver_idx').on(t.receiverId, t.seq, t.estimateId, t.senderId, t.createdAt),
    // Unread counts: one small partial index.
    index('messages_unread_idx')
      .on(t.receiverId, t.estimateId, t.senderId)
      .where(sql`read_at is null and deleted_at is null`),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
