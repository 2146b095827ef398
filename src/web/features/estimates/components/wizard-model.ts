// The estimate wizard's rules, as pure functions over one draft object so
// the screens stay thin and the rules are tested on their own. Prices come from the domain's pricing
// functions, the very ones the server runs when it stores an estimate.
import {
  automotiveQuantityLabel,
  automotiveSubtasks,
  automotiveTasks,
  findAutomotiveSubtask,
  priceAutomotive,
} from '#domain/catalog/automotive';
import { categoryLabel, tutorialLink } from '#domain/catalog/categories';
import {
  exclusiveConflicts,
  findCategory,
  findSubtask,
  homeRepairCategories,
  subtasksForTask,
  toggleSubtask,
} from '#domain/catalog/home-repair';
import { unusualMeasurement, type UnusualMeasurement } from '#domain/catalog/usual-measurements';
import { isZip } from '#domain/geo';
import { decimalToNumber, fromCents } from '#domain/money';
import {
  buildSavedEstimatePayload,
  measuredQuantity,
  measurementFields,
  priceEstimate,
  savedEstimateText,
  splitRegion,
  type GradeLevel,
  type SavedEstimatePayload,
} from '#domain/pricing';
import { findRegion, regionByLocation, type Region } from '#domain/regions/index';
import { measurementErrors, WIZARD_MESSAGES } from '#domain/schemas/estimate.schema';

export const AUTOMOTIVE = 'automotive';

export const wizardSteps = [
  'start',
  'category',
  'task',
  'subtasks',
  'grade',
  'measurements',
  'region',
  'final',
  'done',
] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** Steps counted in "Step X of N" (the start page and the completion are outside the count). */
export const countedSteps: readonly WizardStep[] = [
  'category',
  'task',
  'subtasks',
  'grade',
  'measurements',
  'region',
  'final',
];

export const stepTitles: Readonly<Record<WizardStep, string>> = {
  start: 'Create an Estimate',
  category: 'Select Category',
  task: 'Pick Your Task',
  subtasks: 'Choose Subtasks',
  grade: 'Choose a Grade Level',
  measurements: 'Enter Measurements',
  region: 'Choose Your Region',
  final: 'This is your estimate.',
  done: 'Estimate saved',
};

export interface WizardDraft {
  step: WizardStep;
  category: string | null;
  task: string | null;
  subtasks: string[];
  gradeLevel: GradeLevel | null;
  /** subtask id -> field key -> value as typed. */
  measurements: Record<string, Record<string, string>>;
  /** Which subtask the measurements step shows (0-based). */
  measurementIndex: number;
  /** The "City, ST" label of the chosen region. */
  region: string | null;
  /** The job's ZIP code as typed, optional (decision 0048); absent in drafts kept before it existed. */
  zipCode?: string;
}

export const emptyDraft: WizardDraft = {
  step: 'start',
  category: null,
  task: null,
  subtasks: [],
  gradeLevel: null,
  measurements: {},
  measurementIndex: 0,
  region: null,
};

export interface WizardOption {
  id: string;
  name: string;
}

/** The wizard's categories: the 8 home-repair categories, then automotive as its own path. */
export const wizardCategories: readonly WizardOption[] = [
  ...homeRepairCategories.map((c) => ({ id: c.id, name: c.name })),
  { id: AUTOMOTIVE, name: categoryLabel(AUTOMOTIVE) },
];

export const isAutomotive = (d: Pick<WizardDraft, 'category'>) => d.category === AUTOMOTIVE;

export function categoryName(id: string | null): string {
  if (!id) return '';
  return findCategory(id)?.name ?? categoryLabel(id);
}

export function tutorialFor(category: string): string {
  return findCategory(category)?.tutorialUrl || tutorialLink(category);
}

export function tasksFor(category: string | null): WizardOption[] {
  if (!category) return [];
  if (category === AUTOMOTIVE) return automotiveTasks.map((t) => ({ id: t.id, name: t.name }));
  return (findCategory(category)?.tasks ?? []).map((t) => ({ id: t.id, name: t.name }));
}

export function taskName(d: Pick<WizardDraft, 'category' | 'task'>): string {
  return tasksFor(d.category).find((t) => t.id === d.task)?.name ?? d.task ?? '';
}

