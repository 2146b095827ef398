import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkQuoteDates,
  compareQuote,
  differencePercent,
  dollarsToCents,
  isFlagged,
  isQuoteExpired,
  ownQuote,
  prepareQuote,
  QUOTE_FIELD_MESSAGES,
  quoteExpiresAt,
  quotePosition,
  resolveQuoteLines,
  type StoredQuote,
} from './bid-quote.ts';
import { addDaysToYmd } from './dates.ts';
import { quoteAmountSchema, quoteBodySchema } from './schemas/quote.schema.ts';

const estimateLines = [
  { subtaskId: 'cabinet-install', name: 'Cabinet Installation', amountCents: 100_000 },
  { subtaskId: 'countertop', name: 'Countertop', amountCents: 50_000 },
  { subtaskId: 'permit', name: 'Permit', amountCents: 0 },
];
const TODAY = '2026-11-26';

const stored = (over: Partial<StoredQuote> = {}): StoredQuote => ({
  id: 'q1',
  revision: 1,
  lines: [],
  extras: [],
  exclusions: '',
  validUntil: '2026-12-10',
  startFrom: null,
  startTo: null,
  note: '',
  totalCents: 0,
  createdAt: new Date('2026-11-26T10:00:00Z'),
  firstCreatedAt: new Date('2026-11-26T10:00:00Z'),
  ...over,
});

describe('resolving quoted lines against the estimate', () => {
  it('finds a line by its name in any case and spacing, or by its subtask id', () => {
    const r = resolveQuoteLines(
      [
        { subtask: '  cabinet INSTALLATION ', amount: 1200.5 },
        { subtask: 'countertop', amount: 300 },
      ],
      estimateLines,
    );
    expect(r).toEqual({
      ok: true,
      value: [
        { subtaskId: 'cabinet-install', name: 'Cabinet Installation', amountCents: 120_050 },
        { subtaskId: 'countertop', name: 'Countertop', amountCents: 30_000 },
      ],
    });
  });

  it('names a subtask the estimate does not list, and one named twice (by name and by id), on its line', () => {
    const r = resolveQuoteLines(
      [
        { subtask: 'Countertop', amount: 1 },
        { subtask: 'Roof', amount: 1 },
        { subtask: 'countertop', amount: 2 },
      ],
      estimateLines,
    );
    expect(r).toEqual({
      ok: false,
      fields: {
        'lines.1.subtask': 'Not on this estimate: Roof',
        'lines.2.subtask': 'Named twice: Countertop',
      },
    });
  });

  it('resolves any selection of distinct estimate lines, each spelled either way, to exactly those lines', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(estimateLines),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        (picked, byId) => {
          const r = resolveQuoteLines(
            picked.map((l, i) => ({ subtask: byId[i] ? l.subtaskId : l.name.toUpperCase(), amount: 1 })),
            estimateLines,
          );
          return r.ok && r.value.map((l) => l.subtaskId).join() === picked.map((l) => l.subtaskId).join();
        },
      ),
    );
  });
});

describe('amounts', () => {
  it('turns every amount the body accepts into its exact cents, and refuses 3 decimals, 0 and over $1,000,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const dollars = cents / 100;
        return quoteAmountSchema.safeParse(dollars).success && dollarsToCents(dollars) === cents;
      }),
      { numRuns: 5000 },
    );
    for (const bad of [10.005, 0.001, 0, -5, 1_000_000.01, Number.NaN]) {
      expect(quoteAmountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(quoteAmountSchema.safeParse(1_000_000).success).toBe(true);
  });

  it('totals the lines and the extras in cents, whatever total the body carries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { maxLength: 20 }),
        (lineCents, extraCents) => {
          fc.pre(lineCents.length + extraCents.length > 0);
          const body = quoteBodySchema.parse({
            lines: lineCents.map((c, i) => ({ subtask: estimateLines[i]!.name, amount: c / 100 })),
            extras: extraCents.map((c, i) => ({ label: `Extra ${i}`, amount: c / 100 })),
            validUntil: TODAY,
            total: 1,
          });
          const r = prepareQuote(body, estimateLines, TODAY);
          const sum = [...lineCents, ...extraCents].reduce((a, b) => a + b, 0);
          return r.ok && r.value.totalCents === sum;
        },
      ),
    );
  });

  it('refuses a quote that prices nothing', () => {
    const r = prepareQuote(quoteBodySchema.parse({ validUntil: TODAY }), estimateLines, TODAY);
    expect(r).toEqual({ ok: false, fields: { lines: QUOTE_FIELD_MESSAGES.nothingPriced } });
  });
});

