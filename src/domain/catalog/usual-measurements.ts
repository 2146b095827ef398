// How big an ordinary job is: the usual upper bound of one subtask's measured quantity, per unit the catalogue
// prices in, with a few subtasks whose ordinary job is far smaller or larger than their unit's bound. A quantity
// above it is allowed (the estimate is priced and saved as entered); the wizard only asks "Is that right?", to
// catch inches typed as feet or a zero too many. Bounds are in the priced unit, so an area subtask (length x
// width) is bounded by its square footage, not by either side.
import { automotiveUnits, findAutomotiveSubtask } from './automotive.ts';
import { findSubtask } from './home-repair.ts';

/** The usual largest quantity of one job, per priced unit. A unit with no input ("job") has none. */
export const usualMaxByUnit: Readonly<Record<string, number>> = {
  // A whole floor, a whole bathroom's walls or a whole roof-line of a large house.
  'sq ft': 2_000,
  // A long fence or every duct run of a house.
  'linear ft': 500,
  each: 20,
  step: 20,
  zone: 8,
  plant: 100,
  tree: 20,
  // Automotive: one vehicle.
  service: 4,
  axle: 3,
  tire: 6,
  line: 6,
};

/** Subtasks whose ordinary job differs by far from their unit's bound (same unit as the subtask). */
export const usualMaxBySubtask: Readonly<Record<string, number>> = {
  // A kitchen's counters, backsplash and cabinet runs are a few dozen feet, not a floor's worth.
  'kitchen-countertops': 200,
  'kitchen-backsplash': 200,
  'kitchen-cabinets': 100,
  // A house's outside walls and whole-house rewiring run past a floor's area.
  'siding-vinyl': 5_000,
  'siding-fiber-cement': 5_000,
  'siding-wood': 5_000,
  'siding-engineered-wood': 5_000,
  'siding-removal': 5_000,
  'electrical-rewiring': 5_000,
  // Lawns and yards are measured in thousands of square feet.
  'landscaping-sod': 10_000,
  'landscaping-mulch': 10_000,
  'landscaping-grading': 10_000,
};

export interface UsualMaximum {
  max: number;
  /** The priced unit: "sq ft", "linear ft", "each", "axle"... */
  unit: string;
}

/** The unit a subtask (home repair or automotive) is priced in, or undefined for an unknown id. */
function pricedUnit(subtaskId: string): string | undefined {
  const home = findSubtask(subtaskId);
  if (home) return home.unit;
  const auto = findAutomotiveSubtask(subtaskId);
  return auto ? automotiveUnits[auto.measurementType] : undefined;
}

/** The usual largest quantity of one job of this subtask; null for an unknown subtask or one without input. */
export function usualMaximum(subtaskId: string): UsualMaximum | null {
  const unit = pricedUnit(subtaskId);
  if (unit === undefined) return null;
  const max = usualMaxBySubtask[subtaskId] ?? usualMaxByUnit[unit];
  return max === undefined ? null : { max, unit };
}

export interface UnusualMeasurement extends UsualMaximum {
  quantity: number;
}

/** The quantity with its usual maximum when it is above that maximum (worth a second look), else null. */
export function unusualMeasurement(subtaskId: string, quantity: number): UnusualMeasurement | null {
  const usual = usualMaximum(subtaskId);
  if (!usual || !Number.isFinite(quantity) || quantity <= usual.max) return null;
  return { ...usual, quantity };
}
