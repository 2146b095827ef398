// Every unit price that is not a fixed, required figure (source SPEC) names the cost-guide page it comes
// from and the range that page states, and sits inside at least one of those ranges (the price audit of the
// 31 non-spec prices).
import { describe, expect, it } from 'vitest';
import { homeRepairCategories } from './home-repair.ts';

const nonSpec = homeRepairCategories
  .flatMap((c) => c.subtasks)
  .filter((s) => !s.source.startsWith('Spec part 2'));

/** The "$a-$b" ranges a source states, in dollars. */
function ranges(source: string): [number, number][] {
  return [...source.matchAll(/\$([\d,]+(?:\.\d+)?)-\$([\d,]+(?:\.\d+)?)/g)].map((m) => [
    Number(m[1]!.replace(/,/g, '')),
    Number(m[2]!.replace(/,/g, '')),
  ]);
}

describe('sources of the non-spec unit prices', () => {
  it('are the 31 audited prices', () => {
    expect(nonSpec).toHaveLength(31);
  });

  it.each(nonSpec.map((s) => [s.id, s] as const))('%s names a page address and its range', (_, s) => {
    expect(s.source).toMatch(/https:\/\/[a-z0-9.-]+\.[a-z]{2,}\/\S+/);
    expect(s.source).not.toMatch(/\((homeguide\.com\/costs|angi\.com|fixr\.com\/costs)\)/);
    expect(ranges(s.source).length).toBeGreaterThan(0);
  });

  it.each(nonSpec.map((s) => [s.id, s] as const))('%s lies inside a range its source states', (_, s) => {
    const price = s.unitPrice ?? 0;
    expect(ranges(s.source).some(([lo, hi]) => lo <= price && price <= hi)).toBe(true);
  });
});
