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
