import { describe, expect, it } from 'vitest';
import {
  hiddenReviewText,
  priceFactsSentence,
  responseEditable,
  reviewRefusal,
  reviewReminderAt,
  reviewsPublished,
  reviewWindowEnd,
  subRatingsBy,
} from './reviews.ts';
import { reviewBodySchema, subRatingProblems } from './schemas/review.schema.ts';

const completedAt = new Date('2026-12-01T15:00:00.000Z');
const day = 86_400_000;
const at = (days: number) => new Date(completedAt.getTime() + days * day);

describe('who may review, and until when', () => {
  it('opens for 14 days after completion, once per party', () => {
    const job = { status: 'completed', completedAt };
    expect(reviewRefusal(job, false, at(0))).toBeNull();
    expect(reviewRefusal(job, false, at(13.99))).toBeNull();
    expect(reviewRefusal(job, false, at(14))).toBe('windowClosed');
    expect(reviewRefusal(job, true, at(1))).toBe('alreadyReviewed');
    expect(reviewRefusal({ status: 'in_progress', completedAt: null }, false, at(1))).toBe('notCompleted');
    expect(reviewWindowEnd(completedAt).toISOString()).toBe('2026-12-15T15:00:00.000Z');
    expect(reviewReminderAt(completedAt).toISOString()).toBe('2026-12-12T15:00:00.000Z');
  });

  it('each side rates the other on its own sub-ratings', () => {
    expect(subRatingsBy('customer')).toEqual(['quality', 'communication', 'punctuality', 'value']);
    expect(subRatingsBy('provider')).toEqual(['clarity', 'responsiveness', 'fairness']);
  });
});

describe('blind publication', () => {
  it('publishes when both have reviewed, or when the window closes, not before', () => {
    const job = { completedAt };
    expect(reviewsPublished(job, { customer: true, provider: false }, at(3))).toBe(false);
    expect(reviewsPublished(job, { customer: false, provider: true }, at(3))).toBe(false);
    expect(reviewsPublished(job, { customer: true, provider: true }, at(3))).toBe(true);
    expect(reviewsPublished(job, { customer: true, provider: false }, at(14))).toBe(true);
  });

  it('lets a response be edited for 48 hours', () => {
    expect(responseEditable(completedAt, at(1.99))).toBe(true);
    expect(responseEditable(completedAt, at(2))).toBe(false);
  });
});

describe('the price facts beside a review', () => {
  it('says the final total against the agreed price, with the approved change orders', () => {
    expect(priceFactsSentence(250_000, 250_000, 0)).toBe('Finished at the agreed price');
    expect(priceFactsSentence(250_000, 280_000, 2)).toBe(
      '12 % above the agreed price, with 2 approved change orders',
    );
    expect(priceFactsSentence(250_000, 237_500, 1)).toBe(
      '5 % below the agreed price, with 1 approved change order',
    );
    expect(priceFactsSentence(250_000, 250_400, 0)).toBe('Finished at about the agreed price');
  });

  it('words a hidden review by its reason', () => {
    expect(hiddenReviewText('personal_data')).toBe('Removed by a moderator: it shared personal data');
  });
});

describe('the review body', () => {
  it('needs the sub-ratings of the reviewed side and refuses the others', () => {
    const body = reviewBodySchema.parse({
      rating: 5,
      quality: 5,
      communication: 4,
      punctuality: 5,
      value: 4,
      text: '  Tidy work, on time and on budget.  ',
    });
    expect(body.text).toBe('Tidy work, on time and on budget.');
    expect(subRatingProblems('customer', body)).toEqual({});
    expect(Object.keys(subRatingProblems('provider', body)).sort()).toEqual([
      'clarity',
      'communication',
      'fairness',
      'punctuality',
      'quality',
      'responsiveness',
      'value',
    ]);
    expect(reviewBodySchema.safeParse({ rating: 6, text: 'x'.repeat(20) }).success).toBe(false);
    expect(reviewBodySchema.safeParse({ rating: 4.5, text: 'x'.repeat(20) }).success).toBe(false);
    expect(reviewBodySchema.safeParse({ rating: 4, text: '   short text        ' }).success).toBe(false);
  });
});
