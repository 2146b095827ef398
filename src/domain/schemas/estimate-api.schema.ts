// What the estimate endpoints accept and return: the request POST /api/estimates takes (subtasks by name
// or id), the estimate read, list pages and their filters,
// plan usage and the automotive catalogue and price. The server validates and serializes with these; the web
// types its calls from them.
import { distanceField, nearQueryShape } from './geo.schema.ts';
import { z } from 'zod';
import { customerFactsSchema } from './review.schema.ts';
import { automotiveMeasurementTypes, automotiveSubtasks } from '../catalog/automotive.ts';
import { estimateStatuses, taskSortOptions } from '../catalog/categories.ts';
import {
  findCategory,
  findTask,
  homeRepairCategories,
  slugKey,
  type Catalog,
} from '../catalog/home-repair.ts';
import { measurementTypes, type Subtask } from '../catalog/types.ts';
import { customerPlanIds } from '../plans.ts';
import { gradeLevels, parseMeasurements } from '../pricing.ts';
import {
  AUTOMOTIVE_CATEGORY,
  findAutomotiveTask,
  makeSavedEstimatePayloadSchema,
} from './estimate.schema.ts';

// ---------------------------------------------------------------------------------------------------------
// POST /api/estimates

/**
 * The largest estimate priced online, in cents ($100,000,000). Larger totals come only from absurd
 * measurements and would no longer be exact in a JavaScript number; the server answers 400.
 */
export const MAX_ESTIMATE_CENTS = 10_000_000_000;
export const ESTIMATE_TOO_LARGE_MESSAGE =
  'This estimate is larger than we can price online. Please check the measurements.';

/**
 * Resolves the subtasks of a saved-estimate body to catalogue ids: a client may send the names the
 * wizard shows ("Cabinets") or the ids ("kitchen-cabinets"), in any case. Measurement keys are
 * resolved the same way, and a measurements JSON string becomes an object. Anything it cannot resolve is
 * left as sent, for the schema to report.
 */
export function normalizeEstimatePayload(raw: unknown, catalog: Catalog = homeRepairCategories): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  if (typeof body.category !== 'string') return raw;
  if (slugKey(body.category) === AUTOMOTIVE_CATEGORY) return normalizeAutomotive(body);
  const category = findCategory(body.category, catalog);
  if (!category) return raw;
  const task = typeof body.task === 'string' ? findTask(body.category, body.task, catalog) : undefined;
  const offered = task
    ? task.subtaskIds
        .map((id) => category.subtasks.find((s) => s.id === id))
        .filter((s): s is Subtask => s !== undefined)
    : [];
  const resolve = (value: string): string => {
    const id = value.trim().toLowerCase();
    const byId = category.subtasks.find((s) => s.id === id);
    if (byId) return byId.id;
    const key = slugKey(value);
    const byName =
      offered.find((s) => slugKey(s.name) === key) ?? category.subtasks.find((s) => slugKey(s.name) === key);
    return byName?.id ?? value;
  };
  const out: Record<string, unknown> = { ...body };
  if (Array.isArray(body.subtasks)) {
    out.subtasks = body.subtasks.map((s: unknown) => (typeof s === 'string' ? resolve(s) : s));
  }
  if (body.measurements !== undefined && body.measurements !== null) {
    const parsed = parseMeasurements(body.measurements);
    out.measurements = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [resolve(k), v]));
  }
  return out;
}

/** normalizeEstimatePayload for the automotive catalogue: subtasks of the task by name or id. */
function normalizeAutomotive(body: Record<string, unknown>): Record<string, unknown> {
  const task = typeof body.task === 'string' ? findAutomotiveTask(body.task) : undefined;
  const offered = automotiveSubtasks.filter((s) => !task || s.taskId === task.id);
  const resolve = (value: string): string => {
    const id = value.trim().toLowerCase();
    const key = slugKey(value);
    return (offered.find((s) => s.id === id) ?? offered.find((s) => slugKey(s.name) === key))?.id ?? value;
  };
  const out: Record<string, unknown> = { ...body };
  if (Array.isArray(body.subtasks)) {
    out.subtasks = body.subtasks.map((s: unknown) => (typeof s === 'string' ? resolve(s) : s));
  }
  if (body.measurements !== undefined && body.measurements !== null) {
    const parsed = parseMeasurements(body.measurements);
    out.measurements = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [resolve(k), v]));
  }
  return out;
}

/** POST /api/estimates body: the saved-estimate payload, subtasks by name or id (see normalizeEstimatePayload). */
export function makeCreateEstimateSchema(catalog: Catalog = homeRepairCategories) {
  return z.preprocess((v) => normalizeEstimatePayload(v, catalog), makeSavedEstimatePayloadSchema(catalog));
}
export const createEstimateSchema = makeCreateEstimateSchema();
export type CreateEstimateBody = z.input<typeof createEstimateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reads

