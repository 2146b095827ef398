import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/** The development outbox (/dev/mailbox): mail kept only when no SMTP_URL is set, for a day at most. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  /** Files sent with the mail (a site visit's calendar invite), as text. */
  attachments: jsonb().$type<{ filename: string; contentType: string; content: string }[]>(),
  /** 'outbox' (older builds also recorded 'smtp' mail here; such rows are deleted at start). */
  transport: text().notNull(),
  createdAt: timestamp(tz).notNull().defaultNow(),
});
