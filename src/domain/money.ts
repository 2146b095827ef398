// Exact decimal and cent arithmetic shared by pricing (client preview and server store use the same code).

/** A non-negative decimal as an integer mantissa and a number of decimal places: 12.5 -> { n: 125n, scale: 1 }. */
export interface Decimal {
  n: bigint;
  scale: number;
}

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses "digits with an optional decimal point" (the wizard's measurement rule) or a finite non-negative
 * number. Returns null for anything else (empty, negative, exponent notation, NaN).
 */
export function parseDecimal(value: string | number): Decimal | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '';
  const frac = m[2] ?? '';
  if (whole.length + frac.length === 0) return null;
  return { n: BigInt(`${whole}${frac}` || '0'), scale: frac.length };
}

/** The decimal as a JavaScript number (for display). */
export function decimalToNumber(d: Decimal): number {
  return Number(d.n) / 10 ** d.scale;
}

/** Product of decimals, exact. */
export function multiplyDecimals(...ds: Decimal[]): Decimal {
  return ds.reduce((acc, d) => ({ n: acc.n * d.n, scale: acc.scale + d.scale }), { n: 1n, scale: 0 });
}

/** a / b rounded half up, for a >= 0 and b > 0. */
export function roundDiv(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** Dollars with at most 2 decimals to integer cents: 78.27 -> 7827. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars: 7827 -> 78.27. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** A multiplier with at most 3 decimals as an integer per mille: 1.234 -> 1234. */
export function toPermille(multiplier: number): number {
  return Math.round(multiplier * 1000);
}

// Built by hand rather than with Intl.NumberFormat: the web entry imports this module, and building a currency
// formatter loads locale data (about 15 ms on a busy phone-class CPU, in the task that renders the first prices).
// Same output as Intl's en-US USD format, which rounds the number's shortest decimal form half away from zero
// (money.test.ts compares the two); Intl only for amounts of ten trillion dollars and more.
let usd: Intl.NumberFormat | undefined;

/** "$1,234.56" from dollars ("-$1,234.56" below zero). */
export function formatMoney(dollars: number): string {
  const x = Number.isFinite(dollars) ? dollars : 0;
  const abs = Math.abs(x);
  if (abs >= 1e13) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(x);
  }
  let cents = 0;
  if (abs >= 0.005) {
    // Below 1e13 and at or above 0.005, String() is plain decimal notation, never exponential.
    const [int = '0', frac = ''] = String(abs).split('.');
    cents = Number(int) * 100 + Number(frac.slice(0, 2).padEnd(2, '0')) + (Number(frac[2] ?? 0) >= 5 ? 1 : 0);
  }
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** "$1,234.56" from integer cents. */
export function formatCents(cents: number): string {
  return formatMoney(cents / 100);
}

/**
 * "$3,236" from dollars, rounded half away from zero to the whole dollar: totals and ranges in lists, cards and
 * summaries, where cents are false precision. Line items keep their cents (formatMoney, formatCents).
 */
export function formatWholeDollars(dollars: number): string {
  const x = Number.isFinite(dollars) ? dollars : 0;
  const whole = Math.round(Math.abs(x));
  return formatMoney(x < 0 && whole > 0 ? -whole : whole).slice(0, -3);
}

/** "$3,236" from integer cents, rounded half away from zero to the whole dollar. */
export function formatWholeCents(cents: number): string {
  return formatWholeDollars(cents / 100);
}