export interface WizardField {
  key: string;
  /** The label with the unit in brackets, e.g. "Length (ft)", "Number of Axles (axle)". */
  label: string;
  /** A whole-number count rather than a dimension. */
  quantity: boolean;
}

export interface WizardSubtask {
  id: string;
  name: string;
  fields: WizardField[];
  unitPrice: number;
  unit: string;
  source: string;
  exclusive: boolean;
}

function homeSubtask(id: string): WizardSubtask | undefined {
  const s = findSubtask(id);
  if (!s) return undefined;
  return {
    id: s.id,
    name: s.name,
    fields: measurementFields(s).map((f) => ({
      key: f.key,
      label: `${f.label} (${f.unit})`,
      quantity: f.key === 'quantity',
    })),
    unitPrice: s.unitPrice ?? 0,
    unit: s.unit,
    source: s.source,
    exclusive: Boolean(s.exclusiveGroup),
  };
}

function autoSubtask(id: string): WizardSubtask | undefined {
  const s = findAutomotiveSubtask(id);
  if (!s) return undefined;
  const label = automotiveQuantityLabel(s.measurementType);
  return {
    id: s.id,
    name: s.name,
    fields: label === null ? [] : [{ key: 'quantity', label, quantity: true }],
    unitPrice: s.price,
    unit: label === null ? 'job' : (label.match(/\(([^)]+)\)$/)?.[1] ?? 'each'),
    source: s.source,
    exclusive: false,
  };
}

export function wizardSubtask(category: string | null, id: string): WizardSubtask | undefined {
  return category === AUTOMOTIVE ? autoSubtask(id) : homeSubtask(id);
}

/** The subtasks the chosen task offers, in catalogue order. */
export function subtaskOptions(d: Pick<WizardDraft, 'category' | 'task'>): WizardSubtask[] {
  if (!d.category || !d.task) return [];
  const ids =
    d.category === AUTOMOTIVE
      ? automotiveSubtasks.filter((s) => s.taskId === d.task).map((s) => s.id)
      : subtasksForTask(d.category, d.task).map((s) => s.id);
  return ids.map((id) => wizardSubtask(d.category, id)).filter((s): s is WizardSubtask => !!s);
}

/** The selected subtasks in the order the catalogue lists them (the measurements step walks this list). */
export function selectedSubtasks(d: WizardDraft): WizardSubtask[] {
  return subtaskOptions(d).filter((s) => d.subtasks.includes(s.id));
}

/**
 * Toggles a subtask. Flooring types are mutually exclusive (one floor, one material): choosing one replaces
 * another already chosen. Returns the new selection and the names it replaced.
 */
export function toggleWizardSubtask(d: WizardDraft, id: string): { subtasks: string[]; replaced: string[] } {
  if (d.category === AUTOMOTIVE) {
    const subtasks = d.subtasks.includes(id) ? d.subtasks.filter((s) => s !== id) : [...d.subtasks, id];
    return { subtasks, replaced: [] };
  }
  const subtasks = toggleSubtask(d.subtasks, id);
  const replaced = d.subtasks
    .filter((s) => s !== id && !subtasks.includes(s))
    .map((s) => findSubtask(s)?.name ?? s);
  return { subtasks, replaced };
}

/**
 * What a measurement input keeps of what was typed: digits with an optional decimal point for dimensions,
 * digits only for quantities.
 */
export function filterMeasurementInput(raw: string, quantity: boolean): string {
  if (quantity) return raw.replace(/\D+/g, '');
  let seenPoint = false;
  let out = '';
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out;
}

/** Field errors of one subtask's measurements (empty when complete and valid). */
export function subtaskMeasurementErrors(d: WizardDraft, s: WizardSubtask): Record<string, string> {
  if (s.fields.length === 0) return {};
  const values = d.measurements[s.id];
  if (d.category === AUTOMOTIVE)
    return measurementErrors({ measurementType: 'flatRate', unit: s.unit }, values);
  const sub = findSubtask(s.id);
  return sub ? measurementErrors(sub, values) : {};
}

/**
 * A complete measurement far above the usual for its subtask (a second look is worth it, nothing is refused), in
 * the unit it is priced in: an area's square footage, a count, a length.
 */
