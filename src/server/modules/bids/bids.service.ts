// Bids (decision 0019). A provider bids once on a posted estimate they may
// access (the domain's canAccess, the same rule as messaging); a repeat answers the existing bid. The owner
// reads the bids (featured plans first, each provider's median first-response time) and accepts one.
// Quotes (decision 0040): the bidding provider prices the estimate line by line while the bid is pending, every
// revision kept; the owner compares the latest with the estimate; the provider may withdraw a pending bid and bid
// again later; a quote's expiry is scheduled work.
import {
  compareQuote,
  isQuoteExpired,
  ownQuote,
  prepareQuote,
  quoteExpiresAt,
  type EstimateLineRef,
} from '#domain/bid-quote';
import { iso, utcToday } from '#domain/dates';
import { fullName, publicName } from '#domain/format';
import { BID_MESSAGES, type Bid } from '#domain/schemas/bid.schema';
import { QUOTE_MESSAGES, type QuoteBody } from '#domain/schemas/quote.schema';
import { canAccess, effectiveProviderPlan, isFeaturedPlan } from '#domain/plans';
import { proPath, proSlug } from '#domain/profiles';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { AppError, forbidden, notFound } from '#server/errors';
import { rankingScore } from '#domain/reputation';
import {
  activeBadgesFor,
  customerFactsOf,
  medianFirstResponseSeconds,
  providerRatingSummaries,
} from '#server/modules/read-model';
import { providerAccessSubject, type UserRow } from '#server/modules/users';
import * as repo from './bids.repo.ts';
import { quoteFileName, renderQuotePdf } from './quote-pdf.ts';
import { isUuid } from '#domain/ids';

const cents = (c: number) => c / 100;

/** A bid as every answer gives it. */
export function toBid(b: repo.BidRow): Bid {
  return {
    id: b.id,
    estimateId: b.estimateId,
    providerId: b.providerId,
    status: b.status,
    createdAt: b.createdAt.toISOString(),
    decidedAt: iso(b.decidedAt),
  };
}

/** A 400 naming each field (the first message is the error's). */
function invalid(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid quote', fields);
}

const bidNotFound = () => notFound(BID_MESSAGES.bidNotFound);

