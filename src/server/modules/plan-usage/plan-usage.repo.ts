// What counts against the customer plan's posted-per-month limit: estimates whose posting counted this month and
// public projects posted this month, together (decision 0016). Both posting paths lock the owner's row first, so
// this count cannot race.
import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { estimates, projects } from '#server/db/schema/index';

/** Posts of this owner at or after `since`: estimates (deleted ones included) and public projects. */
export async function countPostedSince(db: Executor, ownerId: string, since: Date): Promise<number> {
  const [[e], [p]] = await Promise.all([
    db
      .select({ n: count() })
      .from(estimates)
      .where(and(eq(estimates.ownerId, ownerId), gte(estimates.firstPostedAt, since))),
    db
      .select({ n: count() })
      .from(projects)
      .where(and(eq(projects.ownerId, ownerId), gte(projects.createdAt, since))),
  ]);
  return (e?.n ?? 0) + (p?.n ?? 0);
}