export function unusualMeasurementOf(d: WizardDraft, s: WizardSubtask): UnusualMeasurement | null {
  if (s.fields.length === 0 || Object.keys(subtaskMeasurementErrors(d, s)).length > 0) return null;
  const values = d.measurements[s.id] ?? {};
  const home = isAutomotive(d) ? undefined : findSubtask(s.id);
  const quantity = home ? decimalToNumber(measuredQuantity(home, values)) : Number(values.quantity);
  return unusualMeasurement(s.id, quantity);
}

/** "2,500 sq ft", "40 tires", "25" (a count of "each" needs no unit). */
function quantityWithUnit(n: number, unit: string): string {
  if (unit === 'each') return formatQty(n);
  const plural = n !== 1 && /^[a-z]+$/.test(unit) ? `${unit}s` : unit;
  return `${formatQty(n)} ${plural}`;
}

/** The "Is that right?" notice under an unusual measurement: the value and the usual maximum. */
export function unusualMeasurementText(u: UnusualMeasurement): string {
  return `${quantityWithUnit(u.quantity, u.unit)} is far more than usual: most jobs need at most ${quantityWithUnit(u.max, u.unit)}. Check the numbers, or go on if they are right.`;
}

export function findWizardRegion(label: string | null): Region | undefined {
  if (!label) return undefined;
  return regionByLocation(label) ?? findRegion(label);
}

/** Whether Next (or Generate Estimate, or Save) may be pressed on the current step. */
export function canProceed(d: WizardDraft): boolean {
  switch (d.step) {
    case 'start':
      return true;
    case 'category':
      return wizardCategories.some((c) => c.id === d.category);
    case 'task':
      return tasksFor(d.category).some((t) => t.id === d.task);
    case 'subtasks':
      return d.subtasks.length > 0 && (isAutomotive(d) || exclusiveConflicts(d.subtasks).length === 0);
    case 'grade':
      return d.gradeLevel !== null;
    case 'measurements': {
      const s = selectedSubtasks(d)[d.measurementIndex];
      return s !== undefined && Object.keys(subtaskMeasurementErrors(d, s)).length === 0;
    }
    case 'region':
      return findWizardRegion(d.region) !== undefined;
    case 'final':
      return isComplete(d);
    case 'done':
      return false;
  }
}

/** Every step's rule holds at once: the draft can be saved. */
export function isComplete(d: WizardDraft): boolean {
  const subs = selectedSubtasks(d);
  return (
    subs.length > 0 &&
    subs.length === d.subtasks.length &&
    d.gradeLevel !== null &&
    (isAutomotive(d) || exclusiveConflicts(d.subtasks).length === 0) &&
    subs.every((s) => Object.keys(subtaskMeasurementErrors(d, s)).length === 0) &&
    findWizardRegion(d.region) !== undefined
  );
}

/** The draft after pressing Next (measurements walk one subtask at a time). */
export function nextStep(d: WizardDraft): WizardDraft {
  if (!canProceed(d)) return d;
  switch (d.step) {
    case 'start':
      return { ...d, step: 'category' };
    case 'category':
      return { ...d, step: 'task' };
    case 'task':
      return { ...d, step: 'subtasks' };
    case 'subtasks':
      return { ...d, step: 'grade' };
    case 'grade':
      return { ...d, step: 'measurements', measurementIndex: 0 };
    case 'measurements': {
      const n = selectedSubtasks(d).length;
      if (d.measurementIndex < n - 1) return { ...d, measurementIndex: d.measurementIndex + 1 };
      return { ...d, step: 'region' };
    }
    case 'region':
      return { ...d, step: 'final' };
    case 'final':
      return { ...d, step: 'done' };
    case 'done':
      return d;
  }
}

/** The draft after pressing Back: everything entered is kept. */
export function previousStep(d: WizardDraft): WizardDraft {
  switch (d.step) {
    case 'start':
    case 'done':
      return d;
    case 'category':
      return { ...d, step: 'start' };
    case 'task':
      return { ...d, step: 'category' };
    case 'subtasks':
      return { ...d, step: 'task' };
    case 'grade':
      return { ...d, step: 'subtasks' };
    case 'measurements':
      if (d.measurementIndex > 0) return { ...d, measurementIndex: d.measurementIndex - 1 };
      return { ...d, step: 'grade' };
    case 'region': {
      const n = selectedSubtasks(d).length;
      return { ...d, step: 'measurements', measurementIndex: Math.max(0, n - 1) };
    }
    case 'final':
      return { ...d, step: 'region' };
  }
}

