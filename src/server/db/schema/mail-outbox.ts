import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/** Every mail the server sends is recorded; without SMTP_URL this is the development outbox (/dev/mailbox). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  /** 'smtp' when delivered through SMTP_URL, 'outbox' when only stored here. */
  transport: text().notNull(),
  createdAt: timestamp(tz).notNull().defaultNow(),
});
