// Jobs (decision 0039): what a hire starts, its change orders and its timeline, as the two parties and admins
// read them. Dates the parties agree are calendar dates (YYYY-MM-DD) in the job's time zone.
import { z } from 'zod';
import { changeOrderStatuses, jobStatuses } from '../job-status.ts';
import { bidSchema } from './bid.schema.ts';
import { ymdSchema } from './common.ts';

export const JOB_LIMITS = {
  reasonMin: 10,
  reasonMax: 500,
  noteMax: 2000,
  labelMax: 120,
  maxPhotos: 10,
} as const;
/** Days a completion request waits for the customer before it confirms itself. */
export const JOB_AUTO_CONFIRM_DAYS = 7;
/** A cancellation this close to the confirmed start date (or after it) is late. */
export const JOB_LATE_CANCEL_HOURS = 48;
/** The job's conversation stays open this long after the job ends. */
export const JOB_CONVERSATION_DAYS_AFTER = 30;

export const jobStatusSchema = z.enum(jobStatuses);
export const changeOrderStatusSchema = z.enum(changeOrderStatuses);

const reason = z
  .string()
  .trim()
  .min(JOB_LIMITS.reasonMin, `Give a reason of at least ${JOB_LIMITS.reasonMin} characters`)
  .max(JOB_LIMITS.reasonMax, `At most ${JOB_LIMITS.reasonMax} characters`);

export const scheduleBodySchema = z.object({ date: ymdSchema });
export const reasonBodySchema = z.object({ reason });
export const completeBodySchema = z.object({ note: z.string().trim().max(JOB_LIMITS.noteMax).default('') });
export const changeOrderBodySchema = z.object({
  label: z.string().trim().min(1, 'Name the change').max(JOB_LIMITS.labelMax),
  /** Dollars, may be negative (a saving), at most two decimals, never zero. */
  amount: z
    .number({ message: 'Enter an amount in dollars' })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'Enter an amount other than $0')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals (cents)'),
  reason: z.string().trim().max(JOB_LIMITS.reasonMax).default(''),
});
/** The accept body: the price the customer confirms for a bid without a quote (dollars). */
export const acceptBodySchema = z.object({ price: z.number().gt(0).max(1_000_000).optional() }).default({});

export const jobPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string().nullable().optional(),
  /** The customer's street address and phone: only for the hired provider (and admins). */
  address: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
});

export const changeOrderSchema = z.object({
  id: z.string(),
  label: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: changeOrderStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const jobTimelineEntrySchema = z.object({
  at: z.string(),
  /** 'customer', 'provider', 'admin' or 'system'. */
  actor: z.string(),
  event: z.string(),
  detail: z.string(),
});

export const jobSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  estimateTitle: z.string(),
  status: jobStatusSchema,
  agreedPrice: z.number(),
  total: z.number(),
  /** The estimate's range, for comparison. */
  estimateMin: z.number(),
  estimateMax: z.number(),
  timeZone: z.string(),
  proposedDate: z.string().nullable(),
  /** 'customer' or 'provider': who proposed proposedDate. */
  proposedBy: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  completionNote: z.string().nullable(),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  cancelReason: z.string().nullable(),
  lateCancellation: z.boolean(),
  /** When an unanswered completion request confirms itself. */
  autoConfirmAt: z.string().nullable(),
  changeOrders: z.array(changeOrderSchema),
  timeline: z.array(jobTimelineEntrySchema),
  customer: jobPartySchema,
  provider: jobPartySchema,
  /** The viewer's side ('customer', 'provider' or 'admin') and the actions the state table allows them now. */
  viewerRole: z.enum(['customer', 'provider', 'admin']),
  allowedActions: z.array(z.string()),
  createdAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListItemSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  estimateTitle: z.string(),
  status: jobStatusSchema,
  total: z.number(),
  scheduledDate: z.string().nullable(),
  /** The other party's public name (company for a provider). */
  otherParty: z.string(),
  viewerRole: z.enum(['customer', 'provider']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;
export const jobListResponseSchema = z.object({ items: z.array(jobListItemSchema), total: z.number().int() });
export const jobResponseSchema = z.object({ message: z.string().optional(), job: jobSchema });

/** GET /api/jobs: my jobs (as customer or provider), newest first, filtered by status or estimate. */
export const jobListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** One state, or `open`: every state before the end (the dashboards' Active jobs). */
  status: z.union([jobStatusSchema, z.literal('open')]).optional(),
  estimateId: z.string().min(1).max(100).optional(),
});

/** POST /api/estimates/{id}/bids/{bidId}/accept: the accepted bid and the job the hire started. */
export const acceptResponseSchema = z.object({ message: z.string(), bid: bidSchema, jobId: z.string() });
