// The automotive catalogue and its pricing, a thin adapter over the domain's one quote function.
import { automotiveSubtasks, automotiveTasks } from './automotive.data.ts';
import { fromCents, toCents } from '../money.ts';
import { quote, type GradeLevel } from '../quote.ts';

export { automotiveSubtasks, automotiveTasks };

/** Automotive measurement types; Linked means no input (charged once with the job). */
export const automotiveMeasurementTypes = ['FlatRate', 'PerAxle', 'PerTire', 'PerLine', 'Linked'] as const;
export type AutomotiveMeasurementType = (typeof automotiveMeasurementTypes)[number];

export interface AutomotiveTask {
  id: string;
  name: string;
}

export interface AutomotiveSubtask {
  id: string;
  name: string;
  taskId: string;
  measurementType: AutomotiveMeasurementType;
  /** Dollars per unit of the measurement type. */
  price: number;
  source: string;
}

/** Label of the quantity input per measurement type; null = no input. */
export const automotiveQuantityLabels: Readonly<Record<AutomotiveMeasurementType, string | null>> = {
  FlatRate: 'Quantity',
  PerAxle: 'Number of Axles',
  PerTire: 'Number of Tires',
  PerLine: 'Number of Lines',
  Linked: null,
};

/** Unit shown in brackets after the label. */
export const automotiveUnits: Readonly<Record<AutomotiveMeasurementType, string>> = {
  FlatRate: 'service',
  PerAxle: 'axle',
  PerTire: 'tire',
  PerLine: 'line',
  Linked: 'job',
};

/** The measurements-step label, e.g. "Number of Axles (axle)"; null for Linked. */
export function automotiveQuantityLabel(type: AutomotiveMeasurementType): string | null {
  const label = automotiveQuantityLabels[type];
  return label === null ? null : `${label} (${automotiveUnits[type]})`;
}

/** GET /api/catalog/automotive body: tasks, subtasks and measurementMeta. */
export function automotiveCatalog() {
  return {
    tasks: automotiveTasks.map((t) => ({ id: t.id, name: t.name })),
    subtasks: automotiveSubtasks.map((s) => ({ id: s.id, name: s.name, taskId: s.taskId, price: s.price })),
    measurementMeta: automotiveSubtasks.map((s) => ({ subtaskId: s.id, measurementType: s.measurementType })),
  };
}

export function findAutomotiveSubtask(id: string): AutomotiveSubtask | undefined {
  return automotiveSubtasks.find((s) => s.id === id);
}

export interface AutomotiveItem {
  subtaskId: string;
  quantity?: number;
}

export interface AutomotiveLine {
  subtaskId: string;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  /** price x quantity, in cents, before the grade. */
  baseCents: number;
  /** price x quantity x grade, rounded half up to the cent: what this line adds to the total. */
  amountCents: number;
}

export interface AutomotivePriceResult {
  lines: AutomotiveLine[];
  gradeMultiplier: number;
  /** Sum of the lines' baseCents (before the grade). */
  subtotalCents: number;
  /** Sum of the lines' amountCents. */
  totalCents: number;
  totalCost: number;
  minCents: number;
  maxCents: number;
}

/**
 * Each line is price x quantity x grade, rounded half up to the cent, and the total is the sum of the lines (the
 * quote function's rule; automotive prices take no regional multiplier). Linked subtasks take no input and count
 * once; a missing quantity counts 1. Throws a RangeError for an unknown subtask or a quantity that is not a
 * whole number of at least 0.
 */
export function priceAutomotive(grade: GradeLevel, items: readonly AutomotiveItem[]): AutomotivePriceResult {
  const q = quote(
    items.map((item) => {
      const s = findAutomotiveSubtask(item.subtaskId);
      if (!s) throw new RangeError(`Unknown automotive subtask: ${item.subtaskId}`);
      return {
        id: s.id,
        name: s.name,
        unitCents: toCents(s.price),
        quantity: s.measurementType === 'Linked' ? 1 : (item.quantity ?? 1),
        unit: automotiveUnits[s.measurementType],
        unitPrice: s.price,
      };
    }),
    { grade },
  );
  const lines = q.lines.map((l): AutomotiveLine => ({
    subtaskId: l.id,
    name: l.name,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
    baseCents: l.baseCents,
    amountCents: l.amountCents,
  }));
  return {
    lines,
    gradeMultiplier: q.gradeMultiplier,
    subtotalCents: lines.reduce((sum, l) => sum + l.baseCents, 0),
    totalCents: q.totalCents,
    totalCost: fromCents(q.totalCents),
    minCents: q.minCents,
    maxCents: q.maxCents,
  };
}
