// The site_visits table (decision 0049) and what a visit reads of its estimate and parties.
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openSiteVisitStatuses, type SiteVisitStatus } from '#domain/site-visits';
import type { Executor } from '#server/db/client';
import { bids, estimates, siteVisits, users, type SiteVisitRow } from '#server/db/schema/index';

export type { SiteVisitRow };
export type NewSiteVisit = typeof siteVisits.$inferInsert;

/** A visit still open: proposed or booked (openSiteVisitStatuses). */
const isOpen = inArray(siteVisits.status, [...openSiteVisitStatuses]);

/**
 * Locks, for share, the owner's row and then the estimate's (the order an owner's status change takes them, so
 * the two never wait on each other in a circle): an unpost, a close or a deletion waits for the proposal and then
 * cancels it, or the proposal waits for them and finds the estimate no longer posted.
 */
export async function lockForProposal(db: Executor, estimateId: string): Promise<void> {
  const [e] = await db
    .select({ ownerId: estimates.ownerId })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  if (e) await db.select({ id: users.id }).from(users).where(eq(users.id, e.ownerId)).for('share');
}

/**
 * The estimate a bidder proposes a visit on (locked for share; none once deleted or its owner's account closed), with
 * whether `providerId` has a pending bid on it.
 */
export async function estimateForProposal(db: Executor, estimateId: string, providerId: string) {
  const [row] = await db
    .select({
      id: estimates.id,
      ownerId: estimates.ownerId,
      title: estimates.title,
      status: estimates.status,
      zipCode: estimates.zipCode,
      state: estimates.state,
      regionLabel: estimates.regionLabel,
      bidId: bids.id,
    })
    .from(estimates)
    .leftJoin(
      bids,
      and(eq(bids.estimateId, estimates.id), eq(bids.providerId, providerId), eq(bids.status, 'pending')),
    )
    .innerJoin(users, and(eq(users.id, estimates.ownerId), isNull(users.deletedAt)))
    .where(and(eq(estimates.id, estimateId), isNull(estimates.deletedAt)))
    .for('share', { of: estimates });
  return row && { ...row, hasBid: row.bidId !== null };
}

/** Inserts a visit; undefined when the provider already has an open one on the estimate. */
export async function insertVisit(db: Executor, values: NewSiteVisit): Promise<SiteVisitRow | undefined> {
  const [row] = await db
    .insert(siteVisits)
    .values(values)
    .onConflictDoNothing({
      target: [siteVisits.estimateId, siteVisits.providerId],
      where: sql`status in ('proposed', 'confirmed')`,
    })
    .returning();
  return row;
}

/** A visit locked for a change. */
export async function lockVisit(db: Executor, id: string): Promise<SiteVisitRow | undefined> {
  const [row] = await db.select().from(siteVisits).where(eq(siteVisits.id, id)).for('update');
  return row;
}

export async function findVisit(db: Executor, id: string): Promise<SiteVisitRow | undefined> {
  const [row] = await db.select().from(siteVisits).where(eq(siteVisits.id, id));
  return row;
}

export async function updateVisit(
  db: Executor,
  id: string,
  patch: Partial<NewSiteVisit>,
): Promise<SiteVisitRow | undefined> {
  const [row] = await db.update(siteVisits).set(patch).where(eq(siteVisits.id, id)).returning();
  return row;
}

/** The open visits on an estimate of every provider but `exceptProviderId`, locked (a hire cancels them). */
export async function lockOpenVisitsOfOthers(db: Executor, estimateId: string, exceptProviderId: string) {
  return db
    .select()
    .from(siteVisits)
    .where(and(eq(siteVisits.estimateId, estimateId), ne(siteVisits.providerId, exceptProviderId), isOpen))
    .orderBy(asc(siteVisits.id))
    .for('update');
}

/** The provider's open visit on an estimate, locked (a withdrawn bid cancels it). */
export async function lockOpenVisitOf(db: Executor, estimateId: string, providerId: string) {
  return db
    .select()
    .from(siteVisits)
    .where(and(eq(siteVisits.estimateId, estimateId), eq(siteVisits.providerId, providerId), isOpen))
    .for('update');
}