/**
 * The wizard opened with choices already made, from `?category=..&task=..&region=..` (a cost guide's "Price your
 * own job", decision 0047; the region by its id): a fresh draft with each known choice, on the first step still to
 * do (the subtasks once the task is chosen, the task once the category is). An unknown value is ignored, and so is
 * a task without its category; null when the address chooses nothing the wizard knows.
 */
export function preselectedDraft(search: string): WizardDraft | null {
  const q = new URLSearchParams(search);
  const category = wizardCategories.find((c) => c.id === q.get('category'))?.id ?? null;
  const task = category ? (tasksFor(category).find((t) => t.id === q.get('task'))?.id ?? null) : null;
  const regionId = q.get('region');
  const region = regionId ? (findRegion(regionId)?.location ?? null) : null;
  if (!category && !region) return null;
  const step: WizardStep = task ? 'subtasks' : category ? 'task' : 'category';
  return { ...emptyDraft, step, category, task, region };
}

/** Choosing another category clears the task and subtasks (they belong to the old category). */
export function chooseCategory(d: WizardDraft, category: string): WizardDraft {
  if (d.category === category) return d;
  return { ...d, category, task: null, subtasks: [], measurementIndex: 0 };
}

/** Choosing another task keeps only the subtasks the new task also offers. */
export function chooseTask(d: WizardDraft, task: string): WizardDraft {
  if (d.task === task) return d;
  const next = { ...d, task };
  const offered = new Set(subtaskOptions(next).map((s) => s.id));
  return { ...next, subtasks: d.subtasks.filter((s) => offered.has(s)), measurementIndex: 0 };
}

export function setMeasurement(d: WizardDraft, subtaskId: string, key: string, value: string): WizardDraft {
  return {
    ...d,
    measurements: { ...d.measurements, [subtaskId]: { ...d.measurements[subtaskId], [key]: value } },
  };
}

/** Only the measurements of selected subtasks travel (extra keys would be ignored anyway). */
function selectedMeasurements(d: WizardDraft): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const s of selectedSubtasks(d)) {
    const m: Record<string, string> = {};
    for (const f of s.fields) {
      const v = d.measurements[s.id]?.[f.key];
      if (v !== undefined) m[f.key] = v;
    }
    out[s.id] = m;
  }
  return out;
}

export interface PreviewLine {
  subtaskId: string;
  name: string;
  /** What was measured, e.g. "12 ft x 10 ft = 120 sq ft", "2 axle", "1 job". */
  measurement: string;
  unitPrice: number;
  unit: string;
  gradeMultiplier: number;
  regionMultiplier: number;
  amountCents: number;
  source: string;
  /** Missing or invalid measurements: the line counts 0 until they are entered. */
  pending: boolean;
}

export interface Preview {
  lines: PreviewLine[];
  grade: GradeLevel;
  gradeChosen: boolean;
  gradeMultiplier: number;
  regionMultiplier: number;
  region: Region | undefined;
  finalCents: number;
  minCents: number;
  maxCents: number;
  automotive: boolean;
}

