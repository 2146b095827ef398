// Home-repair estimate pricing: each subtask becomes a priced line (unit price, measured quantity) and the
// domain's one quote function prices them in integer cents, so the client preview and the server's stored
// price are identical to the cent.
import {
  homeRepairCategories,
  findCategory,
  findSubtask,
  findTask,
  type Catalog,
} from './catalog/home-repair.ts';
import type { MeasurementType, Subtask } from './catalog/types.ts';
import { decimalToNumber, fromCents, multiplyDecimals, parseDecimal, toCents } from './money.ts';
import type { Decimal } from './money.ts';
import {
  quote,
  quoteLine,
  type GradeLevel,
  type PricedLine,
  type QuoteOptions,
  type QuotedLine,
} from './quote.ts';
import { findRegion, regionMultiplier } from './regions/index.ts';

export {
  estimateRangeCents,
  gradeLevels,
  gradeMultipliers,
  gradePermille,
  type GradeLevel,
} from './quote.ts';

/** One input of the measurements step. */
export interface MeasurementField {
  key: 'length' | 'width' | 'squareFootage' | 'quantity';
  label: string;
  unit: string;
}

/** The inputs a subtask needs in the measurements step ("No measurements required" when empty). */
export function measurementFields(subtask: Pick<Subtask, 'measurementType' | 'unit'>): MeasurementField[] {
  switch (subtask.measurementType) {
    case 'area':
      return [
        { key: 'length', label: 'Length', unit: 'ft' },
        { key: 'width', label: 'Width', unit: 'ft' },
      ];
    case 'squareFootage':
      return [{ key: 'squareFootage', label: 'Square footage', unit: 'sq ft' }];
    case 'linear':
      return [{ key: 'length', label: 'Length', unit: 'ft' }];
    case 'flatRate':
      return [{ key: 'quantity', label: 'Quantity', unit: subtask.unit }];
    case 'none':
      return [];
  }
}

/** How each measurement type is priced, in words (used by the catalogue export). */
export const calculationEquations: Readonly<Record<MeasurementType, string>> = {
  area: 'length x width x unit price x grade multiplier x region multiplier',
  squareFootage: 'square footage x unit price x grade multiplier x region multiplier',
  linear: 'length x unit price x grade multiplier x region multiplier',
  flatRate: 'quantity x unit price x grade multiplier x region multiplier',
  none: 'unit price x grade multiplier x region multiplier (charged once)',
};

/** Measurements of one subtask: field key -> value as typed ("12.5") or a number. */
export type SubtaskMeasurements = Readonly<Record<string, string | number>>;
/** Measurements of an estimate: subtask id -> its measurements. */
export type EstimateMeasurements = Readonly<Record<string, SubtaskMeasurements>>;

/** Exactly what the server needs to recompute a price; it never trusts a client figure. */
export interface EstimateInput {
  category: string;
  task: string;
  subtasks: readonly string[];
  measurements: EstimateMeasurements;
  gradeLevel: GradeLevel;
  /** "City, ST" label from GET /api/geo/locations, or a region id. */
  region: string | number;
}

export interface LineItem {
  subtaskId: string;
  name: string;
  measurementType: MeasurementType;
  /** Measured quantity: length x width, square footage, length, count, or 1 for "none". */
  quantity: number;
  unit: string;
  /** Unit price in dollars (0 when the subtask has no rate). */
  unitPrice: number;
  /** quantity x unit price, in cents, before grade and region. */
  baseCents: number;
  /** quantity x unit price x grade x region, in cents: what this line adds to the final estimate. */
  amountCents: number;
  amount: number;
}

export interface EstimatePrice {
  lines: LineItem[];
  gradeMultiplier: number;
  regionMultiplier: number;
  finalCents: number;
  minCents: number;
  maxCents: number;
  /** Dollars, rounded to 2 decimals. */
  finalEstimate: number;
  minBudget: number;
  maxBudget: number;
}

const ONE: Decimal = { n: 1n, scale: 0 };
const ZERO: Decimal = { n: 0n, scale: 0 };

/** The measured quantity of a subtask; 0 when a required measurement is missing or malformed. */
export function measuredQuantity(
  subtask: Pick<Subtask, 'measurementType' | 'unit'>,
  m: SubtaskMeasurements = {},
): Decimal {
  if (subtask.measurementType === 'none') return ONE;
  const parts: Decimal[] = [];
  for (const field of measurementFields(subtask)) {
    const raw = m[field.key];
    const d = raw === undefined ? null : parseDecimal(raw);
    if (!d) return ZERO;
    parts.push(d);
  }
  return multiplyDecimals(...parts);
}

/** A subtask as a line for the quote function: its unit price in cents and its measured quantity. */
interface SubtaskLine extends PricedLine {
  quantity: Decimal;
  subtask: Subtask;
}

function subtaskLine(subtask: Subtask, measurements: SubtaskMeasurements | undefined): SubtaskLine {
  return {
    id: subtask.id,
    name: subtask.name,
    unitCents: subtask.unitPrice == null ? 0 : toCents(subtask.unitPrice),
    quantity: measuredQuantity(subtask, measurements),
    unit: subtask.unit,
    subtask,
  };
}

function lineItem(l: QuotedLine<SubtaskLine>): LineItem {
  return {
    subtaskId: l.subtask.id,
    name: l.subtask.name,
    measurementType: l.subtask.measurementType,
    quantity: decimalToNumber(l.quantity),
    unit: l.subtask.unit,
    unitPrice: l.subtask.unitPrice ?? 0,
    baseCents: l.baseCents,
    amountCents: l.amountCents,
    amount: fromCents(l.amountCents),
  };
}