/** Every open visit on an estimate, locked (the estimate unposted, closed or deleted cancels them). */
export async function lockOpenVisitsOn(db: Executor, estimateId: string) {
  return db
    .select()
    .from(siteVisits)
    .where(and(eq(siteVisits.estimateId, estimateId), isOpen))
    .orderBy(asc(siteVisits.id))
    .for('update');
}

/** Every open visit of a user on either side, locked (their account closed cancels them). */
export async function lockOpenVisitsOfUser(db: Executor, userId: string) {
  return db
    .select()
    .from(siteVisits)
    .where(and(or(eq(siteVisits.customerId, userId), eq(siteVisits.providerId, userId)), isOpen))
    .orderBy(asc(siteVisits.id))
    .for('update');
}

/** What a visit shows of its estimate: title, place and (for the invite from 24 hours before) address. */
export async function estimatePlace(db: Executor, estimateId: string) {
  const [row] = await db
    .select({
      title: estimates.title,
      city: estimates.city,
      state: estimates.state,
      regionLabel: estimates.regionLabel,
      address: estimates.address,
      zipCode: estimates.zipCode,
    })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  return row;
}

/** The parties' names and addresses (open accounts only). */
export async function partiesOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      role: users.role,
    })
    .from(users)
    .where(and(inArray(users.id, [...ids]), sql`${users.deletedAt} is null`));
}

const customer = alias(users, 'c');
const provider = alias(users, 'p');

/** A visit with what its answer shows of the estimate and the parties. */
const listColumns = {
  visit: siteVisits,
  estimateTitle: estimates.title,
  city: estimates.city,
  state: estimates.state,
  regionLabel: estimates.regionLabel,
  customerFirst: customer.firstName,
  customerLast: customer.lastName,
  providerFirst: provider.firstName,
  providerLast: provider.lastName,
  providerCompany: provider.companyName,
};
export type SiteVisitListRow = {
  visit: SiteVisitRow;
  estimateTitle: string;
  city: string;
  state: string;
  regionLabel: string;
  customerFirst: string;
  customerLast: string;
  providerFirst: string;
  providerLast: string;
  providerCompany: string | null;
};

function listed(db: Executor) {
  return db
    .select(listColumns)
    .from(siteVisits)
    .innerJoin(estimates, eq(estimates.id, siteVisits.estimateId))
    .innerJoin(customer, eq(customer.id, siteVisits.customerId))
    .innerJoin(provider, eq(provider.id, siteVisits.providerId));
}

/** One visit as its answer shows it. */
export async function visitView(db: Executor, id: string): Promise<SiteVisitListRow | undefined> {
  const [row] = await listed(db).where(eq(siteVisits.id, id));
  return row;
}

/**
 * The visits of `userId` (either side), upcoming first (soonest first: not yet ended), then the past ones (latest
 * first); with the filters given. Each side's index serves its half of the condition.
 */
export async function listMine(
  db: Executor,
  userId: string,
  q: { page: number; pageSize: number; status?: SiteVisitStatus; estimateId?: string },
  now: Date,
): Promise<{ rows: SiteVisitListRow[]; total: number }> {
  const conditions: SQL[] = [or(eq(siteVisits.customerId, userId), eq(siteVisits.providerId, userId))!];
  if (q.status) conditions.push(eq(siteVisits.status, q.status));
  if (q.estimateId) conditions.push(eq(siteVisits.estimateId, q.estimateId));
  const where = and(...conditions);
  const nowIso = now.toISOString();
  const [rows, [total]] = await Promise.all([
    listed(db)
      .where(where)
      .orderBy(
        sql`(${siteVisits.endsAt} < ${nowIso}::timestamptz)`,
        sql`case when ${siteVisits.endsAt} >= ${nowIso}::timestamptz then ${siteVisits.startsAt} end asc`,
        desc(siteVisits.startsAt),
        desc(siteVisits.id),
      )
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(siteVisits).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
