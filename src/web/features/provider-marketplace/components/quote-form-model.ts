// The quote form's state and its arithmetic: the estimate's lines (each quoted or left out), the extras, the
// dates and texts; the body the PUT sends (never a total: the server sums), the live total against the customer's
// range, and the lines priced more than QUOTE_LIMITS.flagPercent above the estimate's own amount.
import { addDaysToYmd, utcToday } from '#domain/dates';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { QUOTE_LIMITS, quoteBodySchema, type OwnQuote, type QuoteBody } from '#domain/schemas/quote.schema';
import { formatMoney } from '#domain/format';

export interface QuoteLineState {
  subtaskId: string;
  name: string;
  /** The estimate's own amount for the line, in dollars. */
  estimateAmount: number;
  amount: string;
  included: boolean;
}

export interface QuoteExtraState {
  key: number;
  label: string;
  amount: string;
}

export interface QuoteFormState {
  lines: QuoteLineState[];
  extras: QuoteExtraState[];
  exclusions: string;
  validUntil: string;
  startFrom: string;
  startTo: string;
  note: string;
}

/** Errors by field: "lines.{subtaskId}", "extras.{key}.label", "extras.{key}.amount", or a body field's name. */
export type QuoteErrors = Record<string, string>;

/** A calendar date (UTC) `days` after `from`, as YYYY-MM-DD. */
export function ymdPlus(days: number, from: Date = new Date()): string {
  return addDaysToYmd(utcToday(from), days);
}

/** An amount as typed ("1,250.5", "$80") in dollars; NaN when it is not a plain number. */
export function parseDollars(text: string): number {
  const t = text.replace(/[$,\s]/g, '');
  return /^\d*\.?\d*$/.test(t) && t !== '' && t !== '.' ? Number(t) : Number.NaN;
}

const amountText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** The form filled from the estimate's lines and, when revising, the provider's latest quote. */
export function initialQuoteState(
  estimate: Estimate,
  quote: OwnQuote | null,
  now = new Date(),
): QuoteFormState {
  const quoted = new Map((quote?.lines ?? []).map((l) => [l.subtaskId, l.amount]));
  const lines: QuoteLineState[] = estimate.lineItems.map((l) => {
    const mine = quoted.get(l.subtaskId);
    return {
      subtaskId: l.subtaskId,
      name: l.name,
      estimateAmount: l.amount,
      amount: amountText(mine ?? l.amount),
      included: quote ? mine !== undefined : true,
    };
  });
  return {
    lines,
    extras: (quote?.extras ?? []).map((x, i) => ({ key: i, label: x.label, amount: amountText(x.amount) })),
    exclusions: quote?.exclusions ?? '',
    validUntil: quote?.validUntil ?? ymdPlus(14, now),
    startFrom: quote?.startFrom ?? '',
    startTo: quote?.startTo ?? '',
    note: quote?.note ?? '',
  };
}

/** The PUT body: the quoted lines by subtask id, the extras and the rest; no total. */
export function quoteBody(s: QuoteFormState): QuoteBody {
  return {
    lines: s.lines
      .filter((l) => l.included)
      .map((l) => ({ subtask: l.subtaskId, amount: parseDollars(l.amount) })),
    extras: s.extras.map((x) => ({ label: x.label.trim(), amount: parseDollars(x.amount) })),
    exclusions: s.exclusions.trim(),
    validUntil: s.validUntil,
    startFrom: s.startFrom || null,
    startTo: s.startTo || null,
    note: s.note.trim(),
  };
}

/**
 * The name in the form of a body path ("lines.0.amount", "extras.1.label", "validUntil") as the schema or the
 * server's `fields` spell it; undefined for a path the form has no field for.
 */
export function fieldForPath(s: QuoteFormState, path: string): string | undefined {
  const [head, index, leaf] = path.split('.');
  if (head === 'lines') {
    // By position among the lines sent, or by the subtask's id or name when the server names it.
    const sent = s.lines.filter((l) => l.included);
    const line =
      index === undefined
        ? undefined
        : /^\d+$/.test(index)
          ? sent[Number(index)]
          : s.lines.find((l) => l.subtaskId === index || l.name.toLowerCase() === index.toLowerCase());
    return line ? `lines.${line.subtaskId}` : 'lines';
  }
  if (head === 'extras') {
    const extra = index === undefined ? undefined : s.extras[Number(index)];
    return extra ? `extras.${extra.key}.${leaf === 'label' ? 'label' : 'amount'}` : 'extras';
  }
  if (head && ['exclusions', 'validUntil', 'startFrom', 'startTo', 'note'].includes(head)) return head;
  return undefined;
}

/** The form's own checks: the domain schema, then the dates against today (the server checks them again). */
export function validateQuote(s: QuoteFormState, now = new Date()): QuoteErrors {
  const errors: QuoteErrors = {};
  const parsed = quoteBodySchema.safeParse(quoteBody(s));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldForPath(s, issue.path.join('.')) ?? 'form';
      errors[field] ??= issue.message;
    }
  }
  const today = ymdPlus(0, now);
  const lastValid = ymdPlus(QUOTE_LIMITS.validDaysAhead, now);
  if (!errors.validUntil && (s.validUntil < today || s.validUntil > lastValid)) {
    errors.validUntil = `Choose a date from today to ${QUOTE_LIMITS.validDaysAhead} days ahead`;
  }
  if (!errors.startTo && s.startFrom && s.startTo && s.startTo < s.startFrom) {
    errors.startTo = 'The window must end on or after its first day';
  }
  if (!s.lines.some((l) => l.included) && s.extras.length === 0) {
    errors.form = 'Quote at least one line or add an extra';
  }
  return errors;
}

/** The live total in dollars: the quoted lines and the extras whose amounts read as numbers. */
export function liveTotal(s: QuoteFormState): number {
  const cents = [...s.lines.filter((l) => l.included).map((l) => l.amount), ...s.extras.map((x) => x.amount)]
    .map(parseDollars)
    .filter((n) => Number.isFinite(n))
    .reduce((sum, n) => sum + Math.round(n * 100), 0);
  return cents / 100;
}

/** "Within the customer's range", "$X above the customer's range" or "$X below the customer's range". */
export function rangeSentence(total: number, min: number, max: number): string {
  if (total > max) return `${formatMoney(total - max)} above the customer's range`;
  if (total < min) return `${formatMoney(min - total)} below the customer's range`;
  return "Within the customer's range";
}

/** Whole percent above the estimate's amount when past the flag threshold, else null. */
export function percentAbove(amount: number, estimateAmount: number): number | null {
  if (!Number.isFinite(amount) || estimateAmount <= 0) return null;
  const percent = ((amount - estimateAmount) / estimateAmount) * 100;
  return percent > QUOTE_LIMITS.flagPercent ? Math.round(percent) : null;
}
