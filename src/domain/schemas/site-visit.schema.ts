// Site visits' requests and answers (decision 0049). The rules on slots that need the clock (in the future,
// within 60 days) are the domain's slotProblems, applied by the server; the shapes are here.
import { z } from 'zod';
import {
  SITE_VISIT_MAX_MINUTES,
  SITE_VISIT_MAX_SLOTS,
  SITE_VISIT_MESSAGES,
  SITE_VISIT_MIN_MINUTES,
  SITE_VISIT_NOTE_MAX,
  siteVisitStatuses,
} from '../site-visits.ts';

const slotSchema = z.object({
  start: z.iso.datetime({
    offset: true,
    message: 'Use an ISO 8601 date and time, e.g. 2026-12-02T14:00:00Z',
  }),
  minutes: z
    .number({ message: SITE_VISIT_MESSAGES.minutes })
    .int(SITE_VISIT_MESSAGES.minutes)
    .min(SITE_VISIT_MIN_MINUTES, SITE_VISIT_MESSAGES.minutes)
    .max(SITE_VISIT_MAX_MINUTES, SITE_VISIT_MESSAGES.minutes),
});

/** POST /api/estimates/{id}/site-visits. */
export const siteVisitProposalSchema = z.object({
  slots: z
    .array(slotSchema, { message: SITE_VISIT_MESSAGES.slotsCount })
    .min(1, SITE_VISIT_MESSAGES.slotsCount)
    .max(SITE_VISIT_MAX_SLOTS, SITE_VISIT_MESSAGES.slotsCount),
});
export type SiteVisitProposal = z.infer<typeof siteVisitProposalSchema>;

/** POST /api/site-visits/{id}/choose: the slot's index from 0. */
export const siteVisitChooseSchema = z.object({
  slot: z
    .number({ message: SITE_VISIT_MESSAGES.slot })
    .int(SITE_VISIT_MESSAGES.slot)
    .min(0, SITE_VISIT_MESSAGES.slot)
    .max(SITE_VISIT_MAX_SLOTS - 1, SITE_VISIT_MESSAGES.slot),
});

/** POST /api/site-visits/{id}/decline: the note is optional. */
export const siteVisitDeclineSchema = z.object({
  note: z.string().trim().max(SITE_VISIT_NOTE_MAX).optional().default(''),
});

/** POST /api/site-visits/{id}/cancel. */
export const siteVisitCancelSchema = z.object({
  reason: z
    .string({ message: SITE_VISIT_MESSAGES.reason })
    .trim()
    .min(1, SITE_VISIT_MESSAGES.reason)
    .max(SITE_VISIT_NOTE_MAX),
});

/** POST /api/site-visits/{id}/dispute. */
export const siteVisitDisputeSchema = z.object({
  note: z
    .string({ message: SITE_VISIT_MESSAGES.disputeNote })
    .trim()
    .min(1, SITE_VISIT_MESSAGES.disputeNote)
    .max(SITE_VISIT_NOTE_MAX),
});

/** GET /api/site-visits: the caller's, upcoming first (soonest first), then the past ones (latest first). */
export const siteVisitListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  status: z.enum(siteVisitStatuses).optional(),
  /** Only the visits of this estimate (its page and the provider's task card). */
  estimateId: z.uuid({ message: 'Not a valid estimate id' }).optional(),
});
export type SiteVisitListQuery = z.infer<typeof siteVisitListQuerySchema>;

const sideSchema = z.enum(['customer', 'provider']);

export const siteVisitSchema = z.object({
  id: z.string(),
  status: z.enum(siteVisitStatuses),
  estimateId: z.string(),
  estimateTitle: z.string(),
  /** The job's city ("Austin, TX"); the street address is never in the answer. */
  city: z.string(),
  /** The job's IANA time zone: every time is shown in it. */
  timeZone: z.string(),
  slots: z.array(z.object({ start: z.string(), minutes: z.number().int() })),
  /** The chosen slot's index, once confirmed. */
  chosenSlot: z.number().int().nullable(),
  /** The chosen slot's start and end (null until one is chosen). */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The caller's side of the visit. */
  side: sideSchema,
  customer: z.object({ id: z.string(), name: z.string() }),
  provider: z.object({ id: z.string(), name: z.string() }),
  /** The customer's note when declining. */
  declineNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Who cancelled: a party, or null for the system (another provider hired). */
  cancelledBy: sideSchema.nullable(),
  noShow: z
    .object({
      /** Who did not come. */
      party: sideSchema,
      recordedAt: z.string(),
      disputed: z.boolean(),
      disputeNote: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type SiteVisit = z.infer<typeof siteVisitSchema>;

export const siteVisitListSchema = z.object({
  items: z.array(siteVisitSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SiteVisitList = z.infer<typeof siteVisitListSchema>;
