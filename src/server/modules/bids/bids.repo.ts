// The bids table, and the few estimate columns a bid needs (read here, in one query, rather than through a
// second round trip): a bid's estimate, the provider's and the owner's lists (accepting one hires: the jobs module).
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PreparedQuote, StoredQuote } from '#domain/bid-quote';
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
      lineItems: estimates.lineItems,
      minCents: estimates.minCents,
      maxCents: estimates.maxCents,
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
        ownerId: estimates.ownerId,
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

/** The bids on one estimate (a withdrawn one left out) with each provider's name, company and plan columns (oldest first). */
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
    .where(and(eq(bids.estimateId, estimateId), ne(bids.status, 'withdrawn'), isNull(users.deletedAt)))
    .orderBy(bids.createdAt, bids.id)
    .limit(500);
}

// ---------------------------------------------------------------------------------------------------------
// Quotes and withdrawal (decision 0040)

/** The first revision's time beside each row: the quote's own creation (revisedAt is the latest's). */
const firstCreatedAt = sql<Date>`min(${bidQuotes.createdAt}) over (partition by ${bidQuotes.bidId})`.mapWith(
  bidQuotes.createdAt,
);

const asStored = (row: BidQuoteRow & { firstCreatedAt: Date }): StoredQuote => ({
  ...row,
  totalCents: Number(row.totalCents),
});

/** The latest quote of each of `bidIds` (one statement, whatever their number), by bid id. */
export async function latestQuotes(
  db: Executor,
  bidIds: readonly string[],
): Promise<Map<string, StoredQuote>> {
  if (bidIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([bidQuotes.bidId], {
      id: bidQuotes.id,
      bidId: bidQuotes.bidId,
      revision: bidQuotes.revision,
      lines: bidQuotes.lines,
      extras: bidQuotes.extras,
      exclusions: bidQuotes.exclusions,
      validUntil: bidQuotes.validUntil,
      startFrom: bidQuotes.startFrom,
      startTo: bidQuotes.startTo,
      note: bidQuotes.note,
      totalCents: bidQuotes.totalCents,
      createdAt: bidQuotes.createdAt,
      firstCreatedAt,
    })
    .from(bidQuotes)
    .where(inArray(bidQuotes.bidId, [...bidIds]))
    .orderBy(bidQuotes.bidId, desc(bidQuotes.revision));
  return new Map(rows.map((r) => [r.bidId, asStored(r)]));
}

const owner = alias(users, 'bid_estimate_owner');

/**
 * A bid with what its quote, its withdrawal and its PDF need: the estimate (null once deleted), the owner's first
 * name and city, the provider's name and company.
 */
export async function findBidWithEstimate(db: Executor, bidId: string) {
  const [row] = await db
    .select({
      bid: bids,
      estimate: {
        id: estimates.id,
        ownerId: estimates.ownerId,
        status: estimates.status,
        title: estimates.title,
        lineItems: estimates.lineItems,
        minCents: estimates.minCents,
        maxCents: estimates.maxCents,
        city: estimates.city,
        state: estimates.state,
      },
      ownerFirstName: owner.firstName,
      ownerCity: owner.city,
      providerFirstName: users.firstName,
      providerLastName: users.lastName,
      providerCompany: users.companyName,
    })
    .from(bids)
    .innerJoin(estimates, and(eq(estimates.id, bids.estimateId), isNull(estimates.deletedAt)))
    .innerJoin(owner, eq(owner.id, estimates.ownerId))
    .innerJoin(users, eq(users.id, bids.providerId))
    .where(eq(bids.id, bidId))
    .limit(1);
  return row ?? null;
}

/**
 * Locks a bid for a change, after its estimate (the order accepting a bid takes, so the two wait for each other
 * rather than deadlock): the estimate shared (a quote or a withdrawal does not change it, and an accept waits for
 * them), the bid for update. Null when either is gone.
 */
export async function lockBid(db: Executor, bidId: string) {
  const [ref] = await db.select({ estimateId: bids.estimateId }).from(bids).where(eq(bids.id, bidId));
  if (!ref) return null;
  const [estimate] = await db
    .select({ status: estimates.status, lineItems: estimates.lineItems })
    .from(estimates)
    .where(and(eq(estimates.id, ref.estimateId), isNull(estimates.deletedAt)))
    .for('share');
  if (!estimate) return null;
  const [bid] = await db.select().from(bids).where(eq(bids.id, bidId)).for('update');
  return bid ? { bid, estimate } : null;
}

/** The estimate, shared-locked for placing a bid on it (an accept waits for the placing to commit). */
export async function lockEstimateForBid(db: Executor, estimateId: string) {
  const [row] = await db
    .select({ status: estimates.status, lineItems: estimates.lineItems })
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), isNull(estimates.deletedAt)))
    .for('share');
  return row ?? null;
}

/** Stores the next revision of the bid's quote (1 for its first); the caller holds the bid's lock. */
export async function insertQuoteRevision(
  db: Executor,
  bidId: string,
  quote: PreparedQuote,
  at: Date,
): Promise<StoredQuote> {
  const [last] = await db
    .select({ revision: bidQuotes.revision, createdAt: bidQuotes.createdAt })
    .from(bidQuotes)
    .where(eq(bidQuotes.bidId, bidId))
    .orderBy(desc(bidQuotes.revision))
    .limit(1);
  const [first] = last
    ? await db
        .select({ createdAt: bidQuotes.createdAt })
        .from(bidQuotes)
        .where(and(eq(bidQuotes.bidId, bidId), eq(bidQuotes.revision, 1)))
    : [];
  const [row] = await db
    .insert(bidQuotes)
    .values({ bidId, revision: (last?.revision ?? 0) + 1, ...quote, createdAt: at })
    .returning();
  if (!row) throw new Error('quote not inserted');
  return asStored({ ...row, firstCreatedAt: first?.createdAt ?? row.createdAt });
}

/** A withdrawn bid placed again: pending once more, as a bid placed now. Null when it was not withdrawn. */
export async function reviveBid(db: Executor, bidId: string, at: Date): Promise<BidRow | null> {
  const [row] = await db
    .update(bids)
    .set({ status: 'pending', decidedAt: null, createdAt: at })
    .where(and(eq(bids.id, bidId), eq(bids.status, 'withdrawn')))
    .returning();
  return row ?? null;
}

/** The provider withdraws the bid (the caller holds its lock and saw it pending). */
export async function withdrawBid(db: Executor, bidId: string, at: Date): Promise<BidRow> {
  const [row] = await db
    .update(bids)
    .set({ status: 'withdrawn', decidedAt: at })
    .where(eq(bids.id, bidId))
    .returning();
  if (!row) throw new Error('bid not withdrawn');
  return row;
}

/** The bid's status and latest quote's id, for the quote's expiry. */
export async function bidStatusAndLatestQuote(db: Executor, bidId: string) {
  const [bid] = await db
    .select({ status: bids.status, estimateId: bids.estimateId, providerId: bids.providerId })
    .from(bids)
    .where(eq(bids.id, bidId));
  if (!bid) return null;
  const latest = await latestQuoteOf(db, bidId);
  return { ...bid, latest };
}