describe('dates', () => {
  it('validUntil from today to 90 days ahead', () => {
    expect(checkQuoteDates({ validUntil: TODAY }, TODAY)).toEqual({});
    expect(checkQuoteDates({ validUntil: addDaysToYmd(TODAY, 90) }, TODAY)).toEqual({});
    expect(checkQuoteDates({ validUntil: addDaysToYmd(TODAY, -1) }, TODAY)).toEqual({
      validUntil: QUOTE_FIELD_MESSAGES.validPast,
    });
    expect(checkQuoteDates({ validUntil: addDaysToYmd(TODAY, 91) }, TODAY)).toEqual({
      validUntil: QUOTE_FIELD_MESSAGES.validTooFar,
    });
  });

  it('the start window: either end or both, each from today to a year ahead, in order', () => {
    const ok = { validUntil: TODAY };
    expect(checkQuoteDates({ ...ok, startFrom: TODAY }, TODAY)).toEqual({});
    expect(checkQuoteDates({ ...ok, startTo: addDaysToYmd(TODAY, 365) }, TODAY)).toEqual({});
    expect(checkQuoteDates({ ...ok, startFrom: '2026-12-05', startTo: '2026-12-01' }, TODAY)).toEqual({
      startTo: QUOTE_FIELD_MESSAGES.startOrder,
    });
    expect(checkQuoteDates({ ...ok, startFrom: addDaysToYmd(TODAY, -1) }, TODAY)).toEqual({
      startFrom: QUOTE_FIELD_MESSAGES.startPast,
    });
    expect(checkQuoteDates({ ...ok, startTo: addDaysToYmd(TODAY, 366) }, TODAY)).toEqual({
      startTo: QUOTE_FIELD_MESSAGES.startTooFar,
    });
  });

  it('accepts a date exactly when it lies in its window, for any today (month and year ends, leap days)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.integer({ min: -400, max: 400 }),
        (d, offset) => {
          const today = d.toISOString().slice(0, 10);
          const day = addDaysToYmd(today, offset);
          const valid = checkQuoteDates({ validUntil: day }, today).validUntil === undefined;
          const start = checkQuoteDates({ validUntil: today, startFrom: day }, today).startFrom === undefined;
          return valid === (offset >= 0 && offset <= 90) && start === (offset >= 0 && offset <= 365);
        },
      ),
    );
  });

  it('expires at the end of its validUntil day in UTC', () => {
    expect(quoteExpiresAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(isQuoteExpired('2026-12-10', '2026-12-10')).toBe(false);
    expect(isQuoteExpired('2026-12-10', '2026-12-11')).toBe(true);
  });
});

