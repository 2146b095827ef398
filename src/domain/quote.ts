// The one quote function behind every price the product shows or stores (decision 0032): the home-repair and
// automotive catalogues turn their subtasks into priced lines and call `quote`, the web wizard's live price and
// the server's stored price alike. Integer cents throughout, one rounding rule: each line is rounded half up to
// the cent after all its multipliers, and the total is the sum of the rounded lines.
import { roundDiv, toPermille, type Decimal } from './money.ts';

/** Grade levels and their multipliers. */
export const gradeLevels = ['Economy', 'Standard', 'Medium', 'Premium'] as const;
export type GradeLevel = (typeof gradeLevels)[number];
export const gradeMultipliers: Readonly<Record<GradeLevel, number>> = {
  Economy: 0.8,
  Standard: 1,
  Medium: 1.2,
  Premium: 1.3,
};

/** Grade multiplier in per mille (Economy 800 ... Premium 1300). */
export function gradePermille(grade: GradeLevel): number {
  return toPermille(gradeMultipliers[grade]);
}

/** The estimate range of a final price in cents: [0.8 x final, 1.2 x final], rounded to the cent. */
export function estimateRangeCents(finalCents: number): { minCents: number; maxCents: number } {
  const f = BigInt(finalCents);
  return { minCents: Number(roundDiv(f * 8n, 10n)), maxCents: Number(roundDiv(f * 12n, 10n)) };
}

/** One line to price, whatever catalogue it comes from. */
export interface PricedLine {
  id: string;
  name: string;
  /** Price of one unit in whole cents. */
  unitCents: number;
  /** Units: an exact decimal (12.5 sq ft) or a whole number (2 axles). */
  quantity: Decimal | number;
  unit: string;
}

export interface QuoteOptions {
  grade: GradeLevel;
  /** The regional multiplier, at most 3 decimals; 1 (the national average) when left out. */
  regionMultiplier?: number;
}

/** A priced line with its amounts: baseCents before the multipliers, amountCents after them. */
export type QuotedLine<L extends PricedLine = PricedLine> = L & { baseCents: number; amountCents: number };

export interface Quote<L extends PricedLine = PricedLine> {
  lines: QuotedLine<L>[];
  gradeMultiplier: number;
  regionMultiplier: number;
  /** The sum of the lines' amountCents. */
  totalCents: number;
  minCents: number;
  maxCents: number;
}

function quantityOf(line: PricedLine): Decimal {
  const q = line.quantity;
  if (typeof q === 'number') {
    if (!Number.isSafeInteger(q) || q < 0)
      throw new RangeError(`Quantity must be a whole number: ${line.id}`);
    return { n: BigInt(q), scale: 0 };
  }
  if (q.n < 0n || !Number.isInteger(q.scale) || q.scale < 0) {
    throw new RangeError(`Quantity must be a non-negative decimal: ${line.id}`);
  }
  return q;
}

function permilles(options: QuoteOptions): { grade: bigint; region: bigint; regionMultiplier: number } {
  const g = gradeMultipliers[options.grade];
  if (g === undefined) throw new RangeError(`Unknown grade: ${String(options.grade)}`);
  const regionMultiplier = options.regionMultiplier ?? 1;
  if (!Number.isFinite(regionMultiplier) || regionMultiplier < 0) {
    throw new RangeError(`Invalid regional multiplier: ${regionMultiplier}`);
  }
  return { grade: BigInt(toPermille(g)), region: BigInt(toPermille(regionMultiplier)), regionMultiplier };
}

function priceOne<L extends PricedLine>(line: L, grade: bigint, region: bigint): QuotedLine<L> {
  if (!Number.isSafeInteger(line.unitCents) || line.unitCents < 0) {
    throw new RangeError(`Unit price must be whole cents: ${line.id}`);
  }
  const q = quantityOf(line);
  const base = BigInt(line.unitCents) * q.n;
  const scale = 10n ** BigInt(q.scale);
  return {
    ...line,
    baseCents: Number(roundDiv(base, scale)),
    amountCents: Number(roundDiv(base * grade * region, scale * 1_000_000n)),
  };
}

/**
 * One line: unit price x quantity x grade x region, rounded half up to the cent. Throws a RangeError for a
 * negative or fractional unit price in cents, a negative or non-whole numeric quantity, or a bad multiplier.
 */
export function quoteLine<L extends PricedLine>(line: L, options: QuoteOptions): QuotedLine<L> {
  const p = permilles(options);
  return priceOne(line, p.grade, p.region);
}

/** Prices the lines one by one (quoteLine), sums them, and gives the 0.8x to 1.2x range of the total. */
export function quote<L extends PricedLine>(lines: readonly L[], options: QuoteOptions): Quote<L> {
  const p = permilles(options);
  const quoted = lines.map((l) => priceOne(l, p.grade, p.region));
  const totalCents = quoted.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    lines: quoted,
    gradeMultiplier: gradeMultipliers[options.grade],
    regionMultiplier: p.regionMultiplier,
    totalCents,
    ...estimateRangeCents(totalCents),
  };
}
