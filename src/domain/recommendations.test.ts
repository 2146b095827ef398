import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postedAgo, scoreRecommendation, type RecommendationCandidate } from './recommendations.ts';

const now = new Date('2026-11-23T12:00:00Z');
const job = (over: Partial<RecommendationCandidate> = {}): RecommendationCandidate => ({
  category: 'kitchen',
  taskId: 'kitchen-remodel',
  taskName: 'Kitchen Remodel',
  regionId: 7,
  regionLabel: 'Jacksonville, FL',
  postedAt: new Date(now.getTime() - 2 * 3_600_000),
  finalCents: 1_000_000,
  ...over,
});

describe('scoreRecommendation', () => {
  it('explains a task match in the provider’s region', () => {
    const r = scoreRecommendation(job(), { tasks: ['kitchen-remodel'], regionId: 7 }, now);
    expect(r.reason).toBe(
      'Matches your Kitchen Remodel task in your area (Jacksonville, FL), posted 2 hours ago',
    );
    expect(r.score).toBeGreaterThanOrEqual(90);
  });

  it('ranks task over category over neither, and region and recency break ties', () => {
    const p = { tasks: ['cabinets'], regionId: 7 };
    const task = scoreRecommendation(job({ taskId: 'cabinets', taskName: 'Cabinets' }), p, now);
    const category = scoreRecommendation(job(), p, now);
    const other = scoreRecommendation(job({ category: 'hvac', taskId: 'hvac', taskName: 'HVAC' }), p, now);
    expect(task.score).toBeGreaterThan(category.score);
    expect(category.score).toBeGreaterThan(other.score);
    expect(category.reason).toMatch(/^In your Kitchen category/);
    expect(other.reason).toMatch(/^HVAC work you can bid on in your area/);
    const far = scoreRecommendation(job({ regionId: 9, regionLabel: 'Austin, TX' }), p, now);
    expect(far.score).toBeLessThan(category.score);
    expect(far.reason).toContain('in Austin, TX');
    const old = scoreRecommendation(job({ postedAt: new Date(now.getTime() - 20 * 86_400_000) }), p, now);
    expect(old.score).toBeLessThan(category.score);
  });

  it('stays between 0 and 100 for any job', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: -1e9, max: 1e10 }),
        fc.boolean(),
        (cents, ageMs, sameRegion) => {
          const r = scoreRecommendation(
            job({
              finalCents: cents,
              postedAt: new Date(now.getTime() - ageMs),
              regionId: sameRegion ? 7 : 8,
            }),
            { tasks: ['kitchen-remodel'], regionId: 7 },
            now,
          );
          return r.score >= 0 && r.score <= 100 && r.reason.length > 0;
        },
      ),
    );
  });
});

describe('postedAgo', () => {
  it.each([
    [0, 'posted just now'],
    [60_000, 'posted 1 minute ago'],
    [3_600_000, 'posted 1 hour ago'],
    [3 * 86_400_000, 'posted 3 days ago'],
  ])('%i ms: %s', (ms, text) => {
    expect(postedAgo(new Date(now.getTime() - ms), now)).toBe(text);
  });
});
