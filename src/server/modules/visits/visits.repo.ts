// The visits table: page views and navigation clicks.
import { count, desc } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { visits } from '#server/db/schema/index';

export type NewVisit = typeof visits.$inferInsert;

export async function insertVisit(db: Executor, values: NewVisit): Promise<void> {
  await db.insert(visits).values(values);
}

export async function countVisits(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visits);
  return row?.n ?? 0;
}

export async function listRecentVisits(db: Executor, limit: number) {
  return db.select().from(visits).orderBy(desc(visits.visitedAt)).limit(limit);
}
