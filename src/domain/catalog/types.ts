// Shapes of the estimate catalogue: categories, tasks, subtasks and how each is measured.

/**
 * How a subtask is measured, and therefore what the customer enters in the wizard:
 * - area: length x width (two inputs, feet), priced per square foot;
 * - squareFootage: one square-footage input, priced per square foot;
 * - linear: one length input (feet), priced per linear foot;
 * - flatRate: a whole-number quantity, priced per item;
 * - none: no input; a fixed charge counted once.
 */
export const measurementTypes = ['area', 'squareFootage', 'linear', 'flatRate', 'none'] as const;
export type MeasurementType = (typeof measurementTypes)[number];

export interface Subtask {
  /** Globally unique, stable id (category prefix + slug). */
  id: string;
  name: string;
  measurementType: MeasurementType;
  /** Unit the price is quoted in ("sq ft", "linear ft", "each", "job"). */
  unit: string;
  /** Unit price in dollars with at most 2 decimals; null means "no rate" and prices at 0. */
  unitPrice: number | null;
  /** Inactive subtasks stay in the export but are not offered in the wizard. */
  active: boolean;
  /** Admin note shown next to the active flag in the export. */
  note: string;
  /** Where the price comes from. */
  source: string;
  /** Subtasks sharing a group are mutually exclusive in one estimate. */
  exclusiveGroup?: string;
}

export interface Task {
  /** Same id as the sign-up task it belongs to (catalog/signup.ts), so plan access can match it. */
  id: string;
  name: string;
  /** The category's subtasks offered for this task, in display order. */
  subtaskIds: readonly string[];
}

export interface Category {
  id: string;
  name: string;
  tutorialUrl: string;
  tasks: readonly Task[];
  subtasks: readonly Subtask[];
}
