// Estimate wizard steps and payloads: measurements, quantities, the saved-estimate body.
import { isZipOrEmpty, ZIP_MESSAGE } from '../geo.ts';
import { z } from 'zod';
import {
  exclusiveConflicts,
  findCategory,
  findTask,
  homeRepairCategories,
  slugKey,
  type Catalog,
} from '../catalog/home-repair.ts';
import { estimateStatuses } from '../catalog/categories.ts';
import { automotiveSubtasks, automotiveTasks } from '../catalog/automotive.ts';
import { gradeLevels, measurementFields, parseMeasurements, type EstimateInput } from '../pricing.ts';
import { findRegion, regionByLocation } from '../regions/index.ts';

export const WIZARD_MESSAGES = {
  subtasks: 'Please select at least one subtask',
  flooring: 'Choose only one flooring type',
  grade: 'Please select a grade level',
  required: 'This measurement is required',
  digits: 'Use digits with an optional decimal point',
  positive: 'Enter a value greater than 0',
  tooLarge: 'That value is too large',
  quantity: 'Quantity must be at least 1',
  wholeQuantity: 'Quantity must be a whole number',
  region: 'Please select a region',
  unknownRegion: 'Unknown region',
} as const;

/** Largest dimension (ft or sq ft) and quantity accepted. */
export const MAX_MEASUREMENT = 1_000_000;
export const MAX_QUANTITY = 10_000;

const DIGITS = /^(\d+\.?\d*|\.\d+)$/;

/** A measurement input: digits with an optional decimal point, non-empty, positive. */
export const measurementValueSchema = z.union([z.string(), z.number()]).superRefine((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (text === '') return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.required });
  if (!DIGITS.test(text)) return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.digits });
  const n = Number(text);
  if (n <= 0) return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.positive });
  if (n > MAX_MEASUREMENT) ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.tooLarge });
});

/** A flat-rate quantity: a whole number, minimum 1. */
export const quantitySchema = z.union([z.string(), z.number()]).superRefine((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (text === '') return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.required });
  if (!DIGITS.test(text)) return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.digits });
  const n = Number(text);
  if (n < 1) return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.quantity });
  if (!Number.isInteger(n))
    return void ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.wholeQuantity });
  if (n > MAX_QUANTITY) ctx.addIssue({ code: 'custom', message: WIZARD_MESSAGES.tooLarge });
});

/** Subtask step: at least one subtask; flooring types mutually exclusive. */
export const subtaskStepSchema = z.object({
  subtasks: z
    .array(z.string().min(1))
    .min(1, WIZARD_MESSAGES.subtasks)
    .refine((ids) => exclusiveConflicts(ids).length === 0, WIZARD_MESSAGES.flooring),
});

/** Grade step. */
export const gradeStepSchema = z.object({
  gradeLevel: z.enum(gradeLevels, { error: WIZARD_MESSAGES.grade }),
});

/** Region step: required ("Generate Estimate" stays disabled without it). */
export const regionStepSchema = z.object({
  region: z.union([z.string().trim().min(1, WIZARD_MESSAGES.region), z.number().int().positive()], {
    error: WIZARD_MESSAGES.region,
  }),
});

/** The issues of one subtask's measurements, keyed by field (empty when valid). */
export function measurementErrors(
  subtask: Parameters<typeof measurementFields>[0],
  values: Readonly<Record<string, string | number>> | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of measurementFields(subtask)) {
    const raw = values?.[field.key];
    const schema = field.key === 'quantity' ? quantitySchema : measurementValueSchema;
    const result = schema.safeParse(raw ?? '');
    if (!result.success) errors[field.key] = result.error.issues[0]?.message ?? WIZARD_MESSAGES.required;
  }
  return errors;
}

/** True when the region is a known id or "City, ST" label. */
export function isKnownRegion(region: string | number): boolean {
  return ((typeof region === 'string' ? regionByLocation(region) : undefined) ?? findRegion(region))
    ? true
    : false;
}

const measurementsInput = z.preprocess(
  (v) => parseMeasurements(v ?? {}),
  z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))),
);

