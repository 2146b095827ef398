import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { automotiveSubtasks, automotiveTasks, priceAutomotive } from './catalog/automotive.ts';
import { roundDiv, toCents, type Decimal } from './money.ts';
import { findSubtask } from './catalog/home-repair.ts';
import { measuredQuantity, priceEstimate } from './pricing.ts';
import { regionMultiplier } from './regions/index.ts';
import {
  estimateRangeCents,
  gradeLevels,
  gradePermille,
  quote,
  quoteLine,
  type GradeLevel,
  type PricedLine,
} from './quote.ts';

const line = (unitCents: number, quantity: Decimal | number, id = 'x'): PricedLine => ({
  id,
  name: id,
  unitCents,
  quantity,
  unit: 'each',
});

/** The automotive arithmetic before the one quote function: sum of price x quantity, then x grade, rounded once. */
function roundedOnce(lines: readonly { unitCents: number; quantity: number }[], grade: GradeLevel): number {
  const subtotal = lines.reduce((sum, l) => sum + BigInt(l.unitCents) * BigInt(l.quantity), 0n);
  return Number(roundDiv(subtotal * BigInt(gradePermille(grade)), 1000n));
}

describe('quote: unit price x quantity x grade x region, rounded half up per line, then summed', () => {
  it('prices a decimal quantity exactly and keeps the amount before the multipliers', () => {
    // 12.5 sq ft x $78.27 = $978.375 -> base $978.38; x 1.2 x 1.1 = $1,291.455 -> $1,291.46
    const q = quoteLine(line(7827, { n: 125n, scale: 1 }), { grade: 'Medium', regionMultiplier: 1.1 });
    expect(q).toMatchObject({ id: 'x', unit: 'each', baseCents: 97838, amountCents: 129146 });
  });

  it('rounds each line, not the total', () => {
    // 0.5 x 9 cents x 0.8 is 3.6 cents, which rounds to 4: two such lines make 8 cents (7.2 rounded once is 7).
    const q = quote([line(9, { n: 5n, scale: 1 }), line(9, { n: 5n, scale: 1 })], { grade: 'Economy' });
    expect(q.lines.map((l) => [l.baseCents, l.amountCents])).toEqual([
      [5, 4],
      [5, 4],
    ]);
    expect(q.totalCents).toBe(8);
  });

  it('moves an automotive-style total by at most a cent per line', () => {
    // $0.05 x 1 at Premium is 6.5 cents: each line rounds up to 7; rounded once, three lines give 19.5 -> 20.
    const lines = ['a', 'b', 'c'].map((id) => ({ ...line(5, 1, id), quantity: 1 }));
    expect(quote(lines, { grade: 'Premium' }).totalCents).toBe(21);
    expect(roundedOnce(lines, 'Premium')).toBe(20);
  });

  it('uses the national average when no regional multiplier is given, and gives the 0.8x/1.2x range', () => {
    const q = quote([line(12345, 3)], { grade: 'Standard' });
    expect(q).toMatchObject({ gradeMultiplier: 1, regionMultiplier: 1, totalCents: 37035 });
    expect(q).toMatchObject(estimateRangeCents(37035));
    expect(quote([], { grade: 'Economy' })).toMatchObject({
      lines: [],
      totalCents: 0,
      minCents: 0,
      maxCents: 0,
    });
  });

  it('refuses what is not a price: fractional or negative cents, quantities, grades and multipliers', () => {
    const opts = { grade: 'Standard' } as const;
    expect(() => quote([line(1.5, 1)], opts)).toThrow(RangeError);
    expect(() => quote([line(-1, 1)], opts)).toThrow(RangeError);
    expect(() => quote([line(100, 1.5)], opts)).toThrow(RangeError);
    expect(() => quote([line(100, -1)], opts)).toThrow(RangeError);
    expect(() => quote([line(100, Number.NaN)], opts)).toThrow(RangeError);
    expect(() => quote([line(100, { n: -1n, scale: 0 })], opts)).toThrow(RangeError);
    expect(() => quote([line(100, { n: 1n, scale: -1 })], opts)).toThrow(RangeError);
    expect(() => quote([line(100, { n: 1n, scale: 0.5 })], opts)).toThrow(RangeError);
    expect(() => quote([line(100, 1)], { grade: 'Gold' as GradeLevel })).toThrow(RangeError);
    expect(() => quote([line(100, 1)], { ...opts, regionMultiplier: -0.5 })).toThrow(RangeError);
    expect(() => quoteLine(line(100, 1), { ...opts, regionMultiplier: Number.NaN })).toThrow(RangeError);
  });
});

const grade = fc.constantFrom(...gradeLevels);
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 7n }), fc.integer({ min: 0, max: 4 }))
  .map(([n, scale]): Decimal => ({ n, scale }));
