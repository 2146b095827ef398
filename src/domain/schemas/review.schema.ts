// What a review request carries: the rating and the sub-ratings of the reviewed side beside it, the
// text; a public answer; a report; a moderator's reason. Which sub-ratings a review needs depends on who writes
// it (missingSubRatings), which the server knows from the job, not from the body.
import { z } from 'zod';
import {
  customerSubRatings,
  providerSubRatings,
  RESPONSE_TEXT_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  reviewHideReasons,
  reviewModerationStates,
  reviewRemoveReasons,
  reviewReportReasons,
  subRatingsBy,
  type ReviewSide,
} from '../reviews.ts';

const stars = (name: string) =>
  z
    .number({ message: `${name} must be a whole number from 1 to 5` })
    .int(`${name} must be a whole number from 1 to 5`)
    .min(1, `${name} must be a whole number from 1 to 5`)
    .max(5, `${name} must be a whole number from 1 to 5`);

const subRatingFields = Object.fromEntries(
  [...providerSubRatings, ...customerSubRatings].map((k) => [k, stars(k).optional()]),
) as Record<
  (typeof providerSubRatings)[number] | (typeof customerSubRatings)[number],
  z.ZodOptional<z.ZodNumber>
>;

/** POST /api/jobs/{id}/reviews, and the author's edit before publication. */
export const reviewBodySchema = z.object({
  rating: stars('rating'),
  ...subRatingFields,
  text: z
    .string({ message: 'Write a few words about the job' })
    .trim()
    .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters`)
    .max(REVIEW_TEXT_MAX, `At most ${REVIEW_TEXT_MAX} characters`),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** The sub-ratings a review by `author` must carry and does not (field errors), or those it must not carry. */
export function subRatingProblems(author: ReviewSide, body: ReviewBody): Record<string, string> {
  const needed = subRatingsBy(author);
  const problems: Record<string, string> = {};
  for (const k of [...providerSubRatings, ...customerSubRatings]) {
    const given = body[k] !== undefined;
    if (needed.includes(k) && !given) problems[k] = `Rate ${k} from 1 to 5`;
    if (!needed.includes(k) && given) problems[k] = `Not a rating of this review`;
  }
  return problems;
}

/** POST and PUT /api/reviews/{id}/response. */
export const reviewResponseSchema = z.object({
  text: z
    .string({ message: 'Write your answer' })
    .trim()
    .min(1, 'Write your answer')
    .max(RESPONSE_TEXT_MAX, `At most ${RESPONSE_TEXT_MAX} characters`),
});

/** POST /api/reviews/{id}/report. */
export const reviewReportSchema = z.object({
  reason: z.enum(reviewReportReasons, { message: `Choose one of: ${reviewReportReasons.join(', ')}` }),
  note: z.string().trim().max(1000, 'At most 1000 characters').default(''),
});

/** POST /api/admin/reviews/{id}/hide. */
export const reviewHideSchema = z.object({
  reason: z.enum(reviewHideReasons, { message: `Choose one of: ${reviewHideReasons.join(', ')}` }),
});

/** POST /api/admin/reviews/{id}/remove: only a review found fake or a conflict of interest leaves the reputation. */
export const reviewRemoveSchema = z.object({
  reason: z.enum(reviewRemoveReasons, { message: `Choose one of: ${reviewRemoveReasons.join(', ')}` }),
});

// ---- What the server answers (decision 0044). Money in dollars, dates as ISO strings. ----

export const reviewSideSchema = z.enum(['customer', 'provider']);

/** What was estimated, agreed and paid, beside a published review. */
export const priceFactsSchema = z.object({
  /** The estimate's range when the job was hired. */
  estimateMin: z.number(),
  estimateMax: z.number(),
  agreed: z.number(),
  /** The agreed price with the approved change orders. */
  final: z.number(),
  approvedChangeOrders: z.number().int(),
  /** priceFactsSentence: "Finished at the agreed price", "12 % above the agreed price, with 2 approved change orders". */
  sentence: z.string(),
});

/** The reviewed party's public answer. */
export const reviewAnswerSchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The answer may be edited until then (RESPONSE_EDIT_HOURS after it was first written). */
  editableUntil: z.string(),
});

/** A published review as anyone allowed to read it sees it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  /** Who wrote it: 'customer' is a customer's review of their provider, 'provider' a provider's of their customer. */
  authorSide: reviewSideSchema,
  /** "Dana K.", or "Former customer" / "Former pro" for a closed account. */
  authorName: z.string(),
  subjectId: z.string(),
  rating: z.number().int(),
  /** The side's sub-ratings by name (quality, communication ... or clarity, responsiveness, fairness). */
  subRatings: z.record(z.string(), z.number().int()),
  /** The text, or "Removed by a moderator: {reason}" when hidden. */
  text: z.string(),
  hidden: z.boolean(),
  category: z.string(),
  city: z.string().nullable(),
  /** The month the job was completed, YYYY-MM. */
  completedMonth: z.string(),
  priceFacts: priceFactsSchema,
  publishedAt: z.string(),
  response: reviewAnswerSchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The caller's own review of a job, published or not. */
export const ownReviewSchema = z.object({
  id: z.string(),
  authorSide: reviewSideSchema,
  rating: z.number().int(),
  subRatings: z.record(z.string(), z.number().int()),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  published: z.boolean(),
});

/** GET /api/jobs/{id}/reviews (also what writing or editing a review answers). */
export const jobReviewsResponseSchema = z.object({
  /** The caller's side of the job; null for an admin reading it. */
  yourSide: reviewSideSchema.nullable(),
  /** The other party's public name ("Dana K."), for "when Dana K. reviews too". */
  otherName: z.string(),
  /** When the review window closes; null until the job is completed. */
  windowClosesAt: z.string().nullable(),
  /** Whether the caller may write a review now; if not, `refusal` says why (notCompleted, alreadyReviewed, windowClosed). */
  canReview: z.boolean(),
  refusal: z.enum(['notCompleted', 'alreadyReviewed', 'windowClosed']).nullable(),
  mine: ownReviewSchema.nullable(),
  /** Only whether the other side has reviewed, never what they wrote, until published. */
  otherReviewed: z.boolean(),
  published: z.boolean(),
  /** The job's published reviews (both sides' at once); empty while blind. */
  reviews: z.array(publicReviewSchema),
});
export type JobReviews = z.infer<typeof jobReviewsResponseSchema>;

export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
/** GET /api/providers/{id}/reviews, GET /api/customers/{id}/reviews: published only, newest first. */
export const reviewListResponseSchema = z.object({
  items: z.array(publicReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** 1-5 counts: index 0 holds the 1-star ratings. */
const distributionSchema = z.array(z.number().int()).length(5);
const average = z.number().nullable();

/** GET /api/providers/{id}/reputation (public). Shares 0-1; `rating` is the plain average, null without reviews. */
export const providerReputationSchema = z.object({
  providerId: z.string(),
  rating: average,
  /** The published ranking formula's score (src/domain/reputation rankingScore). */
  rankingScore: z.number(),
  count: z.number().int(),
  distribution: distributionSchema,
  subRatings: z.object({ quality: average, communication: average, punctuality: average, value: average }),
  completedJobs: z.number().int(),
  /** Completed of hired; null before any hire. */
  completionRate: z.number().nullable(),
  /** Late cancellations the provider made in the last 12 months. */
  lateCancellations: z.number().int(),
  /** No-shows at site visits (0 until site visits exist). */
  noShows: z.number().int(),
  /** Share of completed jobs whose final total stayed within 5 % of the agreed price; null without completed jobs. */
  priceAccuracy: z.number().nullable(),
  medianFirstResponseSeconds: z.number().nullable(),
});
export type ProviderReputation = z.infer<typeof providerReputationSchema>;

/** GET /api/customers/{id}/reputation (providers who bid on one of the customer's estimates; admins). */
export const customerReputationSchema = z.object({
  customerId: z.string(),
  completedJobs: z.number().int(),
  hires: z.number().int(),
  /** Late cancellations the customer made in the last 12 months. */
  lateCancellations: z.number().int(),
  medianFirstResponseSeconds: z.number().nullable(),
  rating: average,
  count: z.number().int(),
  distribution: distributionSchema,
  subRatings: z.object({ clarity: average, responsiveness: average, fairness: average }),
});
export type CustomerReputation = z.infer<typeof customerReputationSchema>;

/** The few figures shown beside a provider's name in lists (bids, task lists). */
export const providerRatingSummarySchema = z.object({
  rating: average,
  count: z.number().int(),
  priceAccuracy: z.number().nullable(),
  completedJobs: z.number().int(),
});
export type ProviderRatingSummary = z.infer<typeof providerRatingSummarySchema>;

/** A customer's facts shown to providers beside the customer's posted work and bids. */
export const customerFactsSchema = z.object({
  completedJobs: z.number().int(),
  hires: z.number().int(),
  lateCancellations: z.number().int(),
  rating: average,
  count: z.number().int(),
});
export type CustomerFacts = z.infer<typeof customerFactsSchema>;

// ---- Moderation ----

export const adminReviewsQuerySchema = z.object({
  /** reported: with open reports; hidden / removed: as moderation left them; all: every published review. */
  status: z.enum(['reported', 'hidden', 'removed', 'all']).default('reported'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminReviewReportSchema = z.object({
  id: z.string(),
  reason: z.enum(reviewReportReasons),
  note: z.string(),
  reporterName: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
});

/** A review as the admin's Reviews tab shows it: the original text, the moderation state, the reports, the job's facts. */
export const adminReviewSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  authorSide: reviewSideSchema,
  authorId: z.string(),
  authorName: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  rating: z.number().int(),
  subRatings: z.record(z.string(), z.number().int()),
  /** The text as written, even when hidden. */
  text: z.string(),
  moderation: z.enum(reviewModerationStates),
  moderationReason: z.enum(reviewReportReasons).nullable(),
  moderatedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  category: z.string(),
  city: z.string().nullable(),
  completedMonth: z.string(),
  priceFacts: priceFactsSchema,
  reports: z.array(adminReviewReportSchema),
  openReports: z.number().int(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsResponseSchema = z.object({
  items: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** POST /api/reviews/{id}/report: 201 once per person and review (a second report is a 409). */
export const reviewReportResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
});