/** One priced line as stored: the domain's LineItem plus where its unit price comes from. */
export const estimateLineItemSchema = z.object({
  subtaskId: z.string(),
  name: z.string(),
  measurementType: z.enum(measurementTypes),
  /** length x width, square footage, length, count, or 1 for "none". */
  quantity: z.number(),
  unit: z.string(),
  /** Dollars per unit (0 when the subtask has no rate). */
  unitPrice: z.number(),
  /** quantity x unit price, before grade and region, in cents. */
  baseCents: z.number().int(),
  /** What the line adds to the final estimate, in cents, and in dollars. */
  amountCents: z.number().int(),
  amount: z.number(),
  /** Where the unit price comes from (spec figure or a cost-guide page with its range). */
  source: z.string(),
});
export type EstimateLineItem = z.infer<typeof estimateLineItemSchema>;

/**
 * An estimate as every read returns it: the stored estimate with the names the
 * wizard shows (task, subtasks, region) plus the catalogue ids, the server's price in dollars with cents, and
 * the stored line items with the multipliers that produced them.
 */
export const estimateSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  task: z.string(),
  taskId: z.string(),
  subtasks: z.array(z.string()),
  subtaskIds: z.array(z.string()),
  /** Subtask id -> measure -> value, as entered. */
  measurements: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))),
  gradeLevel: z.enum(gradeLevels),
  /** The "City, ST" label. */
  region: z.string(),
  regionId: z.number().int(),
  finalEstimate: z.number(),
  minBudget: z.number(),
  maxBudget: z.number(),
  gradeMultiplier: z.number(),
  regionMultiplier: z.number(),
  /** The BEA area the regional multiplier comes from (Regional Price Parities, 2024). */
  regionSource: z.string(),
  lineItems: z.array(estimateLineItemSchema),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  status: z.enum(estimateStatuses),
  /** Bids placed on the estimate (0 until bids exist). */
  bidCount: z.number().int(),
  customerId: z.string(),
  /** The owner's first name and last initial ("Ann C."). */
  customerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was last posted; null while it has never been posted. */
  datePosted: z.string().nullable(),
  /** For a provider reading posted work: the owner's record (completed jobs, hires, late cancellations, rating). */
  customerFacts: customerFactsSchema.optional(),
  /**
   * For a provider reading posted work: whether their plan lets them act on it now (bid, message) and, if not,
   * the Contact button's label and reason. Absent for everyone else.
   */
  providerAccess: z
    .object({
      allowed: z.boolean(),
      label: z.enum(['Message', 'Upgrade Required', 'No Access']),
      reason: z.string().nullable(),
    })
    .optional(),
  /** Miles from the list's `near` ZIP code (decision 0048), one decimal; null without a location. */
  ...distanceField,
});
export type Estimate = z.infer<typeof estimateSchema>;

/** Default and largest page size of the estimate lists. */
export const ESTIMATE_PAGE_SIZE = 10;
export const MAX_ESTIMATE_PAGE_SIZE = 100;

/** "all" (or nothing) means no filter. */
const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v === '' || v.toLowerCase() === 'all' ? undefined : v));

/**
 * Query of the estimate lists (GET /api/estimates, /api/my-estimates, /api/estimates/posted,
 * /api/posted-estimates): page from 1, pageSize up to 100 (default 10), newest first; search matches the
 * title (case-insensitive); status applies to the owner's lists; task to the posted lists.
 */
export const estimateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_ESTIMATE_PAGE_SIZE).default(ESTIMATE_PAGE_SIZE),
  search: filterText(100),
  status: z
    .enum(['all', ...estimateStatuses])
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  category: filterText(50).transform((v) => (v === undefined ? undefined : slugKey(v))),
  /** A task id or name ("kitchen-remodel" or "Kitchen Remodel"). */
  task: filterText(100).transform((v) => (v === undefined ? undefined : slugKey(v))),
});
export type EstimateListQuery = z.input<typeof estimateListQuerySchema>;

/**
 * Query of the providers' task lists (GET /api/tasks, /api/tasks/posted): the posted
 * estimates, searched over title and description, by category, newest first or by budget.
 */
export const taskListQuerySchema = estimateListQuerySchema.omit({ status: true }).extend({
  /** 'nearest' needs `near` (decision 0048). */
  sort: z.enum([...taskSortOptions, 'nearest']).default('newest'),
  ...nearQueryShape,
});

/**
 * Query of the posted lists (GET /api/estimates/posted, /api/posted-estimates): the estimate lists' filters, and
 * near a ZIP code (decision 0048): `near` measures, `radius` keeps those within it, 'nearest' sorts by distance.
 */