export function createBidsService(ctx: Pick<AppContext, 'db' | 'now' | 'events' | 'work'>) {
  const { db, now, events, work } = ctx;

  /**
   * Stores the bid's next quote revision from `body`, checked against the estimate's lines and today, schedules its
   * expiry and publishes quoteSaved. The caller holds the bid's lock and saw it pending on a posted estimate.
   */
  async function saveRevision(
    tx: Executor,
    bid: repo.BidRow,
    lineItems: readonly EstimateLineRef[],
    body: QuoteBody,
    t: Date,
    newBid = false,
  ) {
    const prepared = prepareQuote(body, lineItems, utcToday(t));
    if (!prepared.ok) throw invalid(prepared.fields);
    const quote = await repo.insertQuoteRevision(tx, bid.id, prepared.value, t);
    await work.schedule(
      tx,
      'quoteExpiry',
      { bidId: bid.id, quoteId: quote.id },
      { dueAt: quoteExpiresAt(quote.validUntil), key: `quoteExpiry:${quote.id}` },
    );
    await events.publish(tx, 'quoteSaved', {
      bidId: bid.id,
      estimateId: bid.estimateId,
      providerId: bid.providerId,
      revision: quote.revision,
      newBid,
      at: t,
    });
    return quote;
  }

  /** The caller's own bid, locked (after its estimate); anyone else's, or an unknown one, is a 404. */
  async function lockOwnBid(tx: Executor, providerId: string, bidId: string) {
    const locked = await repo.lockBid(tx, bidId);
    if (!locked || locked.bid.providerId !== providerId) throw bidNotFound();
    return locked;
  }

  return {
    /**
     * Places the provider's bid, and with a quote body its quote in the same transaction. A repeat answers the
     * existing bid (200); with a quote body on a pending bid it saves the quote's next revision. A withdrawn bid
     * placed again is pending once more, as a bid placed now (201).
     */
    async place(provider: UserRow, estimateId: string, body?: QuoteBody | null) {
      if (!isUuid(estimateId)) throw notFound(BID_MESSAGES.notFound);
      const estimate = await repo.findEstimateForBid(db, estimateId);
      if (!estimate || estimate.status !== 'posted' || estimate.ownerDeletedAt) {
        throw notFound(BID_MESSAGES.notFound);
      }
      const t = now();
      const access = canAccess(providerAccessSubject(provider), estimate.category, null, t);
      if (!access.allowed) throw forbidden(access.message);
      const { bid, created, quote } = await events.transaction(async (tx) => {
        const placed = await repo.insertBid(tx, estimateId, provider.id, t);
        let { bid, created } = placed;
        if (!created && bid.status === 'withdrawn') {
          const revived = await repo.reviveBid(tx, bid.id, t);
          if (revived) [bid, created] = [revived, true];
        }
        if (created) {
          await events.publish(tx, 'bidPlaced', {
            bidId: bid.id,
            estimateId,
            providerId: provider.id,
            withQuote: !!body,
            at: t,
          });
        }
        if (!body) return { bid, created, quote: null };
        const locked = await lockOwnBid(tx, provider.id, bid.id);
        if (locked.estimate.status !== 'posted') throw notFound(BID_MESSAGES.notFound);
        if (locked.bid.status !== 'pending') throw new AppError('CONFLICT', QUOTE_MESSAGES.notPending);
        return {
          bid,
          created,
          quote: await saveRevision(tx, locked.bid, locked.estimate.lineItems, body, t, created),
        };
      });
      return {
        message: BID_MESSAGES.placed,
        created,
        bid: toBid(bid),
        ...(quote ? { quote: ownQuote(quote) } : {}),
      };
    },

    /** PUT /api/bids/{bidId}/quote: the first quote (created) or its next revision. */
    async saveQuote(provider: { id: string }, bidId: string, body: QuoteBody) {
      if (!isUuid(bidId)) throw bidNotFound();
      const t = now();
      const quote = await events.transaction(async (tx) => {
        const { bid, estimate } = await lockOwnBid(tx, provider.id, bidId);
        if (bid.status !== 'pending') throw new AppError('CONFLICT', QUOTE_MESSAGES.notPending);
        if (estimate.status !== 'posted') throw new AppError('CONFLICT', BID_MESSAGES.notPosted);
        return saveRevision(tx, bid, estimate.lineItems, body, t);
      });
      const created = quote.revision === 1;
      return {
        created,
        message: created ? QUOTE_MESSAGES.saved : QUOTE_MESSAGES.revised,
        quote: ownQuote(quote),
      };
    },

    /** DELETE /api/bids/{bidId}: the provider withdraws a pending bid. */
    async withdraw(provider: { id: string }, bidId: string) {
      if (!isUuid(bidId)) throw bidNotFound();
      const t = now();
      const bid = await events.transaction(async (tx) => {
        const locked = await lockOwnBid(tx, provider.id, bidId);
        if (locked.bid.status !== 'pending') throw new AppError('CONFLICT', BID_MESSAGES.notPending);
        const withdrawn = await repo.withdrawBid(tx, bidId, t);
        await events.publish(tx, 'bidWithdrawn', {
          bidId,
          estimateId: withdrawn.estimateId,
          providerId: withdrawn.providerId,
          at: t,
        });
        return withdrawn;
      });
      return { message: QUOTE_MESSAGES.withdrawn, bid: toBid(bid) };
    },

    /**
     * GET /api/bids/{bidId}/quote.pdf: the latest quote as a document, for the bidding provider, the estimate's
     * owner (while the bid is not withdrawn) and admins; anyone else 404, as a bid without a quote.
     */
    async quotePdf(viewer: { id: string; role: string }, bidId: string) {
      if (!isUuid(bidId)) throw bidNotFound();
      const row = await repo.findBidWithEstimate(db, bidId);
      const allowed =
        row &&
        (row.bid.providerId === viewer.id ||
          (row.estimate.ownerId === viewer.id && row.bid.status !== 'withdrawn') ||
          viewer.role === 'admin');
      if (!row || !allowed) throw bidNotFound();
      const quote = (await repo.latestQuotes(db, [bidId])).get(bidId);
      if (!quote) throw notFound(QUOTE_MESSAGES.noQuote);
      const t = now();
      const { estimate } = row;
      const pdf = await renderQuotePdf({
        providerName:
          row.providerCompany?.trim() || `${row.providerFirstName} ${row.providerLastName}`.trim(),
        customerFirstName: row.ownerFirstName,
        customerCity: [estimate.city || row.ownerCity || '', estimate.state].filter(Boolean).join(', '),
        estimateTitle: estimate.title,
        revision: quote.revision,
        quote: compareQuote(quote, estimate, utcToday(t)),
        range: { min: cents(estimate.minCents), max: cents(estimate.maxCents) },
        at: t,
      });
      return { pdf, fileName: quoteFileName(estimate.title, quote.revision) };
    },

    /**
     * A quote reached the end of its validUntil day: quoteExpired, when its bid is still pending and it is still
     * the bid's latest quote (a revision schedules its own). Before that day ends (another instance's clock) it
     * fails, to be tried again later.
     */
    async expireQuote(payload: { bidId: string; quoteId: string }) {
      const t = now();
      await events.transaction(async (tx) => {
        const found = await repo.bidStatusAndLatestQuote(tx, payload.bidId);
        if (!found || found.status !== 'pending' || found.latest?.id !== payload.quoteId) return;
        if (!isQuoteExpired(found.latest.validUntil, utcToday(t))) {
          throw new Error('quote not expired yet');
        }
        await events.publish(tx, 'quoteExpired', {
          bidId: payload.bidId,
          estimateId: found.estimateId,
          providerId: found.providerId,
          at: t,
        });
      });
    },

    async taskBids(providerId: string) {
      const rows = await repo.taskBids(db, providerId, 1000);
      return {
        items: rows.map((r) => ({
          bidId: r.bidId,
          estimateId: r.estimateId,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async providerBids(providerId: string, page: number, pageSize: number) {
      const { rows, total } = await repo.providerBids(db, providerId, pageSize, (page - 1) * pageSize);
      const [quotes, facts] = await Promise.all([
        repo.latestQuotes(
          db,
          rows.map((r) => r.bid.id),
        ),
        customerFactsOf(
          db,
          rows.map((r) => r.ownerId),
          now(),
        ),
      ]);
      return {
        total,
        items: rows.map((r) => ({
          ...toBid(r.bid),
          estimate: {
            title: r.title,
            category: r.category,
            task: r.task,
            status: r.status,
            minBudget: cents(r.minCents),
            maxBudget: cents(r.maxCents),
            customerName: publicName(r.ownerFirstName, r.ownerLastName),
            datePosted: iso(r.postedAt),
            ...(facts.has(r.ownerId) ? { customerFacts: facts.get(r.ownerId)! } : {}),
          },
          quote: quotes.has(r.bid.id) ? ownQuote(quotes.get(r.bid.id)!) : null,
        })),
      };
    },

    /**
     * The owner's (or an admin's) view of an estimate's bids: featured plans first, each group by the published
     * ranking score (decision 0044; no plan enters it), ties in bid order (oldest first).
     */
    async estimateBids(viewer: { id: string; role: string }, estimateId: string) {
      if (!isUuid(estimateId)) throw notFound(BID_MESSAGES.notFound);
      const estimate = await repo.findEstimateForBid(db, estimateId);
      if (!estimate || (estimate.ownerId !== viewer.id && viewer.role !== 'admin')) {
        throw notFound(BID_MESSAGES.notFound);
      }
      const rows = await repo.estimateBids(db, estimateId);
      const t = now();
      const providerIds = [...new Set(rows.map((r) => r.bid.providerId))];
      const today = utcToday(t);
      const [times, quotes, reputations, badges] = await Promise.all([
        medianFirstResponseSeconds(db, providerIds),
        repo.latestQuotes(
          db,
          rows.map((r) => r.bid.id),
        ),
        providerRatingSummaries(db, providerIds, t),
        // Verified credentials, lapsing by the date (decision 0046).
        activeBadgesFor(db, providerIds, today),
      ]);
      const items = rows.map((r) => {
        const plan = effectiveProviderPlan(r, t);
        const rep = reputations.get(r.bid.providerId);
        return {
          score: rep ? rankingScore(rep.distribution) : rankingScore([0, 0, 0, 0, 0]),
          ...toBid(r.bid),
          featured: isFeaturedPlan(plan),
          provider: {
            id: r.bid.providerId,
            name: fullName(r),
            companyName: r.companyName,
            profilePath: proPath(r.bid.providerId, proSlug(r)),
            plan,
            medianResponseSeconds: times.get(r.bid.providerId) ?? null,
            badges: badges.get(r.bid.providerId) ?? [],
            ...(rep
              ? {
                  reputation: {
                    rating: rep.rating,
                    count: rep.count,
                    priceAccuracy: rep.priceAccuracy,
                    completedJobs: rep.completedJobs,
                  },
                }
              : {}),
          },
          quote: quotes.has(r.bid.id) ? compareQuote(quotes.get(r.bid.id)!, estimate, today) : null,
        };
      });
      // Featured listing (the deluxe plan's feature): featured bids first; within each group the ranking score,
      // highest first (a stable sort keeps bid order between equal scores).
      items.sort(
        (a, b) =>
          Number(b.featured) - Number(a.featured) ||
          (Math.abs(b.score - a.score) > 1e-9 ? b.score - a.score : 0),
      );
      return { items: items.map(({ score: _score, ...item }) => item) };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
