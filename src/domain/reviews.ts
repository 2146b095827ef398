// Reviews that only a finished job can earn: who may review whom and until when, when a blind review
// is published, how long a response can be edited, and the price facts printed beside a published review. Pure
// rules, shared by the server (which enforces them) and the screens (which explain them).
import { DAY_MS } from './dates.ts';

/** Each party may review the other once, within this many days of the job's completion. */
export const REVIEW_WINDOW_DAYS = 14;
/** The reviewed party may edit their public answer for this long after first writing it. */
export const RESPONSE_EDIT_HOURS = 48;
/** Reminders go out at completion and this many days before the window closes. */
export const REVIEW_REMINDER_DAYS_BEFORE_CLOSE = 3;

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const RESPONSE_TEXT_MAX = 1000;

/** Who writes: the job's customer reviews its provider, and the other way round. */
export type ReviewSide = 'customer' | 'provider';

/** The sub-ratings of a review of a provider (written by the customer) and of a customer (by the provider). */
export const providerSubRatings = ['quality', 'communication', 'punctuality', 'value'] as const;
export const customerSubRatings = ['clarity', 'responsiveness', 'fairness'] as const;
export type ProviderSubRating = (typeof providerSubRatings)[number];
export type CustomerSubRating = (typeof customerSubRatings)[number];

/** The sub-ratings a side's author gives: the customer rates the provider's, the provider the customer's. */
export function subRatingsBy(author: ReviewSide): readonly string[] {
  return author === 'customer' ? providerSubRatings : customerSubRatings;
}

export const subRatingLabels: Readonly<Record<ProviderSubRating | CustomerSubRating, string>> = {
  quality: 'Quality',
  communication: 'Communication',
  punctuality: 'Punctuality',
  value: 'Value',
  clarity: 'Clarity',
  responsiveness: 'Responsiveness',
  fairness: 'Fairness',
};

/** When the review window of a job completed at `completedAt` closes. */
export function reviewWindowEnd(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** When the "3 days left" reminder is due. */
export function reviewReminderAt(completedAt: Date): Date {
  return new Date(reviewWindowEnd(completedAt).getTime() - REVIEW_REMINDER_DAYS_BEFORE_CLOSE * DAY_MS);
}

/** Why a party may not write a review now; null when they may. */
export type ReviewRefusal = 'notCompleted' | 'alreadyReviewed' | 'windowClosed';

export function reviewRefusal(
  job: { status: string; completedAt: Date | null },
  alreadyReviewed: boolean,
  now: Date,
): ReviewRefusal | null {
  if (job.status !== 'completed' || !job.completedAt) return 'notCompleted';
  if (alreadyReviewed) return 'alreadyReviewed';
  if (now.getTime() >= reviewWindowEnd(job.completedAt).getTime()) return 'windowClosed';
  return null;
}

/**
 * Whether a job's reviews are published: both parties have reviewed, or the window has closed (then whatever was
 * written is published; a side that did not write has nothing to publish). Blind until then: neither side nor
 * anyone else reads the other's review.
 */
export function reviewsPublished(
  job: { completedAt: Date },
  written: { customer: boolean; provider: boolean },
  now: Date,
): boolean {
  if (written.customer && written.provider) return true;
  return now.getTime() >= reviewWindowEnd(job.completedAt).getTime();
}

/** Whether the reviewed party may still edit their answer, first written at `respondedAt`. */
export function responseEditable(respondedAt: Date, now: Date): boolean {
  return now.getTime() < respondedAt.getTime() + RESPONSE_EDIT_HOURS * 3_600_000;
}

/**
 * The price facts beside a published review, in words: "Finished at the agreed price", or "12 % above the agreed
 * price, with 2 approved change orders" (whole percent, rounded; "below" when it came in lower). Amounts in cents.
 */
export function priceFactsSentence(
  agreedCents: number,
  finalCents: number,
  approvedChangeOrders: number,
): string {
  const orders =
    approvedChangeOrders === 0
      ? ''
      : `, with ${approvedChangeOrders} approved change order${approvedChangeOrders === 1 ? '' : 's'}`;
  if (agreedCents <= 0 || finalCents === agreedCents) return `Finished at the agreed price${orders}`;
  const pct = Math.round((Math.abs(finalCents - agreedCents) / agreedCents) * 100);
  if (pct === 0) return `Finished at about the agreed price${orders}`;
  return `${pct} % ${finalCents > agreedCents ? 'above' : 'below'} the agreed price${orders}`;
}

/** The reasons a published review may be reported; the first four may hide its text, the last two remove it. */
export const reviewReportReasons = [
  'personal_data',
  'harassment',
  'illegal',
  'off_topic',
  'fake',
  'conflict_of_interest',
] as const;
export type ReviewReportReason = (typeof reviewReportReasons)[number];
export const reviewHideReasons = ['personal_data', 'harassment', 'illegal', 'off_topic'] as const;
/** A review as moderation left it: shown, its text hidden (the rating still counts), or removed from the reputation. */
export const reviewModerationStates = ['visible', 'hidden', 'removed'] as const;
export type ReviewModeration = (typeof reviewModerationStates)[number];
export const reviewRemoveReasons = ['fake', 'conflict_of_interest'] as const;

export const reviewReasonWords: Readonly<Record<ReviewReportReason, string>> = {
  personal_data: 'it shared personal data',
  harassment: 'harassment',
  illegal: 'illegal content',
  off_topic: 'it was not about the job',
  fake: 'it was found fake',
  conflict_of_interest: 'a conflict of interest',
};

/** What a hidden review's text reads. */
export const hiddenReviewText = (reason: ReviewReportReason) =>
  `Removed by a moderator: ${reviewReasonWords[reason]}`;

/** How a published review names an author whose account was closed. */
export const formerAuthorName = (side: ReviewSide) =>
  side === 'customer' ? 'Former customer' : 'Former pro';