export const postedListQuerySchema = estimateListQuerySchema.omit({ status: true }).extend({
  sort: z.enum(['newest', 'nearest']).default('newest'),
  ...nearQueryShape,
});
export type PostedListQuery = z.input<typeof postedListQuerySchema>;
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** GET /api/recommendations and /api/tasks/recommendations: the best matches first, each with its reason. */
export const recommendationsSchema = z.object({
  items: z.array(estimateSchema.extend({ matchScore: z.number().int(), matchReason: z.string() })),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

/**
 * The posted lists count at most this many matches: an exact count of every posted estimate on each request
 * would read tens of thousands of rows; past the cap the screens say "1000+".
 */
export const POSTED_LIST_COUNT_CAP = 1000;

/** A page of a list: the items of the page and the total count under the same filters. */
export const estimatePageSchema = z.object({
  items: z.array(estimateSchema),
  total: z.number().int(),
  /** True when more than `total` match (the posted lists stop counting at POSTED_LIST_COUNT_CAP). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EstimatePage = z.infer<typeof estimatePageSchema>;

/** PATCH /api/estimates/{id}/post, PUT /api/estimates/{id}/status: the estimate after the change. */
export const estimateIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------
// Customer plan usage (GET /api/estimates/usage)

const usageItem = z.object({
  used: z.number().int(),
  /** null: unlimited. */
  limit: z.number().int().nullable(),
});

/**
 * Where a customer stands against the plan limits: estimates generated (saved from the
 * wizard) this calendar month, saved drafts held now, estimates posted this calendar month. Months are UTC.
 */
export const estimateUsageSchema = z.object({
  plan: z.enum(customerPlanIds),
  generated: usageItem,
  saved: usageItem,
  posted: usageItem,
  picturesPerEstimate: z.number().int(),
  /** Start of the current month and of the next one (when the monthly counts reset). */
  periodStart: z.string(),
  resetsAt: z.string(),
});
export type EstimateUsage = z.infer<typeof estimateUsageSchema>;

/** The 403 messages of the plan limits: each names the limit and the way up. */
export const LIMIT_MESSAGES = {
  generated: (limit: number) =>
    `Limit reached: your Free plan includes ${limit} estimates per month. Upgrade to Premium for unlimited estimates.`,
  saved: (limit: number) =>
    `Limit reached: your Free plan keeps up to ${limit} saved estimates. Delete or post one, or upgrade to Premium for unlimited saved estimates.`,
  posted: (limit: number, plan: 'free' | 'premium') =>
    plan === 'free'
      ? `Limit reached: your Free plan includes ${limit} posted estimate per month (public projects count too). Upgrade to Premium to post up to 10 per month.`
      : `Limit reached: your Premium plan includes ${limit} posted estimates per month (public projects count too). Your count starts again next month.`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Automotive

/** GET /api/catalog/automotive: tasks, subtasks (with price) and measurementMeta; Linked means no input. */
export const automotiveCatalogSchema = z.object({
  tasks: z.array(z.object({ id: z.string(), name: z.string() })),
  subtasks: z.array(z.object({ id: z.string(), name: z.string(), taskId: z.string(), price: z.number() })),
  measurementMeta: z.array(
    z.object({ subtaskId: z.string(), measurementType: z.enum(automotiveMeasurementTypes) }),
  ),
});

/**
 * POST /api/estimate/automotive answer: totalCost (dollars) with the lines behind it. Each line has baseCents
 * (price x quantity) and amountCents (that x grade, rounded half up to the cent); totalCents is the sum of the
 * lines' amountCents and subtotalCents the sum of their baseCents.
 */
export const automotivePriceSchema = z.object({
  totalCost: z.number(),
  totalCents: z.number().int(),
  subtotalCents: z.number().int(),
  grade: z.enum(gradeLevels),
  gradeMultiplier: z.number(),
  lines: z.array(
    z.object({
      subtaskId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unit: z.string(),
      unitPrice: z.number(),
      baseCents: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
});
export type AutomotivePrice = z.infer<typeof automotivePriceSchema>;

// ---------------------------------------------------------------------------------------------------------
// Pictures (premium: up to 5 per estimate)

/** Largest upload accepted, and the largest picture (in pixels) the server will decode. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_PICTURE_PIXELS = 40_000_000;
/** Stored pictures fit in this many pixels on their longer side. */
export const PICTURE_MAX_SIDE = 2048;

export const PICTURE_MESSAGES = {
  premiumOnly: 'Pictures are a Premium feature. Upgrade to Premium to add up to 5 pictures per estimate.',
  limit: (limit: number) => `Limit reached: an estimate can have up to ${limit} pictures.`,
  missing: 'Choose a picture to upload',
  notImage: 'Only JPEG, PNG, WebP, GIF, AVIF or HEIC pictures can be uploaded',
  tooLarge: 'Pictures can be up to 10 MB',
  tooManyPixels: 'This picture is too large to process (over 40 megapixels)',
  unreadable: 'This picture could not be read. Please try another one.',
} as const;

/** A stored picture (GET /api/estimates/{id}/pictures, POST answer); `url` serves its bytes. */
export const estimatePictureSchema = z.object({
  id: z.string(),
  estimateId: z.string(),
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  createdAt: z.string(),
});
export type EstimatePicture = z.infer<typeof estimatePictureSchema>;

export const estimatePictureParamsSchema = z.object({
  id: z.string().trim().min(1).max(100),
  pictureId: z.string().trim().min(1).max(100),
});
