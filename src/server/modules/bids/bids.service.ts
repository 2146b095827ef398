// Bids (decision 0019). A provider bids once on a posted estimate they may
// access (the domain's canAccess, the same rule as messaging); a repeat answers the existing bid. The owner
// reads the bids (featured plans first, each provider's median first-response time) and accepts one.
import { iso } from '#domain/dates';
import { publicName } from '#domain/format';
import { BID_MESSAGES, type Bid } from '#domain/schemas/bid.schema';
import { canAccess, effectiveProviderPlan, isFeaturedPlan } from '#domain/plans';
import type { AppContext } from '#server/context';
import { forbidden, notFound } from '#server/errors';
import { medianFirstResponseSeconds } from '#server/modules/read-model';
import { providerAccessSubject, type UserRow } from '#server/modules/users';
import * as repo from './bids.repo.ts';
import { isUuid } from '#domain/ids';

const cents = (c: number) => c / 100;

function toBid(b: repo.BidRow): Bid {
  return {
    id: b.id,
    estimateId: b.estimateId,
    providerId: b.providerId,
    status: b.status,
    createdAt: b.createdAt.toISOString(),
    decidedAt: iso(b.decidedAt),
  };
}

export function createBidsService(ctx: Pick<AppContext, 'db' | 'now' | 'events'>) {
  const { db, now, events } = ctx;

  return {
    async place(provider: UserRow, estimateId: string) {
      if (!isUuid(estimateId)) throw notFound(BID_MESSAGES.notFound);
      const estimate = await repo.findEstimateForBid(db, estimateId);
      if (!estimate || estimate.status !== 'posted' || estimate.ownerDeletedAt) {
        throw notFound(BID_MESSAGES.notFound);
      }
      const t = now();
      const access = canAccess(providerAccessSubject(provider), estimate.category, null, t);
      if (!access.allowed) throw forbidden(access.message);
      const { bid, created } = await events.transaction(async (tx) => {
        const placed = await repo.insertBid(tx, estimateId, provider.id, t);
        if (placed.created) {
          await events.publish(tx, 'bidPlaced', {
            bidId: placed.bid.id,
            estimateId,
            providerId: provider.id,
            at: t,
          });
        }
        return placed;
      });
      return { message: BID_MESSAGES.placed, created, bid: toBid(bid) };
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
          },
          quote: null,
        })),
      };
    },

    /** The owner's (or an admin's) view of an estimate's bids: featured plans first, then oldest first. */
    async estimateBids(viewer: { id: string; role: string }, estimateId: string) {
      if (!isUuid(estimateId)) throw notFound(BID_MESSAGES.notFound);
      const estimate = await repo.findEstimateForBid(db, estimateId);
      if (!estimate || (estimate.ownerId !== viewer.id && viewer.role !== 'admin')) {
        throw notFound(BID_MESSAGES.notFound);
      }
      const rows = await repo.estimateBids(db, estimateId);
      const times = await medianFirstResponseSeconds(db, [...new Set(rows.map((r) => r.bid.providerId))]);
      const t = now();
      const items = rows.map((r) => {
        const plan = effectiveProviderPlan(r, t);
        return {
          ...toBid(r.bid),
          featured: isFeaturedPlan(plan),
          provider: {
            id: r.bid.providerId,
            name: `${r.firstName} ${r.lastName}`.trim(),
            companyName: r.companyName,
            plan,
            medianResponseSeconds: times.get(r.bid.providerId) ?? null,
          },
          quote: null,
        };
      });
      // Featured listing (the deluxe plan's feature): featured bids first, each group in bid order.
      items.sort((a, b) => Number(b.featured) - Number(a.featured));
      return { items };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
