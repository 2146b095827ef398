import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, formatWholeCents, formatWholeDollars } from './money.ts';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it('writes what Intl writes for en-US dollars', () => {
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('$0.00');
    expect(formatCents(782700)).toBe('$7,827.00');
    // Halves round away from zero on the number as written, as Intl does.
    for (const v of [0.005, 0.015, 1.005, 2.675, -0.005, -0.004, -0, 999999999999.995, 1e-7, 5e13]) {
      expect(formatMoney(v)).toBe(intl.format(v));
    }
  });

  it('matches Intl for any amount, whole cents or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e14, max: 1e14, noNaN: true }),
          fc.integer({ min: -1e9, max: 1e12 }).map((c) => c / 100),
          fc.integer({ min: -1e6, max: 1e9 }).map((m) => m / 1000),
        ),
        (v) => formatMoney(v) === intl.format(v),
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('formatWholeDollars', () => {
  it('writes whole dollars, rounding half away from zero', () => {
    expect(formatWholeCents(323_640)).toBe('$3,236');
    expect(formatWholeCents(485_450)).toBe('$4,855');
    expect(formatWholeDollars(4854.49)).toBe('$4,854');
    expect(formatWholeDollars(0.4)).toBe('$0');
    expect(formatWholeDollars(-0.4)).toBe('$0');
    expect(formatWholeDollars(-1234.5)).toBe('-$1,235');
    expect(formatWholeDollars(1_000_000)).toBe('$1,000,000');
    expect(formatWholeDollars(Number.NaN)).toBe('$0');
  });
});