function formatQty(n: number): string {
  return Number.isInteger(n)
    ? n.toLocaleString('en-US')
    : n.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/**
 * The live price of the draft, computed by the domain's priceEstimate (home repair) or priceAutomotive, the
 * functions the server uses when it stores an estimate (both price through the domain's one quote function).
 * Until a grade is chosen the preview uses Standard; until a region is chosen, the national average
 * (multiplier 1).
 */
export function previewPrice(d: WizardDraft): Preview {
  const grade: GradeLevel = d.gradeLevel ?? 'Standard';
  const region = findWizardRegion(d.region);
  const subs = selectedSubtasks(d);
  const pending = (s: WizardSubtask) => Object.keys(subtaskMeasurementErrors(d, s)).length > 0;
  if (isAutomotive(d)) {
    const items = subs.map((s) => ({
      subtaskId: s.id,
      quantity: s.fields.length === 0 ? 1 : pending(s) ? 0 : Number(d.measurements[s.id]?.quantity),
    }));
    const price = priceAutomotive(grade, items);
    const lines = price.lines.map((l, i) => {
      const s = subs[i]!;
      return {
        subtaskId: l.subtaskId,
        name: l.name,
        measurement: `${formatQty(l.quantity)} ${l.unit}`,
        unitPrice: l.unitPrice,
        unit: l.unit,
        gradeMultiplier: price.gradeMultiplier,
        regionMultiplier: 1,
        amountCents: l.amountCents,
        source: s.source,
        pending: pending(s),
      };
    });
    return {
      lines,
      grade,
      gradeChosen: d.gradeLevel !== null,
      gradeMultiplier: price.gradeMultiplier,
      regionMultiplier: 1,
      region,
      finalCents: price.totalCents,
      minCents: price.minCents,
      maxCents: price.maxCents,
      automotive: true,
    };
  }
  const price = priceEstimate({
    category: d.category ?? '',
    task: d.task ?? '',
    subtasks: subs.map((s) => s.id),
    measurements: selectedMeasurements(d),
    gradeLevel: grade,
    region: region?.location ?? '',
  });
  const lines = price.lines.map((l, i) => {
    const s = subs[i]!;
    const values = d.measurements[s.id] ?? {};
    const measurement =
      s.fields.length === 0
        ? `1 ${l.unit}`
        : s.fields.length === 2
          ? `${values.length ?? '?'} ft x ${values.width ?? '?'} ft = ${formatQty(l.quantity)} ${l.unit}`
          : `${formatQty(l.quantity)} ${l.unit}`;
    return {
      subtaskId: l.subtaskId,
      name: l.name,
      measurement,
      unitPrice: l.unitPrice,
      unit: l.unit,
      gradeMultiplier: price.gradeMultiplier,
      regionMultiplier: price.regionMultiplier,
      amountCents: l.amountCents,
      source: s.source,
      pending: pending(s),
    };
  });
  return {
    lines,
    grade,
    gradeChosen: d.gradeLevel !== null,
    gradeMultiplier: price.gradeMultiplier,
    regionMultiplier: price.regionMultiplier,
    region,
    finalCents: price.finalCents,
    minCents: price.minCents,
    maxCents: price.maxCents,
    automotive: false,
  };
}

/** The body of POST /api/estimate/automotive for an automotive draft (Linked subtasks count once). */
export function automotiveBody(d: WizardDraft): {
  grade: GradeLevel;
  items: { subtaskId: string; quantity: number }[];
} {
  return {
    grade: d.gradeLevel ?? 'Standard',
    items: selectedSubtasks(d).map((s) => ({
      subtaskId: s.id,
      quantity: s.fields.length === 0 ? 1 : Number(d.measurements[s.id]?.quantity ?? 1),
    })),
  };
}

/** The saved-estimate payload (POST /api/estimates), built by the domain. */
export function savePayload(d: WizardDraft): SavedEstimatePayload {
  const region = findWizardRegion(d.region)?.location ?? d.region ?? '';
  const gradeLevel = d.gradeLevel ?? 'Standard';
  const subtasks = selectedSubtasks(d).map((s) => s.id);
  if (isAutomotive(d)) {
    const preview = previewPrice(d);
    const task = taskName(d);
    return {
      ...savedEstimateText(task, categoryName(AUTOMOTIVE), subtasks.length),
      category: AUTOMOTIVE,
      task,
      subtasks,
      measurements: JSON.stringify(selectedMeasurements(d)),
      gradeLevel,
      region,
      finalEstimate: fromCents(preview.finalCents),
      minBudget: fromCents(preview.minCents),
      maxBudget: fromCents(preview.maxCents),
      address: null,
      ...splitRegion(region),
      zipCode: '',
      status: 'draft',
    };
  }
  return {
    ...buildSavedEstimatePayload({
      category: d.category ?? '',
      task: d.task ?? '',
      subtasks,
      measurements: selectedMeasurements(d),
      gradeLevel,
      region,
    }),
    // Sent only when it looks like one: the server checks it against its ZIP code data (decision 0048).
    zipCode: wizardZip(d),
  };
}

/** The draft's ZIP code if it is five digits, else none. */
export const wizardZip = (d: Pick<WizardDraft, 'zipCode'>) => {
  const zip = d.zipCode?.trim() ?? '';
  return isZip(zip) ? zip : '';
};

export { WIZARD_MESSAGES };
