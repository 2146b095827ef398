// A provider's quote on a bid, priced against the customer's own estimate (decision 0040): which estimate line
// each quoted line is, the dates a quote may carry, its total, and the owner's comparison of it with the estimate.
// Integer cents throughout; dollars only at the edges (the body's amounts, the answers' figures). "Today" is a
// calendar date the caller passes in (UTC until jobs carry a time zone).
import { addDaysToYmd, zonedDayEnd } from './dates.ts';
import { fromCents, toCents } from './money.ts';
import {
  QUOTE_LIMITS,
  type ComparedQuote,
  type OwnQuote,
  type QuoteBody,
  type QuotePosition,
} from './schemas/quote.schema.ts';

/** An estimate line as a quote needs it (the estimate's stored line items have these and more). */
export interface EstimateLineRef {
  subtaskId: string;
  name: string;
  amountCents: number;
}

/** A quoted line as stored: the estimate's subtask (its id and name as the estimate lists it) and the price. */
export interface QuoteLineCents {
  subtaskId: string;
  name: string;
  amountCents: number;
}

export interface QuoteExtraCents {
  label: string;
  amountCents: number;
}

/** A quote as stored, whatever stores it. Dates are YYYY-MM-DD. */
export interface StoredQuote extends PreparedQuote {
  id: string;
  revision: number;
  /** When this revision was saved. */
  createdAt: Date;
  /** When the first revision was saved (the quote's own creation). */
  firstCreatedAt: Date;
}

/** What a quote body becomes once checked against the estimate and today: ready to store. */
export interface PreparedQuote {
  lines: QuoteLineCents[];
  extras: QuoteExtraCents[];
  exclusions: string;
  validUntil: string;
  startFrom: string | null;
  startTo: string | null;
  note: string;
  totalCents: number;
}

/** Field path -> message, as a 400's `fields`. */
export type FieldErrors = Record<string, string>;
export type Checked<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

