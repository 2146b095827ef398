import { describe, expect, it } from 'vitest';
import { makeEstimate } from '#web/test/builders.ts';
import {
  fieldForPath,
  initialQuoteState,
  percentAbove,
  rangeSentence,
  validateQuote,
  ymdPlus,
} from './quote-form-model.ts';

const now = new Date('2026-11-26T12:00:00.000Z');
const state = () => initialQuoteState(makeEstimate(), null, now);

describe('the quote form’s rules', () => {
  it('reads the total against the range in words, with cents', () => {
    expect(rangeSentence(2000, 1900.8, 2851.2)).toBe("Within the customer's range");
    expect(rangeSentence(3000, 1900.8, 2851.2)).toBe("$148.80 above the customer's range");
    expect(rangeSentence(1800, 1900.8, 2851.2)).toBe("$100.80 below the customer's range");
  });

  it('flags a line only past 20 % above a non-zero estimate amount', () => {
    expect(percentAbove(1200, 1000)).toBeNull();
    expect(percentAbove(1220, 1000)).toBe(22);
    expect(percentAbove(50, 0)).toBeNull();
  });

  it('puts a server message on the line it names, by position among the lines sent, by id or by name', () => {
    const s = state();
    expect(fieldForPath(s, 'lines.0.amount')).toBe('lines.kitchen-cabinets');
    expect(fieldForPath(s, 'lines.kitchen-cabinets')).toBe('lines.kitchen-cabinets');
    expect(fieldForPath(s, 'lines.Cabinets')).toBe('lines.kitchen-cabinets');
    expect(fieldForPath(s, 'lines.Plumbing')).toBe('lines');
    expect(fieldForPath(s, 'validUntil')).toBe('validUntil');
    expect(fieldForPath(s, 'total')).toBeUndefined();
  });

  it('holds the price from today to 90 days ahead, and the start window in order', () => {
    expect(validateQuote(state(), now)).toEqual({});
    expect(validateQuote({ ...state(), validUntil: ymdPlus(91, now) }, now).validUntil).toBe(
      'Choose a date from today to 90 days ahead',
    );
    expect(
      validateQuote({ ...state(), startFrom: ymdPlus(5, now), startTo: ymdPlus(3, now) }, now).startTo,
    ).toBe('The window must end on or after its first day');
    const nothing = { ...state(), lines: state().lines.map((l) => ({ ...l, included: false })) };
    expect(validateQuote(nothing, now).form).toBe('Quote at least one line or add an extra');
  });
});
