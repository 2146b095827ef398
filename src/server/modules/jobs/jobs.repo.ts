// The jobs' tables (jobs, change orders, the timeline, photos), and the few rows of estimates, bids and quotes a
// hire reads and writes, all under row locks: the estimate's for a hire, the job's for every move on it.
import { and, count, desc, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EstimateStatus } from '#domain/catalog/categories';
import { openJobStatuses, type JobStatus } from '#domain/job-status';
import type { Executor } from '#server/db/client';
import {
  bids,
  estimates,
  jobChangeOrders,
  jobEvents,
  jobPhotos,
  jobs,
  users,
  type BidRow,
  type JobRow,
} from '#server/db/schema/index';

export type { BidRow, JobRow };
export type JobPatch = Partial<Omit<typeof jobs.$inferInsert, 'id' | 'estimateId' | 'bidId'>>;

/** The owner's live estimate, locked for the hire (two accepts on one estimate take turns here). */
export async function lockOwnedEstimate(db: Executor, estimateId: string, ownerId: string) {
  const [row] = await db
    .select({
      id: estimates.id,
      status: estimates.status,
      title: estimates.title,
      finalCents: estimates.finalCents,
    })
    .from(estimates)
    .where(
      and(eq(estimates.id, estimateId), eq(estimates.ownerId, ownerId), sql`${estimates.deletedAt} is null`),
    )
    .for('update');
  return row ?? null;
}

/** A bid of the estimate, locked (a withdrawal or a quote revision waits for the hire, or the hire for it). */
export async function lockBid(db: Executor, estimateId: string, bidId: string): Promise<BidRow | null> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.estimateId, estimateId)))
    .for('update');
  return row ?? null;
}

/** Accepts the bid and declines the estimate's other pending bids; returns the declined providers. */
export async function acceptBid(db: Executor, estimateId: string, bidId: string, at: Date) {
  const [accepted] = await db
    .update(bids)
    .set({ status: 'accepted', decidedAt: at })
    .where(eq(bids.id, bidId))
    .returning();
  const declined = await db
    .update(bids)
    .set({ status: 'declined', decidedAt: at })
    .where(and(eq(bids.estimateId, estimateId), ne(bids.id, bidId), eq(bids.status, 'pending')))
    .returning({ providerId: bids.providerId });
  return { accepted: accepted!, declinedProviderIds: declined.map((d) => d.providerId) };
}

/** Moves the estimate from `from` to `to`; false when it is not in `from` (or gone). */
export async function moveEstimate(
  db: Executor,
  estimateId: string,
  from: EstimateStatus,
  to: EstimateStatus,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(estimates)
    .set({ status: to, updatedAt: at })
    .where(and(eq(estimates.id, estimateId), eq(estimates.status, from)))
    .returning({ id: estimates.id });
  return rows.length > 0;
}

/** The estimate's status now (null when it is gone). */
export async function estimateStatus(db: Executor, estimateId: string): Promise<EstimateStatus | null> {
  const [row] = await db
    .select({ status: estimates.status })
    .from(estimates)
    .where(eq(estimates.id, estimateId))
    .limit(1);
  return row?.status ?? null;
}