const pricedLine = fc.record({
  id: fc.string(),
  name: fc.string(),
  unitCents: fc.integer({ min: 0, max: 10_000_000 }),
  quantity: fc.oneof(decimal, fc.integer({ min: 0, max: 100_000 })),
  unit: fc.constantFrom('each', 'sq ft', 'axle'),
});
const region = fc.integer({ min: 500, max: 1500 }).map((pm) => pm / 1000);

describe('quote properties', () => {
  it('the total is the sum of the lines, and min <= total <= max', () => {
    fc.assert(
      fc.property(fc.array(pricedLine, { maxLength: 12 }), grade, region, (lines, g, r) => {
        const q = quote(lines, { grade: g, regionMultiplier: r });
        expect(q.totalCents).toBe(q.lines.reduce((sum, l) => sum + l.amountCents, 0));
        expect(q.minCents).toBeLessThanOrEqual(q.totalCents);
        expect(q.totalCents).toBeLessThanOrEqual(q.maxCents);
        for (const [i, l] of q.lines.entries()) {
          expect(Number.isSafeInteger(l.amountCents)).toBe(true);
          expect(l).toEqual(quoteLine(lines[i]!, { grade: g, regionMultiplier: r }));
        }
      }),
    );
  });

  it('a whole-number total never differs from the automotive rounded-once arithmetic by more than a cent a line', () => {
    const whole = fc.record({
      id: fc.constant('x'),
      name: fc.constant('x'),
      unitCents: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 0, max: 1_000 }),
      unit: fc.constant('each'),
    });
    fc.assert(
      fc.property(fc.array(whole, { maxLength: 20 }), grade, (lines, g) => {
        const q = quote(lines, { grade: g });
        expect(Math.abs(q.totalCents - roundedOnce(lines, g))).toBeLessThanOrEqual(lines.length);
      }),
    );
  });

  it('priceAutomotive is the quote of its catalogue lines, within a cent a line of the rounded-once total', () => {
    const input = fc.constantFrom(...automotiveTasks).chain((task) =>
      fc.record({
        grade,
        items: fc.subarray(
          automotiveSubtasks.filter((s) => s.taskId === task.id),
          { minLength: 1 },
        ),
        quantities: fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 8, maxLength: 8 }),
      }),
    );
    fc.assert(
      fc.property(input, ({ grade: g, items, quantities }) => {
        const priced = priceAutomotive(
          g,
          items.map((s, i) => ({ subtaskId: s.id, quantity: quantities[i % quantities.length]! })),
        );
        const lines = priced.lines.map((l) => ({ unitCents: toCents(l.unitPrice), quantity: l.quantity }));
        const q = quote(
          lines.map((l, i) => ({ ...l, id: String(i), name: '', unit: '' })),
          { grade: g },
        );
        expect(priced.lines.map((l) => l.amountCents)).toEqual(q.lines.map((l) => l.amountCents));
        expect([priced.totalCents, priced.minCents, priced.maxCents]).toEqual([
          q.totalCents,
          q.minCents,
          q.maxCents,
        ]);
        expect(priced.subtotalCents).toBe(q.lines.reduce((sum, l) => sum + l.baseCents, 0));
        expect(Math.abs(priced.totalCents - roundedOnce(lines, g))).toBeLessThanOrEqual(lines.length);
      }),
    );
  });

  it('priceEstimate is the quote of its subtask lines', () => {
    const input = fc.record({
      length: fc.integer({ min: 1, max: 5000 }).map((n) => (n / 10).toString()),
      width: fc.integer({ min: 1, max: 500 }).map(String),
      grade,
      region: fc.constantFrom('', 'Dallas, TX', 'Anchorage, AK'),
    });
    fc.assert(
      fc.property(input, ({ length, width, grade: g, region: r }) => {
        const measurements = { 'kitchen-countertops': { length, width }, 'kitchen-cabinets': { length } };
        const p = priceEstimate({
          category: 'kitchen',
          task: 'kitchen-remodel',
          subtasks: Object.keys(measurements),
          measurements,
          gradeLevel: g,
          region: r,
        });
        const q = quote(
          Object.entries(measurements).map(([id, m]) => {
            const s = findSubtask(id)!;
            return {
              id,
              name: s.name,
              unitCents: toCents(s.unitPrice!),
              quantity: measuredQuantity(s, m),
              unit: '',
            };
          }),
          { grade: g, regionMultiplier: regionMultiplier(r) },
        );
        expect(p.lines.map((l) => l.amountCents)).toEqual(q.lines.map((l) => l.amountCents));
        expect([p.finalCents, p.minCents, p.maxCents]).toEqual([q.totalCents, q.minCents, q.maxCents]);
      }),
    );
  });
});
