// What the city cost guides' endpoints answer (decision 0047): the index of GET /api/cost-guides, one guide of
// GET /api/cost-guides/{category}/{place}, and the public comparison of GET /api/pricing-accuracy. Money is in
// whole cents (exact, as the quote function prices it) with the dollars beside it, as the estimate reads carry.
import { z } from 'zod';
import { taskCategoryIds } from '../catalog/categories.ts';
import { gradeLevels } from '../quote.ts';

const cents = z.number().int().nonnegative();
const dollars = z.number().nonnegative();

/** A place as the guides name it: the region behind it and its slug ("jacksonville-fl"). */
export const guidePlaceSchema = z.object({
  slug: z.string(),
  regionId: z.number().int(),
  name: z.string(),
  state: z.string(),
  /** "City, ST", as the wizard shows it. */
  location: z.string(),
});
export type GuidePlace = z.infer<typeof guidePlaceSchema>;

/**
 * How close our estimates came to the agreed prices of hired jobs (decision 0047). With fewer than
 * ACCURACY_MIN_JOBS jobs the scope is null and only the count is given: no figure from fewer jobs.
 */
export const accuracySchema = z.discriminatedUnion('scope', [
  z.object({
    /** 'place': the jobs of this place alone (it has enough); 'all': the category's jobs everywhere. */
    scope: z.enum(['place', 'all']),
    jobs: z.number().int().min(1),
    /** Jobs whose agreed price lies inside their estimate's range (min to max, both included). */
    insideRange: z.number().int().nonnegative(),
    /** The median of (agreed price / estimate - 1), in percent, one decimal: 6 means 6 % above our estimate. */
    medianDiffPercent: z.number(),
  }),
  z.object({ scope: z.null(), jobs: z.number().int().nonnegative() }),
]);
export type Accuracy = z.infer<typeof accuracySchema>;

/** One priced line of a grade, with its arithmetic: quantity x unit price x grade x local factor = amount. */
export const guideLineSchema = z.object({
  subtaskId: z.string(),
  name: z.string(),
  quantity: z.number().nonnegative(),
  unit: z.string(),
  unitPriceCents: cents,
  gradeMultiplier: z.number(),
  localFactor: z.number(),
  amountCents: cents,
  amount: dollars,
  /** "120 sq ft x $3.00 x 1 x 0.962 = $346.32" */
  arithmetic: z.string(),
  /** The catalogue's price source, as the wizard shows it, and the page addresses it names. */
  source: z.string(),
  sourceUrls: z.array(z.string()),
  /** The ranges the source states that our unit price is outside of (the page says so); empty when none. */
  rangesDiffering: z.array(z.object({ low: z.number(), high: z.number(), url: z.string().nullable() })),
});
export type GuideLine = z.infer<typeof guideLineSchema>;

export const guideGradeSchema = z.object({
  grade: z.enum(gradeLevels),
  gradeMultiplier: z.number(),
  totalCents: cents,
  total: dollars,
  /** The estimate's own range (0.8x to 1.2x of the total), as the wizard shows for one estimate. */
  minCents: cents,
  maxCents: cents,
  lines: z.array(guideLineSchema),
});
export type GuideGrade = z.infer<typeof guideGradeSchema>;

/** The local factor and where it comes from: the BEA regional price parity of the region's area. */
export const localFactorSchema = z.object({
  multiplier: z.number(),
  /** The BEA area the parity is of ("Jacksonville, FL (Metropolitan Statistical Area)"). */
  area: z.string(),
  kind: z.enum(['metro', 'nonmetro']),
  /** "Regional Price Parities: All items (RPP, LineCode 1), U.S. Bureau of Economic Analysis" */
  series: z.string(),
  year: z.number().int(),
  sourceUrl: z.string(),
});
export type LocalFactor = z.infer<typeof localFactorSchema>;

export const typicalJobSchema = z.object({
  taskId: z.string(),
  taskName: z.string(),
  /** One line: what the job is. */
  description: z.string(),
  subtasks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quantity: z.number(),
      unit: z.string(),
      /** How it was measured, in words: "10 ft x 12 ft", "4 each". */
      measured: z.string(),
    }),
  ),
});
export type TypicalJobView = z.infer<typeof typicalJobSchema>;

/** What priceGuide gives: every grade priced, the factor, what is not included and when prices were reviewed. */
export const priceGuideSchema = z.object({
  grades: z.array(guideGradeSchema),
  localFactor: localFactorSchema,
  exclusions: z.array(z.string()),
  /** YYYY-MM-DD: when the catalogue's unit prices were last checked against their sources. */
  pricesReviewedOn: z.string(),
});
export type PriceGuideView = z.infer<typeof priceGuideSchema>;

const categoryIdSchema = z.enum(taskCategoryIds);

const linkedPlaceSchema = guidePlaceSchema.extend({ multiplier: z.number(), path: z.string() });

/** GET /api/cost-guides/{category}/{place} */
export const costGuideSchema = priceGuideSchema.extend({
  category: z.object({ id: categoryIdSchema, label: z.string() }),
  place: guidePlaceSchema,
  path: z.string(),
  typicalJob: typicalJobSchema,
  /** The same state's five places with the nearest local factor. */
  nearby: z.array(linkedPlaceSchema),
  /** The other categories' guides of the same place. */
  otherCategories: z.array(z.object({ id: categoryIdSchema, label: z.string(), path: z.string() })),
  /** "Price your own job": the wizard with the category, task and region chosen. */
  wizardPath: z.string(),
  accuracy: accuracySchema,
  /** When the accuracy was computed (ISO date-time). */
  accuracyComputedAt: z.string(),
});
export type CostGuide = z.infer<typeof costGuideSchema>;

/** GET /api/cost-guides: the categories, and the places grouped by state. */
export const costGuideIndexSchema = z.object({
  categories: z.array(
    z.object({
      id: categoryIdSchema,
      label: z.string(),
      description: z.string(),
      /** The typical job at Standard grade in the cheapest and the dearest place. */
      standardLowCents: cents,
      standardHighCents: cents,
      accuracy: accuracySchema,
    }),
  ),
  states: z.array(
    z.object({
      state: z.string(),
      places: z.array(z.object({ slug: z.string(), name: z.string(), regionId: z.number().int() })),
    }),
  ),
});
export type CostGuideIndex = z.infer<typeof costGuideIndexSchema>;

/** GET /api/pricing-accuracy: one accuracy per category over the window, and when it was computed. */
export const pricingAccuracySchema = z.object({
  windowDays: z.number().int(),
  minJobs: z.number().int(),
  /** The window's first instant (ISO): the start of the UTC day it was computed on, windowDays back. */
  since: z.string(),
  computedAt: z.string(),
  categories: z.array(z.object({ id: categoryIdSchema, label: z.string(), accuracy: accuracySchema })),
});
export type PricingAccuracy = z.infer<typeof pricingAccuracySchema>;