/**
 * Prices one subtask line: unit price x quantity x grade x region, rounded half up to the cent.
 * A subtask with no rate gives 0.
 */
export function priceLine(
  subtask: Subtask,
  measurements: SubtaskMeasurements | undefined,
  grade: GradeLevel,
  regionMult: number,
): LineItem {
  const options: QuoteOptions = { grade, regionMultiplier: regionMult };
  return lineItem(quoteLine(subtaskLine(subtask, measurements), options));
}

/**
 * Prices an estimate from category, task, subtasks, measurements, grade and region only: each subtask is a line
 * of the quote function (unit price x measured quantity x grade x region, rounded half up per line). Throws a RangeError for a subtask id the catalogue does not know; validate with the estimate schema first.
 */
export function priceEstimate(input: EstimateInput, catalog: Catalog = homeRepairCategories): EstimatePrice {
  const lines = input.subtasks.map((id) => {
    const subtask = findSubtask(id, catalog);
    if (!subtask) throw new RangeError(`Unknown subtask: ${id}`);
    return subtaskLine(subtask, input.measurements[id]);
  });
  const q = quote(lines, { grade: input.gradeLevel, regionMultiplier: regionMultiplier(input.region) });
  return {
    lines: q.lines.map(lineItem),
    gradeMultiplier: q.gradeMultiplier,
    regionMultiplier: q.regionMultiplier,
    finalCents: q.totalCents,
    minCents: q.minCents,
    maxCents: q.maxCents,
    finalEstimate: fromCents(q.totalCents),
    minBudget: fromCents(q.minCents),
    maxBudget: fromCents(q.maxCents),
  };
}

/** The saved-estimate payload (body of POST /api/estimates). */
export interface SavedEstimatePayload {
  title: string;
  description: string;
  category: string;
  task: string;
  subtasks: string[];
  measurements: string;
  gradeLevel: GradeLevel;
  region: string;
  finalEstimate: number;
  minBudget: number;
  maxBudget: number;
  address: null;
  city: string;
  state: string;
  /** Empty, or the job's five-digit ZIP code (decision 0048). */
  zipCode: string;
  status: 'draft';
}

/** The "City, ST" label of a region given by label or id (an unknown id stays as its text). */
export function regionLabel(region: string | number): string {
  if (typeof region === 'number') return findRegion(region)?.location ?? String(region);
  return region.trim();
}

/** Splits a region label: city is the text before the first comma, state the text after it. */
export function splitRegion(label: string): { city: string; state: string } {
  const i = label.indexOf(',');
  if (i < 0) return { city: label.trim(), state: '' };
  return { city: label.slice(0, i).trim(), state: label.slice(i + 1).trim() };
}

/** The title "task - category" and the description "task project with N subtasks" of a saved estimate. */
export function savedEstimateText(
  taskName: string,
  categoryName: string,
  subtaskCount: number,
): { title: string; description: string } {
  return {
    title: `${taskName} - ${categoryName}`,
    description: `${taskName} project with ${subtaskCount} subtasks`,
  };
}

/**
 * Builds the saved-estimate payload: title and description (savedEstimateText), lowercase category, measurements
 * as a JSON string, the price computed here, min/max 0.8x/1.2x, city and state split from the region, zipCode
 * empty, address null, status draft.
 */
export function buildSavedEstimatePayload(
  input: EstimateInput,
  catalog: Catalog = homeRepairCategories,
): SavedEstimatePayload {
  const price = priceEstimate(input, catalog);
  const category = findCategory(input.category, catalog);
  const task = findTask(input.category, input.task, catalog);
  const taskName = task?.name ?? input.task;
  const region = regionLabel(input.region);
  return {
    ...savedEstimateText(taskName, category?.name ?? input.category, input.subtasks.length),
    category: (category?.id ?? input.category).toLowerCase(),
    task: taskName,
    subtasks: [...input.subtasks],
    measurements: JSON.stringify(input.measurements),
    gradeLevel: input.gradeLevel,
    region,
    finalEstimate: price.finalEstimate,
    minBudget: price.minBudget,
    maxBudget: price.maxBudget,
    address: null,
    ...splitRegion(region),
    zipCode: '',
    status: 'draft',
  };
}

/** Reads stored measurements, which may be a JSON string rather than an object; invalid JSON gives {}. */
export function parseMeasurements(value: unknown): EstimateMeasurements {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return {};
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const out: Record<string, Record<string, string | number>> = {};
  for (const [id, m] of Object.entries(v as Record<string, unknown>)) {
    if (typeof m !== 'object' || m === null || Array.isArray(m)) continue;
    const fields: Record<string, string | number> = {};
    for (const [k, x] of Object.entries(m as Record<string, unknown>)) {
      if (typeof x === 'string' || typeof x === 'number') fields[k] = x;
    }
    out[id] = fields;
  }
  return out;
}

/** The pricing inputs of a saved payload, so the server can recompute the price it was sent. */
export function estimateInputFromPayload(p: {
  category: string;
  task: string;
  subtasks: readonly string[];
  /** Stored as a JSON string, or already an object. */
  measurements: unknown;
  gradeLevel: GradeLevel;
  region: string | number;
}): EstimateInput {
  return {
    category: p.category,
    task: p.task,
    subtasks: p.subtasks,
    measurements: parseMeasurements(p.measurements),
    gradeLevel: p.gradeLevel,
    region: p.region,
  };
}
