// The bids table, and the few estimate columns a bid needs (read here, in one query, rather than through a
// second round trip): a bid's estimate, the provider's and the owner's lists, and accepting one bid.
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { EstimateStatus } from '#domain/catalog/categories';
import type { Executor } from '#server/db/client';
import { bidQuotes, bids, estimates, users, type BidQuoteRow, type BidRow } from '#server/db/schema/index';

export type { BidQuoteRow, BidRow };

/** The bid's latest quote (its highest revision), or null without one. */
export async function latestQuoteOf(db: Executor, bidId: string): Promise<BidQuoteRow | null> {
  const [row] = await db
    .select()
    .from(bidQuotes)
    .where(eq(bidQuotes.bidId, bidId))
    .orderBy(desc(bidQuotes.revision))
    .limit(1);
  return row ?? null;
}

/** A live estimate as a bid sees it, with whether its owner's account is open. */
export async function findEstimateForBid(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: estimates.id,
      ownerId: estimates.ownerId,
      status: estimates.status,
      category: estimates.category,
      ownerDeletedAt: users.deletedAt,
    })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.ownerId))
    .where(and(eq(estimates.id, id), isNull(estimates.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Inserts the provider's bid once; a repeat (also in parallel) returns the existing one with created false. */
export async function insertBid(
  db: Executor,
  estimateId: string,
  providerId: string,
  at: Date,
): Promise<{ bid: BidRow; created: boolean }> {
  const [inserted] = await db
    .insert(bids)
    .values({ estimateId, providerId, createdAt: at })
    .onConflictDoNothing({ target: [bids.estimateId, bids.providerId] })
    .returning();
  if (inserted) return { bid: inserted, created: true };
  const [existing] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.estimateId, estimateId), eq(bids.providerId, providerId)));
  if (!existing) throw new Error('bid neither inserted nor found');
  return { bid: existing, created: false };
}

/** The estimates the provider has bid on, newest first (at most `limit`). */
export function taskBids(db: Executor, providerId: string, limit: number) {
  return db
    .select({ bidId: bids.id, estimateId: bids.estimateId, status: bids.status, createdAt: bids.createdAt })
    .from(bids)
    .where(eq(bids.providerId, providerId))
    .orderBy(desc(bids.createdAt))
    .limit(limit);
}

/** A page of the provider's bids with their estimates and owners' names, and the total. */
export async function providerBids(db: Executor, providerId: string, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        bid: bids,
        title: estimates.title,
        category: estimates.category,
        task: estimates.taskName,
        status: estimates.status,
        minCents: estimates.minCents,
        maxCents: estimates.maxCents,
        postedAt: estimates.postedAt,
        ownerFirstName: users.firstName,
        ownerLastName: users.lastName,
      })
      .from(bids)
      .innerJoin(estimates, eq(estimates.id, bids.estimateId))
      .innerJoin(users, eq(users.id, estimates.ownerId))
      .where(eq(bids.providerId, providerId))
      .orderBy(desc(bids.createdAt), desc(bids.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(bids).where(eq(bids.providerId, providerId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The bids on one estimate with each provider's name, company and plan columns (oldest first). */
export function estimateBids(db: Executor, estimateId: string) {
  return db
    .select({
      bid: bids,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      subscriptionPlan: users.subscriptionPlan,
      trialEndDate: users.trialEndDate,
      hasUsedTrial: users.hasUsedTrial,
      subscriptionExpiryDate: users.subscriptionExpiryDate,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
    .where(and(eq(bids.estimateId, estimateId), isNull(users.deletedAt)))
    .orderBy(bids.createdAt, bids.id)
    .limit(500);
}

/**
 * Accepts one pending bid of the owner's estimate, declines the other pending ones and moves the estimate to the
 * status `next` gives for its current one (null: the estimate's status does not allow it), all under the
 * estimate's row lock. Returns what stopped it, or the accepted bid.
 */
export async function acceptBid(
  db: Executor,
  estimateId: string,
  ownerId: string,
  bidId: string,
  at: Date,
  next: (status: EstimateStatus) => EstimateStatus | null,
): Promise<'no-estimate' | 'not-allowed' | 'no-bid' | 'not-pending' | (BidRow & { estimateTitle: string })> {
  const [estimate] = await db
    .select({ status: estimates.status, title: estimates.title })
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), eq(estimates.ownerId, ownerId), isNull(estimates.deletedAt)))
    .for('update');
  if (!estimate) return 'no-estimate';
  const [bid] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.estimateId, estimateId)));
  if (!bid) return 'no-bid';
  if (bid.status !== 'pending') return 'not-pending';
  const to = next(estimate.status);
  if (!to) return 'not-allowed';
  const [accepted] = await db
    .update(bids)
    .set({ status: 'accepted', decidedAt: at })
    .where(eq(bids.id, bidId))
    .returning();
  await db
    .update(bids)
    .set({ status: 'declined', decidedAt: at })
    .where(and(eq(bids.estimateId, estimateId), ne(bids.id, bidId), eq(bids.status, 'pending')));
  await db.update(estimates).set({ status: to, updatedAt: at }).where(eq(estimates.id, estimateId));
  return { ...accepted!, estimateTitle: estimate.title };
}
