// A provider's portfolio photos (decision 0046): positions run 0..n-1 and stay so through every move and
// deletion (the provider's row is locked while they change, so two requests cannot interleave); a photo copied
// from a completed job keeps that job's category and month.
import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { estimates, jobPhotos, jobs, portfolioPhotos as p, users } from '#server/db/schema/index';

/** What a list shows of a photo (everything but its bytes). */
const meta = {
  id: p.id,
  providerId: p.providerId,
  position: p.position,
  caption: p.caption,
  width: p.width,
  height: p.height,
  jobId: p.jobId,
  verifiedCategory: p.verifiedCategory,
  verifiedMonth: p.verifiedMonth,
};
export type PortfolioMeta = { [K in keyof typeof meta]: (typeof p.$inferSelect)[K] };

/** The provider's portfolio photos in order. */
export async function portfolioOf(db: Executor, providerId: string): Promise<PortfolioMeta[]> {
  return db.select(meta).from(p).where(eq(p.providerId, providerId)).orderBy(asc(p.position), asc(p.id));
}

export async function findPortfolioPhoto(db: Executor, providerId: string, id: string) {
  const [row] = await db
    .select(meta)
    .from(p)
    .where(and(eq(p.id, id), eq(p.providerId, providerId)));
  return row;
}

/** The stored image of a provider's portfolio photo. */
export async function portfolioImage(db: Executor, providerId: string, id: string) {
  const [row] = await db
    .select({ id: p.id, contentType: p.contentType, data: p.data })
    .from(p)
    .where(and(eq(p.id, id), eq(p.providerId, providerId)));
  return row;
}

/** Locks the provider's row: the portfolio's count and positions change one request at a time. */
export async function lockProvider(db: Executor, providerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, providerId)).for('update');
}

export async function countPortfolio(db: Executor, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(eq(p.providerId, providerId));
  return Number(row?.n ?? 0);
}

export async function insertPortfolioPhoto(
  db: Executor,
  values: typeof p.$inferInsert,
): Promise<PortfolioMeta> {
  const [row] = await db.insert(p).values(values).returning(meta);
  if (!row) throw new Error('portfolio photo not inserted');
  return row;
}

export async function setCaption(db: Executor, providerId: string, id: string, caption: string) {
  await db
    .update(p)
    .set({ caption })
    .where(and(eq(p.id, id), eq(p.providerId, providerId)));
}

/** Moves a photo from `from` to `to`, shifting the ones between by one place. */
export async function movePhoto(db: Executor, providerId: string, id: string, from: number, to: number) {
  if (from === to) return;
  if (to < from) {
    await db
      .update(p)
      .set({ position: sql`${p.position} + 1` })
      .where(and(eq(p.providerId, providerId), gte(p.position, to), lt(p.position, from)));
  } else {
    await db
      .update(p)
      .set({ position: sql`${p.position} - 1` })
      .where(and(eq(p.providerId, providerId), gt(p.position, from), lte(p.position, to)));
  }
  await db
    .update(p)
    .set({ position: to })
    .where(and(eq(p.id, id), eq(p.providerId, providerId)));
}

/** Deletes a photo and closes up the positions after it; false when the provider has no such photo. */
export async function deletePhoto(db: Executor, providerId: string, id: string): Promise<boolean> {
  const [gone] = await db
    .delete(p)
    .where(and(eq(p.id, id), eq(p.providerId, providerId)))
    .returning({ position: p.position });
  if (!gone) return false;
  await db
    .update(p)
    .set({ position: sql`${p.position} - 1` })
    .where(and(eq(p.providerId, providerId), gt(p.position, gone.position)));
  return true;
}

/** Whether this job photo is already in the provider's portfolio (a copy: the same job and the same bytes). */
const inPortfolio = (providerId: string) => sql`exists (
  select 1 from ${p} pp
  where pp.provider_id = ${providerId} and pp.job_id = ${jobPhotos.jobId}
    and pp.byte_size = ${jobPhotos.byteSize} and pp.data = ${jobPhotos.data})`;

/**
 * A photo of one of the provider's own completed jobs, with the job's category and completion time; undefined for
 * anyone else's photo, a job not completed or an unknown id.
 */
export async function completedJobPhoto(db: Executor, providerId: string, photoId: string) {
  const [row] = await db
    .select({
      id: jobPhotos.id,
      jobId: jobPhotos.jobId,
      contentType: jobPhotos.contentType,
      width: jobPhotos.width,
      height: jobPhotos.height,
      byteSize: jobPhotos.byteSize,
      data: jobPhotos.data,
      category: estimates.category,
      completedAt: jobs.completedAt,
      inPortfolio: sql<boolean>`${inPortfolio(providerId)}`,
    })
    .from(jobPhotos)
    .innerJoin(jobs, eq(jobs.id, jobPhotos.jobId))
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .where(and(eq(jobPhotos.id, photoId), eq(jobs.providerId, providerId), eq(jobs.status, 'completed')));
  return row;
}

/** The photos of the provider's completed jobs not yet in their portfolio, newest job first. */
export async function offeredJobPhotos(db: Executor, providerId: string) {
  return db
    .select({
      id: jobPhotos.id,
      jobId: jobPhotos.jobId,
      category: estimates.category,
      completedAt: jobs.completedAt,
    })
    .from(jobPhotos)
    .innerJoin(jobs, eq(jobs.id, jobPhotos.jobId))
    .innerJoin(estimates, eq(estimates.id, jobs.estimateId))
    .where(
      and(eq(jobs.providerId, providerId), eq(jobs.status, 'completed'), sql`not ${inPortfolio(providerId)}`),
    )
    .orderBy(sql`${jobs.completedAt} desc nulls last`, asc(jobPhotos.createdAt), asc(jobPhotos.id))
    .limit(200);
}
