// The mail_outbox table: mail kept for the development mailbox (only when no SMTP server is configured).
import { desc, lt, sql } from 'drizzle-orm';
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

/** Deletes the outbox mail made before `cutoff`, or all of it without a cutoff. */
export async function deleteOutboxMail(db: Executor, cutoff?: Date): Promise<void> {
  if (cutoff) await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff));
  else await db.delete(mailOutbox);
}