/** Inserts the job; null when the estimate or the bid already has one (a parallel hire won). */
export async function insertJob(db: Executor, values: typeof jobs.$inferInsert): Promise<JobRow | null> {
  const [row] = await db.insert(jobs).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The job with its estimate's title, locked for a move (two moves on one job take turns). */
export async function lockJob(db: Executor, id: string) {
  const [row] = await db
    .select({ job: jobs, estimateTitle: estimates.title })
    .from(jobs)
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .where(eq(jobs.id, id))
    .for('update', { of: jobs });
  return row ?? null;
}

/** The job, unlocked (a read, or the checks before an upload is read). */
export async function findJob(db: Executor, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

export async function updateJob(db: Executor, id: string, patch: JobPatch): Promise<JobRow> {
  const [row] = await db.update(jobs).set(patch).where(eq(jobs.id, id)).returning();
  return row!;
}

/**
 * Adds a timeline entry at `at`, or just after the job's latest entry when that is not earlier (several entries
 * of one move, two moves in one millisecond): the timeline's order is the order they were written in. Runs under
 * the job's lock.
 */
export async function insertJobEvent(
  db: Executor,
  values: Omit<typeof jobEvents.$inferInsert, 'at'> & { at: Date },
) {
  const at = sql`greatest(${values.at.toISOString()}::timestamptz, (select max(${jobEvents.at}) + interval '1 millisecond' from ${jobEvents} where ${jobEvents.jobId} = ${values.jobId}))`;
  await db.insert(jobEvents).values({ ...values, at });
}

const customer = alias(users, 'job_customer');
const provider = alias(users, 'job_provider');

/** The job with its estimate's title and range and both parties' user rows (the fields a job view shows). */
export async function jobDetail(db: Executor, id: string) {
  const [row] = await db
    .select({
      job: jobs,
      estimateTitle: estimates.title,
      estimateMinCents: estimates.minCents,
      estimateMaxCents: estimates.maxCents,
      customer: {
        id: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        zipCode: customer.zipCode,
        phone: customer.phone,
      },
      provider: {
        id: provider.id,
        firstName: provider.firstName,
        lastName: provider.lastName,
        companyName: provider.companyName,
        city: provider.city,
      },
    })
    .from(jobs)
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .innerJoin(customer, eq(customer.id, jobs.customerId))
    .innerJoin(provider, eq(provider.id, jobs.providerId))
    .where(eq(jobs.id, id))
    .limit(1);
  return row ?? null;
}
export type JobDetailRow = NonNullable<Awaited<ReturnType<typeof jobDetail>>>;

export function changeOrdersOf(db: Executor, jobId: string) {
  return db
    .select()
    .from(jobChangeOrders)
    .where(eq(jobChangeOrders.jobId, jobId))
    .orderBy(jobChangeOrders.createdAt, jobChangeOrders.id);
}

export function timelineOf(db: Executor, jobId: string) {
  return db
    .select({
      at: jobEvents.at,
      actorId: jobEvents.actorId,
      event: jobEvents.event,
      detail: jobEvents.detail,
    })
    .from(jobEvents)
    .where(eq(jobEvents.jobId, jobId))
    .orderBy(jobEvents.at, jobEvents.id);
}

export function photosOf(db: Executor, jobId: string) {
  return db
    .select({ id: jobPhotos.id })
    .from(jobPhotos)
    .where(eq(jobPhotos.jobId, jobId))
    .orderBy(jobPhotos.createdAt, jobPhotos.id);
}

export async function findPhoto(db: Executor, jobId: string, photoId: string) {
  const [row] = await db
    .select()
    .from(jobPhotos)
    .where(and(eq(jobPhotos.jobId, jobId), eq(jobPhotos.id, photoId)))
    .limit(1);
  return row ?? null;
}

export async function insertPhotos(db: Executor, values: (typeof jobPhotos.$inferInsert)[]) {
  if (values.length > 0) await db.insert(jobPhotos).values(values);
}

export async function insertChangeOrder(db: Executor, values: typeof jobChangeOrders.$inferInsert) {
  const [row] = await db.insert(jobChangeOrders).values(values).returning();
  return row!;
}

/** A change order of the job, locked (the job's lock is taken first, so this is only for its fields). */
export async function findChangeOrder(db: Executor, jobId: string, id: string) {
  const [row] = await db
    .select()
    .from(jobChangeOrders)
    .where(and(eq(jobChangeOrders.jobId, jobId), eq(jobChangeOrders.id, id)))
    .limit(1);
  return row ?? null;
}

export async function decideChangeOrder(db: Executor, id: string, status: 'approved' | 'declined', at: Date) {
  const [row] = await db
    .update(jobChangeOrders)
    .set({ status, decidedAt: at })
    .where(and(eq(jobChangeOrders.id, id), eq(jobChangeOrders.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Declines every pending change order of the job (it ended); returns them. */
export function declinePendingChangeOrders(db: Executor, jobId: string, at: Date) {
  return db
    .update(jobChangeOrders)
    .set({ status: 'declined', decidedAt: at })
    .where(and(eq(jobChangeOrders.jobId, jobId), eq(jobChangeOrders.status, 'pending')))
    .returning({ id: jobChangeOrders.id, label: jobChangeOrders.label });
}

/** The ids of the user's open jobs (as either party). */
export async function openJobIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        or(eq(jobs.customerId, userId), eq(jobs.providerId, userId)),
        notInArray(jobs.status, ['completed', 'cancelled']),
      ),
    )
    .orderBy(jobs.createdAt);
  return rows.map((r) => r.id);
}

export interface JobListFilter {
  /** One state, or every open one. */
  status?: JobStatus | 'open';
  estimateId?: string;
}

/** A page of the user's jobs (as either party), newest first, with the total and both parties' names. */
export async function listJobs(
  db: Executor,
  userId: string,
  filter: JobListFilter,
  limit: number,
  offset: number,
) {
  const conds: SQL[] = [or(eq(jobs.customerId, userId), eq(jobs.providerId, userId))!];
  if (filter.status) {
    conds.push(inArray(jobs.status, filter.status === 'open' ? [...openJobStatuses] : [filter.status]));
  }
  if (filter.estimateId) conds.push(eq(jobs.estimateId, filter.estimateId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        job: jobs,
        estimateTitle: estimates.title,
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        providerFirstName: provider.firstName,
        providerLastName: provider.lastName,
        providerCompany: provider.companyName,
      })
      .from(jobs)
      .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
      .innerJoin(customer, eq(customer.id, jobs.customerId))
      .innerJoin(provider, eq(provider.id, jobs.providerId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