describe('the owner’s comparison', () => {
  it('every estimate line beside the estimate’s amount, a line left out "Not quoted", a zero estimate amount without percent or flag', () => {
    const q = stored({
      lines: [
        { subtaskId: 'cabinet-install', name: 'Cabinet Installation', amountCents: 120_050 },
        { subtaskId: 'permit', name: 'Permit', amountCents: 15_000 },
      ],
      extras: [{ label: 'Haul away', amountCents: 9_999 }],
      totalCents: 145_049,
    });
    const c = compareQuote(q, { lineItems: estimateLines, minCents: 120_000, maxCents: 180_000 }, TODAY);
    expect(c.lines).toEqual([
      {
        subtask: 'Cabinet Installation',
        subtaskId: 'cabinet-install',
        amount: 1200.5,
        estimateAmount: 1000,
        difference: 200.5,
        differencePercent: 20.1,
        flagged: true,
      },
      {
        subtask: 'Countertop',
        subtaskId: 'countertop',
        amount: null,
        estimateAmount: 500,
        difference: null,
        differencePercent: null,
        flagged: false,
      },
      {
        subtask: 'Permit',
        subtaskId: 'permit',
        amount: 150,
        estimateAmount: 0,
        difference: 150,
        differencePercent: null,
        flagged: false,
      },
    ]);
    expect(c).toMatchObject({
      extras: [{ label: 'Haul away', amount: 99.99 }],
      total: 1450.49,
      position: 'within',
      positionAmount: 0,
      expired: false,
      revisedAt: null,
    });
  });

  it('flags exactly the lines more than 20 % above the estimate (20 % itself is not)', () => {
    expect(isFlagged(120_000, 100_000)).toBe(false);
    expect(isFlagged(120_001, 100_000)).toBe(true);
    expect(isFlagged(1, 0)).toBe(false);
    fc.assert(
      // amount / estimate > 6 / 5, in integers.
      fc.property(fc.integer({ min: 1, max: 1e8 }), fc.integer({ min: 1, max: 1e8 }), (a, e) => {
        return isFlagged(a, e) === 5 * a > 6 * e;
      }),
    );
  });

  it('the percentage has one decimal, rounded half away from zero, and is within 0.05 of the exact ratio', () => {
    expect(differencePercent(100_050, 100_000)).toBe(0.1); // 0.05 % rounds up
    expect(differencePercent(99_950, 100_000)).toBe(-0.1);
    expect(differencePercent(50_000, 100_000)).toBe(-50);
    expect(differencePercent(5, 0)).toBeNull();
    // An exact half at a large ratio rounds away from zero too.
    expect(differencePercent(39_043_469, 16)).toBe(244_021_581.3);
    // In exact integers: tenths of a percent q with |q x e - (a - e) x 1000| <= e / 2, and halves away from zero.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e8 }), fc.integer({ min: 1, max: 1e8 }), (a, e) => {
        const p = differencePercent(a, e)!;
        const q = BigInt(Math.round(p * 10));
        const exact = BigInt(a - e) * 1000n;
        const off = q * BigInt(e) - exact;
        const twice = 2n * (off < 0n ? -off : off);
        return twice < BigInt(e) || (twice === BigInt(e) && (exact < 0n ? off < 0n : off > 0n));
      }),
      { numRuns: 5000 },
    );
  });

  it('the total below, within or above the range, and by how much', () => {
    const range = { minCents: 100_000, maxCents: 150_000 };
    expect(quotePosition(90_000, range)).toEqual({ position: 'below', positionCents: 10_000 });
    expect(quotePosition(100_000, range)).toEqual({ position: 'within', positionCents: 0 });
    expect(quotePosition(150_000, range)).toEqual({ position: 'within', positionCents: 0 });
    expect(quotePosition(150_001, range)).toEqual({ position: 'above', positionCents: 1 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (total) => {
        const { position, positionCents } = quotePosition(total, range);
        const back =
          position === 'below'
            ? range.minCents - positionCents
            : position === 'above'
              ? range.maxCents + positionCents
              : total;
        return back === total && positionCents >= 0 && (position === 'within') === (positionCents === 0);
      }),
    );
  });

  it('is expired past validUntil and says when it was revised', () => {
    const q = stored({
      revision: 3,
      validUntil: '2026-11-25',
      createdAt: new Date('2026-11-26T11:00:00Z'),
      extras: [{ label: 'x', amountCents: 100 }],
      totalCents: 100,
    });
    const c = compareQuote(q, { lineItems: estimateLines, minCents: 1, maxCents: 2 }, TODAY);
    expect(c).toMatchObject({ expired: true, revisedAt: '2026-11-26T11:00:00.000Z', position: 'above' });
    expect(ownQuote(q)).toMatchObject({
      revision: 3,
      createdAt: '2026-11-26T10:00:00.000Z',
      revisedAt: '2026-11-26T11:00:00.000Z',
      total: 1,
    });
  });
});
