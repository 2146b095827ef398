// Bids (decision 0019): a provider's bid on a posted estimate carries no amount
// (the customer's own priced range is the reference); the owner sees the bids and accepts one.
import { z } from 'zod';
import { providerPlanIds } from '../plans.ts';
import { comparedQuoteSchema, ownQuoteSchema } from './quote.schema.ts';
import { badgeSchema } from './pro-profile.schema.ts';
import { customerFactsSchema, providerRatingSummarySchema } from './review.schema.ts';

export const BID_MESSAGES = {
  placed: 'Bid placed successfully',
  placedDetail: 'You can now send a message to the customer.',
  notFound: 'Estimate not found',
  bidNotFound: 'Bid not found',
  notPosted: 'Only a posted estimate takes bids.',
  accepted: 'Bid accepted',
  notPending: 'This bid is no longer open.',
} as const;

export const bidStatusSchema = z.enum(['pending', 'accepted', 'declined', 'withdrawn']);

export const bidSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  providerId: z.string(),
  status: bidStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Bid = z.infer<typeof bidSchema>;

/**
 * POST /api/tasks/{id}/bid: 201 for a new bid (or a withdrawn one placed again), 200 with created false for a
 * repeat (idempotent). `quote`: the quote saved with it, when the call carried a quote body.
 */
export const placeBidResponseSchema = z.object({
  message: z.string(),
  created: z.boolean(),
  bid: bidSchema,
  quote: ownQuoteSchema.optional(),
});

/** DELETE /api/bids/{bidId}: the withdrawn bid. */
export const withdrawBidResponseSchema = z.object({ message: z.string(), bid: bidSchema });

/** GET /api/tasks/bids: which estimates the provider has bid on. */
export const taskBidsResponseSchema = z.object({
  items: z.array(
    z.object({ bidId: z.string(), estimateId: z.string(), status: bidStatusSchema, createdAt: z.string() }),
  ),
});

/** GET /api/bids/provider: the provider's bids with their estimates, newest first. */
export const providerBidsResponseSchema = z.object({
  items: z.array(
    bidSchema.extend({
      estimate: z.object({
        title: z.string(),
        category: z.string(),
        task: z.string(),
        status: z.string(),
        minBudget: z.number(),
        maxBudget: z.number(),
        customerName: z.string(),
        datePosted: z.string().nullable(),
        /** The customer's record (completed jobs, hires, late cancellations, rating from providers). */
        customerFacts: customerFactsSchema.optional(),
      }),
      /** The provider's latest quote on this bid; null without one. */
      quote: ownQuoteSchema.nullable(),
    }),
  ),
  total: z.number().int(),
});
export type ProviderBids = z.infer<typeof providerBidsResponseSchema>;

/** GET /api/estimates/{id}/bids: the owner's view, featured (deluxe and enterprise) first. */
export const estimateBidsResponseSchema = z.object({
  items: z.array(
    bidSchema.extend({
      featured: z.boolean(),
      provider: z.object({
        id: z.string(),
        name: z.string(),
        companyName: z.string().nullable(),
        /** The provider's public page, at its current address (decision 0046). */
        profilePath: z.string(),
        plan: z.enum(providerPlanIds),
        medianResponseSeconds: z.number().nullable(),
        /** Rating, count and price accuracy beside the name; bids in each featured group are ranked by rankingScore. */
        reputation: providerRatingSummarySchema.optional(),
        /** Verified, unexpired credentials (decision 0046); optional so older fakes still parse. */
        badges: z.array(badgeSchema).optional(),
      }),
      /** The latest quote compared with the estimate; null without one ("No price yet"). */
      quote: comparedQuoteSchema.nullable(),
    }),
  ),
});
export type EstimateBids = z.infer<typeof estimateBidsResponseSchema>;
