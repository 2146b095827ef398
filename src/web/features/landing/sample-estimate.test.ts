import { describe, expect, it } from 'vitest';
import { priceEstimate } from '#domain/pricing';
import { sampleEstimate, sampleEstimateInput } from './sample-estimate.ts';

describe('the landing page sample estimate', () => {
  it('shows exactly what the pricing rules give for its input', () => {
    const price = priceEstimate(sampleEstimateInput);
    expect({ finalCents: price.finalCents, minCents: price.minCents, maxCents: price.maxCents }).toEqual({
      finalCents: sampleEstimate.finalCents,
      minCents: sampleEstimate.minCents,
      maxCents: sampleEstimate.maxCents,
    });
    expect(price.lines).toHaveLength(sampleEstimate.items.length);
  });
});
