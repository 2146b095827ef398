// The mail_outbox table: mail kept for the development mailbox.
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { mailOutbox } from '#server/db/schema/index';

export type NewOutboxMail = typeof mailOutbox.$inferInsert;

export async function insertOutboxMail(db: Executor, values: NewOutboxMail): Promise<void> {
  await db.insert(mailOutbox).values(values);
}

export async function listRecentMail(db: Executor, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), sql`${mailOutbox.id}`)
    .limit(limit);
}