const estimateInputShape = {
  category: z.string().trim().min(1, 'Please select a category'),
  task: z.string().trim().min(1, 'Please select a task'),
  subtasks: z.array(z.string().min(1)).min(1, WIZARD_MESSAGES.subtasks).max(50),
  measurements: measurementsInput,
  gradeLevel: z.enum(gradeLevels, { error: WIZARD_MESSAGES.grade }),
  region: regionStepSchema.shape.region,
};

function checkEstimate(catalog: Catalog) {
  return (
    v: {
      category: string;
      task: string;
      subtasks: string[];
      measurements: EstimateInput['measurements'];
      region: string | number;
    },
    ctx: z.RefinementCtx,
  ) => {
    const category = findCategory(v.category, catalog);
    if (!category)
      return void ctx.addIssue({ code: 'custom', path: ['category'], message: 'Unknown category' });
    const task = findTask(v.category, v.task, catalog);
    if (!task)
      return void ctx.addIssue({ code: 'custom', path: ['task'], message: 'Unknown task for this category' });
    if (new Set(v.subtasks).size !== v.subtasks.length) {
      ctx.addIssue({ code: 'custom', path: ['subtasks'], message: 'A subtask is listed twice' });
    }
    for (const [i, id] of v.subtasks.entries()) {
      const subtask = category.subtasks.find((s) => s.id === id);
      if (!subtask || !subtask.active || !task.subtaskIds.includes(id)) {
        ctx.addIssue({ code: 'custom', path: ['subtasks', i], message: 'Unknown subtask for this task' });
        continue;
      }
      for (const [field, message] of Object.entries(measurementErrors(subtask, v.measurements[id]))) {
        ctx.addIssue({ code: 'custom', path: ['measurements', id, field], message });
      }
    }
    if (exclusiveConflicts(v.subtasks, catalog).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['subtasks'], message: WIZARD_MESSAGES.flooring });
    }
    if (!isKnownRegion(v.region))
      ctx.addIssue({ code: 'custom', path: ['region'], message: WIZARD_MESSAGES.unknownRegion });
  };
}

/** The category id of the automotive catalogue, which the wizard offers as its own path. */
export const AUTOMOTIVE_CATEGORY = 'automotive';

/** The automotive task with this id or name (case-insensitive). */
export function findAutomotiveTask(idOrName: string) {
  const key = slugKey(idOrName);
  return automotiveTasks.find((t) => t.id === key || slugKey(t.name) === key);
}

/**
 * An automotive estimate: a task of the automotive catalogue, its subtasks, a whole-number quantity of at least
 * 1 for every subtask except Linked ones (no input), and a known region.
 */
function checkAutomotive(
  v: {
    task: string;
    subtasks: string[];
    measurements: EstimateInput['measurements'];
    region: string | number;
  },
  ctx: z.RefinementCtx,
) {
  const task = findAutomotiveTask(v.task);
  if (!task)
    return void ctx.addIssue({ code: 'custom', path: ['task'], message: 'Unknown task for this category' });
  if (new Set(v.subtasks).size !== v.subtasks.length) {
    ctx.addIssue({ code: 'custom', path: ['subtasks'], message: 'A subtask is listed twice' });
  }
  for (const [i, id] of v.subtasks.entries()) {
    const subtask = automotiveSubtasks.find((s) => s.id === id && s.taskId === task.id);
    if (!subtask) {
      ctx.addIssue({ code: 'custom', path: ['subtasks', i], message: 'Unknown subtask for this task' });
      continue;
    }
    if (subtask.measurementType === 'Linked') continue;
    const result = quantitySchema.safeParse(v.measurements[id]?.quantity ?? '');
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? WIZARD_MESSAGES.required;
      ctx.addIssue({ code: 'custom', path: ['measurements', id, 'quantity'], message });
    }
  }
  if (!isKnownRegion(v.region))
    ctx.addIssue({ code: 'custom', path: ['region'], message: WIZARD_MESSAGES.unknownRegion });
}

/** The estimate inputs the server accepts, checked against `catalog` (ids, measurements per type, region). */
export function makeEstimateInputSchema(catalog: Catalog = homeRepairCategories) {
  return z.object(estimateInputShape).superRefine(checkEstimate(catalog));
}
export const estimateInputSchema = makeEstimateInputSchema();

