// The automotive catalogue and its pricing (spec part 2 sections 3, 2 and 7).
import { automotiveSubtasks, automotiveTasks } from './automotive.data.ts';
import { fromCents, roundDiv, toCents, toPermille } from '../money.ts';
import { gradeMultipliers, type GradeLevel } from '../pricing.ts';

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

/** Label of the quantity input per measurement type (spec part 2 section 2); null = no input. */
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
  amountCents: number;
}

/**
 * total = grade multiplier x sum(subtask price x quantity), in cents, rounded half up once at the end.
 * Linked subtasks take no input and count once. Throws a RangeError for an unknown subtask.
 */
export function priceAutomotive(grade: GradeLevel, items: readonly AutomotiveItem[]) {
  const gradePm = BigInt(toPermille(gradeMultipliers[grade]));
  const lines: AutomotiveLine[] = items.map((item) => {
    const s = findAutomotiveSubtask(item.subtaskId);
    if (!s) throw new RangeError(`Unknown automotive subtask: ${item.subtaskId}`);
    const quantity = s.measurementType === 'Linked' ? 1 : (item.quantity ?? 1);
    return {
      subtaskId: s.id,
      name: s.name,
      quantity,
      unit: automotiveUnits[s.measurementType],
      unitPrice: s.price,
      amountCents: toCents(s.price) * quantity,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const totalCents = Number(roundDiv(BigInt(subtotalCents) * gradePm, 1000n));
  return { lines, subtotalCents, totalCents, totalCost: fromCents(totalCents) };
}