export const QUOTE_FIELD_MESSAGES = {
  notOnEstimate: (subtask: string) => `Not on this estimate: ${subtask}`,
  namedTwice: (subtask: string) => `Named twice: ${subtask}`,
  nothingPriced: 'Price at least one line or extra',
  validPast: 'The quote must be valid until today or later',
  validTooFar: `A quote can be valid for at most ${QUOTE_LIMITS.validDaysAhead} days`,
  startPast: 'The start date cannot be in the past',
  startTooFar: 'The start date must be within a year',
  startOrder: 'The start window must end on or after its first day',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Dates

/** The instant a quote valid until `validUntil` expires: the end of that day in UTC (the next day's start). */
export function quoteExpiresAt(validUntil: string): Date {
  return zonedDayEnd(validUntil, 'UTC');
}

/** Past its validUntil day: it cannot be accepted. */
export function isQuoteExpired(validUntil: string, today: string): boolean {
  return today > validUntil;
}

/**
 * The date rules: validUntil from today to 90 days ahead; startFrom and startTo (either, both or neither) each from
 * today to a year ahead, and the window in order.
 */
export function checkQuoteDates(
  d: { validUntil: string; startFrom?: string | null; startTo?: string | null },
  today: string,
): FieldErrors {
  const fields: FieldErrors = {};
  if (d.validUntil < today) fields.validUntil = QUOTE_FIELD_MESSAGES.validPast;
  else if (d.validUntil > addDaysToYmd(today, QUOTE_LIMITS.validDaysAhead)) {
    fields.validUntil = QUOTE_FIELD_MESSAGES.validTooFar;
  }
  const lastStart = addDaysToYmd(today, QUOTE_LIMITS.startDaysAhead);
  for (const key of ['startFrom', 'startTo'] as const) {
    const v = d[key];
    if (!v) continue;
    if (v < today) fields[key] = QUOTE_FIELD_MESSAGES.startPast;
    else if (v > lastStart) fields[key] = QUOTE_FIELD_MESSAGES.startTooFar;
  }
  if (d.startFrom && d.startTo && d.startTo < d.startFrom && !fields.startTo) {
    fields.startTo = QUOTE_FIELD_MESSAGES.startOrder;
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------------------
// Lines and totals

const key = (s: string) => s.trim().toLowerCase();

/**
 * Each quoted line as the estimate line it names (by subtask id or by name, trimmed, in any case), in the order
 * sent. A subtask the estimate does not list, or one named a second time, is an error on that line.
 */
export function resolveQuoteLines(
  lines: readonly { subtask: string; amount: number }[],
  estimateLines: readonly EstimateLineRef[],
): Checked<QuoteLineCents[]> {
  const byId = new Map<string, EstimateLineRef>();
  const byName = new Map<string, EstimateLineRef>();
  for (const l of estimateLines) {
    if (!byId.has(key(l.subtaskId))) byId.set(key(l.subtaskId), l);
    if (!byName.has(key(l.name))) byName.set(key(l.name), l);
  }
  const fields: FieldErrors = {};
  const seen = new Set<string>();
  const resolved: QuoteLineCents[] = [];
  lines.forEach((line, i) => {
    const found = byId.get(key(line.subtask)) ?? byName.get(key(line.subtask));
    const path = `lines.${i}.subtask`;
    if (!found) {
      fields[path] = QUOTE_FIELD_MESSAGES.notOnEstimate(line.subtask.trim());
    } else if (seen.has(found.subtaskId)) {
      fields[path] = QUOTE_FIELD_MESSAGES.namedTwice(found.name);
    } else {
      seen.add(found.subtaskId);
      resolved.push({
        subtaskId: found.subtaskId,
        name: found.name,
        amountCents: dollarsToCents(line.amount),
      });
    }
  });
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, value: resolved };
}

/**
 * Dollars with at most two decimals as integer cents, exactly: for every amount the body accepts (two decimals, at
 * most 1,000,000) the nearest integer to dollars x 100 is the amount's cents (the product's float error is far
 * below half a cent).
 */
export function dollarsToCents(dollars: number): number {
  return toCents(dollars);
}

/** The quote's total: the sum of its lines and extras, in cents. */
export function quoteTotalCents(
  lines: readonly { amountCents: number }[],
  extras: readonly { amountCents: number }[],
): number {
  let total = 0;
  for (const l of lines) total += l.amountCents;
  for (const e of extras) total += e.amountCents;
  return total;
}

/**
 * A quote body checked against the estimate's lines and today, ready to store: the lines resolved, the amounts in
 * cents, the dates checked, and the server's total (a `total` the client sent never reaches here). Something must
 * be priced: a quote of no line and no extra is refused.
 */
export function prepareQuote(
  body: QuoteBody,
  estimateLines: readonly EstimateLineRef[],
  today: string,
): Checked<PreparedQuote> {
  const lines = resolveQuoteLines(body.lines, estimateLines);
  const fields: FieldErrors = {
    ...(lines.ok ? {} : lines.fields),
    ...checkQuoteDates(body, today),
  };
  if (body.lines.length === 0 && body.extras.length === 0) fields.lines = QUOTE_FIELD_MESSAGES.nothingPriced;
  if (!lines.ok || Object.keys(fields).length) return { ok: false, fields };
  const extras = body.extras.map((e) => ({ label: e.label, amountCents: dollarsToCents(e.amount) }));
  return {
    ok: true,
    value: {
      lines: lines.value,
      extras,
      exclusions: body.exclusions,
      validUntil: body.validUntil,
      startFrom: body.startFrom ?? null,
      startTo: body.startTo ?? null,
      note: body.note,
      totalCents: quoteTotalCents(lines.value, extras),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// What the provider and the owner read

/** `a / b` for integers, rounded half away from zero (b > 0). */
function roundHalfAway(a: number, b: number): number {
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b));
  return a < 0 ? -q : q;
}

/**
 * How far `amountCents` is from `estimateCents`, in percent of the estimate's amount with one decimal (half away
 * from zero); null when the estimate's amount is 0 (no percentage of nothing).
 */
export function differencePercent(amountCents: number, estimateCents: number): number | null {
  if (estimateCents <= 0) return null;
  return roundHalfAway((amountCents - estimateCents) * 1000, estimateCents) / 10;
}

/** More than QUOTE_LIMITS.flagPercent above the estimate's own amount (never for an estimate amount of 0). */
export function isFlagged(amountCents: number, estimateCents: number): boolean {
  return estimateCents > 0 && amountCents * 100 > estimateCents * (100 + QUOTE_LIMITS.flagPercent);
}

/** Where a total stands against the estimate's range, and how far outside it (0 within). */
export function quotePosition(
  totalCents: number,
  range: { minCents: number; maxCents: number },
): { position: QuotePosition; positionCents: number } {
  if (totalCents < range.minCents) return { position: 'below', positionCents: range.minCents - totalCents };
  if (totalCents > range.maxCents) return { position: 'above', positionCents: totalCents - range.maxCents };
  return { position: 'within', positionCents: 0 };
}

const revisedAt = (q: StoredQuote) => (q.revision > 1 ? q.createdAt.toISOString() : null);

/**
 * The quote as its owner compares it: every estimate line in the estimate's order, quoted or not (amount null:
 * "Not quoted"), beside the estimate's own amount, then any quoted line the estimate no longer lists (its estimate
 * amount 0); the extras; the total against the estimate's range.
 */
export function compareQuote(
  quote: StoredQuote,
  estimate: { lineItems: readonly EstimateLineRef[]; minCents: number; maxCents: number },
  today: string,
): ComparedQuote {
  const quoted = new Map(quote.lines.map((l) => [l.subtaskId, l]));
  const row = (subtaskId: string, name: string, amountCents: number | null, estimateCents: number) => ({
    subtask: name,
    subtaskId,
    amount: amountCents === null ? null : fromCents(amountCents),
    estimateAmount: fromCents(estimateCents),
    difference: amountCents === null ? null : fromCents(amountCents - estimateCents),
    differencePercent: amountCents === null ? null : differencePercent(amountCents, estimateCents),
    flagged: amountCents !== null && isFlagged(amountCents, estimateCents),
  });
  const onEstimate = new Set(estimate.lineItems.map((l) => l.subtaskId));
  const lines = [
    ...estimate.lineItems.map((l) =>
      row(l.subtaskId, l.name, quoted.get(l.subtaskId)?.amountCents ?? null, l.amountCents),
    ),
    ...quote.lines
      .filter((l) => !onEstimate.has(l.subtaskId))
      .map((l) => row(l.subtaskId, l.name, l.amountCents, 0)),
  ];
  const { position, positionCents } = quotePosition(quote.totalCents, estimate);
  return {
    lines,
    extras: quote.extras.map((e) => ({ label: e.label, amount: fromCents(e.amountCents) })),
    exclusions: quote.exclusions,
    validUntil: quote.validUntil,
    expired: isQuoteExpired(quote.validUntil, today),
    startFrom: quote.startFrom,
    startTo: quote.startTo,
    note: quote.note,
    total: fromCents(quote.totalCents),
    position,
    positionAmount: fromCents(positionCents),
    revisedAt: revisedAt(quote),
  };
}

/** The quote as the provider who wrote it reads it back. */
export function ownQuote(quote: StoredQuote): OwnQuote {
  return {
    id: quote.id,
    revision: quote.revision,
    lines: quote.lines.map((l) => ({
      subtaskId: l.subtaskId,
      subtask: l.name,
      amount: fromCents(l.amountCents),
    })),
    extras: quote.extras.map((e) => ({ label: e.label, amount: fromCents(e.amountCents) })),
    exclusions: quote.exclusions,
    validUntil: quote.validUntil,
    startFrom: quote.startFrom,
    startTo: quote.startTo,
    note: quote.note,
    total: fromCents(quote.totalCents),
    createdAt: quote.firstCreatedAt.toISOString(),
    revisedAt: revisedAt(quote),
  };
}
