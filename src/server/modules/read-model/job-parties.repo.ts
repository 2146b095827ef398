// The jobs table as the features other than jobs read it (the jobs module is theirs to write): whether two users
// are the parties of a job on an estimate whose conversation is still open. A job's conversation is the
// estimate's conversation between its customer and its provider; it stays open while the job is open and for
// JOB_CONVERSATION_DAYS_AFTER days after it ended (completed or cancelled).
import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DAY_MS } from '#domain/dates';
import { openJobStatuses } from '#domain/job-status';
import { JOB_CONVERSATION_DAYS_AFTER } from '#domain/schemas/job.schema';
import type { Executor } from '#server/db/client';
import { jobs } from '#server/db/schema/index';

/**
 * Whether `a` and `b` are the two parties (either way round) of the job on `estimateId` and its conversation is
 * open at `at`, as a column of a statement (one probe of the job's unique estimate index).
 */
export function jobConversationOpenOf(
  estimateId: AnyColumn | string,
  a: string,
  b: string,
  at: Date,
): SQL<boolean> {
  const endedSince = new Date(at.getTime() - JOB_CONVERSATION_DAYS_AFTER * DAY_MS).toISOString();
  const parties = or(
    and(eq(jobs.customerId, a), eq(jobs.providerId, b)),
    and(eq(jobs.customerId, b), eq(jobs.providerId, a)),
  );
  return sql<boolean>`exists (select 1 from ${jobs} where ${jobs.estimateId} = ${estimateId} and ${parties}
    and (${inArray(jobs.status, [...openJobStatuses])}
      or coalesce(${jobs.completedAt}, ${jobs.cancelledAt}) >= ${endedSince}::timestamptz))`.mapWith(Boolean);
}

/** jobConversationOpenOf as a read of its own. */
export async function jobConversationOpen(
  db: Executor,
  estimateId: string,
  a: string,
  b: string,
  at: Date,
): Promise<boolean> {
  const rows = await db.execute<{ open: boolean }>(
    sql`select ${jobConversationOpenOf(estimateId, a, b, at)} as open`,
  );
  return Boolean(rows.rows[0]?.open);
}

/**
 * The id of the job on `estimateId` whose provider is `providerId` (null when there is none, or the job is another
 * provider's), as a column of a statement: what links a provider's notification to their job page.
 */
export function providerJobOf(estimateId: AnyColumn, providerId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select ${jobs.id} from ${jobs}
    where ${jobs.estimateId} = ${estimateId} and ${jobs.providerId} = ${providerId})`;
}

/** The provider hired on `estimateId` (whatever became of the job), or null without a job. */
export async function hiredProviderOf(db: Executor, estimateId: string): Promise<string | null> {
  const [row] = await db.select({ id: jobs.providerId }).from(jobs).where(eq(jobs.estimateId, estimateId));
  return row?.id ?? null;
}