/**
 * POST /api/estimates body: the saved-estimate payload, of the home-repair catalogue or,
 * with category "automotive", of the automotive one. The price fields are accepted but ignored: the server
 * recomputes them from the pricing inputs.
 */
export function makeSavedEstimatePayloadSchema(catalog: Catalog = homeRepairCategories) {
  return z
    .object({
      ...estimateInputShape,
      title: z.string().trim().max(200).optional(),
      description: z.string().trim().max(2000).optional(),
      finalEstimate: z.number().nonnegative().optional(),
      minBudget: z.number().nonnegative().optional(),
      maxBudget: z.number().nonnegative().optional(),
      address: z.string().trim().max(200).nullable().optional(),
      city: z.string().trim().max(100).optional(),
      state: z.string().trim().max(100).optional(),
      /** Optional: empty for none, else five digits the server then finds in its ZIP code data (decision 0048). */
      zipCode: z.string().trim().refine(isZipOrEmpty, ZIP_MESSAGE).optional(),
      status: z.literal('draft').optional(),
    })
    .superRefine((v, ctx) =>
      slugKey(v.category) === AUTOMOTIVE_CATEGORY ? checkAutomotive(v, ctx) : checkEstimate(catalog)(v, ctx),
    );
}
export const savedEstimatePayloadSchema = makeSavedEstimatePayloadSchema();

/** PUT /api/estimates/{id}/status body. */
export const estimateStatusSchema = z.object({ status: z.enum(estimateStatuses) });

/** The longest title and description an owner may give an estimate (the save accepts the same). */
export const ESTIMATE_TEXT_LIMITS = { title: 200, description: 2000 } as const;

export const ESTIMATE_TEXT_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: `The title can be at most ${ESTIMATE_TEXT_LIMITS.title} characters`,
  descriptionTooLong: `The description can be at most ${ESTIMATE_TEXT_LIMITS.description.toLocaleString('en-US')} characters`,
  notText: 'Enter text',
  nothingToChange: 'Send a title or a description to change',
} as const;

/**
 * The owner's title and description, trimmed: a title of 1 to 200 characters, a description of up to 2,000 (empty
 * is allowed). The edit form on the estimate's page checks this before it sends.
 */
export const estimateTextSchema = z.object({
  title: z
    .string({ error: ESTIMATE_TEXT_MESSAGES.notText })
    .trim()
    .min(1, ESTIMATE_TEXT_MESSAGES.titleRequired)
    .max(ESTIMATE_TEXT_LIMITS.title, ESTIMATE_TEXT_MESSAGES.titleTooLong),
  description: z
    .string({ error: ESTIMATE_TEXT_MESSAGES.notText })
    .trim()
    .max(ESTIMATE_TEXT_LIMITS.description, ESTIMATE_TEXT_MESSAGES.descriptionTooLong),
});
export type EstimateTextInput = z.input<typeof estimateTextSchema>;

/** PATCH /api/estimates/{id} body: the title, the description or both; at least one of them. */
export const updateEstimateSchema = estimateTextSchema
  .partial()
  .refine(
    (v) => v.title !== undefined || v.description !== undefined,
    ESTIMATE_TEXT_MESSAGES.nothingToChange,
  );
export type UpdateEstimateInput = z.output<typeof updateEstimateSchema>;

/** POST /api/estimate/automotive body: {grade, items of {subtaskId, quantity}}. */
export const automotiveEstimateSchema = z.object({
  grade: z.enum(gradeLevels, { error: WIZARD_MESSAGES.grade }),
  items: z
    .array(
      z.object({
        subtaskId: z
          .string()
          .refine((id) => automotiveSubtasks.some((s) => s.id === id), 'Unknown automotive subtask'),
        quantity: z
          .number()
          .int(WIZARD_MESSAGES.wholeQuantity)
          .min(1, WIZARD_MESSAGES.quantity)
          .max(MAX_QUANTITY)
          .default(1),
      }),
    )
    .min(1, WIZARD_MESSAGES.subtasks)
    .max(50),
});
export type AutomotiveEstimateInput = z.infer<typeof automotiveEstimateSchema>;
