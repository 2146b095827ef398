// Quotes (decision 0040): a provider prices the customer's own estimate line by line, adds extras, and says what
// the price leaves out, how long it holds and when the work can start. Amounts travel as dollars (at most two
// decimals) and are kept as integer cents; the total is always the server's sum, never the client's.
import { z } from 'zod';
import { ymdSchema } from './common.ts';

export const QUOTE_LIMITS = {
  maxExtras: 20,
  labelMax: 120,
  exclusionsMax: 1000,
  noteMax: 2000,
  maxAmount: 1_000_000,
  validDaysAhead: 90,
  startDaysAhead: 365,
  /** A line more than this percent above the estimate's own amount is flagged. */
  flagPercent: 20,
} as const;

export const QUOTE_MESSAGES = {
  saved: 'Quote saved',
  revised: 'Quote updated',
  notPending: 'Only a pending bid can be quoted.',
  expired: 'This quote has expired. Ask the provider for a new one.',
  withdrawn: 'Bid withdrawn',
  noPrice: 'No price yet',
  noQuote: 'This bid has no quote yet.',
  notQuoted: 'Not quoted',
} as const;

/** Dollars above 0 and at most 1,000,000, with at most two decimals. */
export const quoteAmountSchema = z
  .number({ message: 'Enter an amount in dollars' })
  .gt(0, 'Enter an amount above $0')
  .max(QUOTE_LIMITS.maxAmount, 'Enter at most $1,000,000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals (cents)');

/** PUT /api/bids/{bidId}/quote, and the optional body of POST /api/tasks/{id}/bid. `total` is ignored. */
export const quoteBodySchema = z.object({
  lines: z
    .array(z.object({ subtask: z.string().trim().min(1).max(200), amount: quoteAmountSchema }))
    .max(100)
    .default([]),
  extras: z
    .array(
      z.object({
        label: z.string().trim().min(1, 'Name the extra work').max(QUOTE_LIMITS.labelMax),
        amount: quoteAmountSchema,
      }),
    )
    .max(QUOTE_LIMITS.maxExtras, `At most ${QUOTE_LIMITS.maxExtras} extras`)
    .default([]),
  exclusions: z.string().trim().max(QUOTE_LIMITS.exclusionsMax).default(''),
  validUntil: ymdSchema,
  startFrom: ymdSchema.nullish(),
  startTo: ymdSchema.nullish(),
  note: z.string().trim().max(QUOTE_LIMITS.noteMax).default(''),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export const quotePositions = ['below', 'within', 'above'] as const;
export type QuotePosition = (typeof quotePositions)[number];

/** The quote as the provider who wrote it reads it back. */
export const ownQuoteSchema = z.object({
  id: z.string(),
  revision: z.number().int(),
  lines: z.array(z.object({ subtaskId: z.string(), subtask: z.string(), amount: z.number() })),
  extras: z.array(z.object({ label: z.string(), amount: z.number() })),
  exclusions: z.string(),
  validUntil: z.string(),
  startFrom: z.string().nullable(),
  startTo: z.string().nullable(),
  note: z.string(),
  total: z.number(),
  createdAt: z.string(),
  revisedAt: z.string().nullable(),
});
export type OwnQuote = z.infer<typeof ownQuoteSchema>;

/** PUT /api/bids/{bidId}/quote answer (200: revised, 201: first quote). */
export const saveQuoteResponseSchema = z.object({ message: z.string(), quote: ownQuoteSchema });

/**
 * A quote as the estimate's owner compares it: each estimate line (quoted or not) beside the estimate's own
 * amount, the extras, and the total against the estimate's range.
 */
export const comparedQuoteSchema = z.object({
  lines: z.array(
    z.object({
      subtask: z.string(),
      subtaskId: z.string(),
      /** null: the provider left this line out ("Not quoted"). */
      amount: z.number().nullable(),
      estimateAmount: z.number(),
      difference: z.number().nullable(),
      differencePercent: z.number().nullable(),
      flagged: z.boolean(),
    }),
  ),
  extras: z.array(z.object({ label: z.string(), amount: z.number() })),
  exclusions: z.string(),
  validUntil: z.string(),
  /** Past validUntil: it cannot be accepted. */
  expired: z.boolean(),
  startFrom: z.string().nullable(),
  startTo: z.string().nullable(),
  note: z.string(),
  total: z.number(),
  position: z.enum(quotePositions),
  /** How far below the range's low end or above its high end (0 within). */
  positionAmount: z.number(),
  revisedAt: z.string().nullable(),
});
export type ComparedQuote = z.infer<typeof comparedQuoteSchema>;
