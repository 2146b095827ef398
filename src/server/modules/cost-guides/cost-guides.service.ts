// City cost guides (decision 0047): what the guides' API answers. The prices are the domain's (priceGuide: the
// wizard's own priceEstimate on each category's typical job); the accuracy comes from hired jobs, computed by one
// statement for every category and place at once and kept in memory for the UTC day (the 12-month window moves
// daily) until a hire drops it.
import { categoryLabel, taskCategoryIds, type TaskCategoryId } from '#domain/catalog/categories';
import {
  ACCURACY_MIN_JOBS,
  ACCURACY_WINDOW_DAYS,
  findPlace,
  guidePath,
  isGuideCategory,
  nearbyPlaces,
  placeSlug,
  priceGuide,
  typicalJobInput,
  typicalJobView,
  typicalJobs,
  wizardPath,
} from '#domain/cost-guides';
import { DAY_MS, utcToday } from '#domain/dates';
import { priceEstimate } from '#domain/pricing';
import { regions, type Region } from '#domain/regions/index';
import type {
  Accuracy,
  CostGuide,
  CostGuideIndex,
  GuidePlace,
  PricingAccuracy,
} from '#domain/schemas/cost-guide.schema';
import type { AppContext } from '#server/context';
import { accuracyGroups, type AccuracyGroup } from './cost-guides.repo.ts';

/** The hired jobs' figures of one UTC day: per category, and per category and place. */
export interface AccuracyTable {
  /** The UTC day (YYYY-MM-DD) they are of. */
  day: string;
  /** The window's first instant: the start of that day, ACCURACY_WINDOW_DAYS days back. */
  since: Date;
  computedAt: Date;
  byCategory: ReadonlyMap<string, AccuracyGroup>;
  /** Keyed `${category}:${regionId}`. */
  byPlace: ReadonlyMap<string, AccuracyGroup>;
}

/** The first instant of the window on `day`: that day's start (UTC) less ACCURACY_WINDOW_DAYS days. */
export function windowStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - ACCURACY_WINDOW_DAYS * DAY_MS);
}

export async function computeAccuracy(ctx: Pick<AppContext, 'db' | 'now'>): Promise<AccuracyTable> {
  const computedAt = ctx.now();
  const day = utcToday(computedAt);
  const since = windowStart(day);
  const groups = await accuracyGroups(ctx.db, taskCategoryIds, since);
  const byCategory = new Map<string, AccuracyGroup>();
  const byPlace = new Map<string, AccuracyGroup>();
  for (const g of groups) {
    if (g.regionId === null) byCategory.set(g.category, g);
    else byPlace.set(`${g.category}:${g.regionId}`, g);
  }
  return { day, since, computedAt, byCategory, byPlace };
}

export interface AccuracyCache {
  /** The table of today (UTC), computed on the first read of the day or after a drop. */
  current(): Promise<AccuracyTable>;
  /** A job was hired: the next read computes again. */
  drop(): void;
}

/** The accuracy kept per UTC day; a computation that began before a drop is answered but not kept. */
export function createAccuracyCache(ctx: Pick<AppContext, 'db' | 'now'>): AccuracyCache {
  let kept: { day: string; table: Promise<AccuracyTable> } | null = null;
  let drops = 0;
  return {
    current() {
      const day = utcToday(ctx.now());
      if (kept && kept.day === day) return kept.table;
      const startedAt = drops;
      const table = computeAccuracy(ctx);
      const entry = { day, table };
      kept = entry;
      table.then(
        () => {
          if (drops !== startedAt && kept === entry) kept = null;
        },
        () => {
          if (kept === entry) kept = null;
        },
      );
      return table;
    },
    drop() {
      drops += 1;
      kept = null;
    },
  };
}

/** A group's figures, or null when it has fewer than ACCURACY_MIN_JOBS jobs (no figure from fewer). */
function figures(g: AccuracyGroup | undefined, scope: 'place' | 'all'): Accuracy | null {
  if (!g || g.jobs < ACCURACY_MIN_JOBS) return null;
  return {
    scope,
    jobs: g.jobs,
    insideRange: g.insideRange,
    medianDiffPercent: Math.round(g.medianDiffPercent * 10) / 10 || 0,
  };
}

/**
 * The accuracy a guide shows: the place's own jobs when it alone has enough, else the category's everywhere when
 * they are enough, else "not enough" with the category's count.
 */
export function accuracyOf(table: AccuracyTable, category: string, regionId?: number): Accuracy {
  const place =
    regionId === undefined ? null : figures(table.byPlace.get(`${category}:${regionId}`), 'place');
  const all = table.byCategory.get(category);
  return place ?? figures(all, 'all') ?? { scope: null, jobs: all?.jobs ?? 0 };
}

const placeOf = (r: Region): GuidePlace => ({
  slug: placeSlug(r),
  regionId: r.id,
  name: r.name,
  state: r.state,
  location: r.location,
});

let standardSpans: Map<TaskCategoryId, { low: number; high: number }> | null = null;

/** Each typical job at Standard in its cheapest and its dearest place (prices are code: computed once). */
function standardSpan(category: TaskCategoryId): { low: number; high: number } {
  if (!standardSpans) {
    standardSpans = new Map();
    for (const c of taskCategoryIds) {
      const totals = regions.map((r) => priceEstimate(typicalJobInput(c, 'Standard', r)).finalCents);
      standardSpans.set(c, { low: Math.min(...totals), high: Math.max(...totals) });
    }
  }
  return standardSpans.get(category)!;
}

/** Every place grouped by state, in the regions' order (the regions are code: grouped once). */
const placesByState: CostGuideIndex['states'] = [];
for (const r of regions) {
  let group = placesByState.at(-1);
  if (group?.state !== r.state) {
    group = { state: r.state, places: [] };
    placesByState.push(group);
  }
  group.places.push({ slug: placeSlug(r), name: r.name, regionId: r.id });
}

/** GET /api/cost-guides */
export function costGuideIndex(table: AccuracyTable): CostGuideIndex {
  return {
    categories: taskCategoryIds.map((id) => {
      const span = standardSpan(id);
      return {
        id,
        label: categoryLabel(id),
        description: typicalJobs[id].description,
        standardLowCents: span.low,
        standardHighCents: span.high,
        accuracy: accuracyOf(table, id),
      };
    }),
    states: placesByState,
  };
}

/** GET /api/cost-guides/{category}/{place}; null for an unknown category or place. */
export function costGuide(table: AccuracyTable, category: string, place: string): CostGuide | null {
  if (!isGuideCategory(category)) return null;
  const region = findPlace(place);
  if (!region) return null;
  const slug = placeSlug(region);
  const job = typicalJobs[category];
  return {
    category: { id: category, label: categoryLabel(category) },
    place: placeOf(region),
    path: guidePath(category, slug),
    typicalJob: typicalJobView(category),
    ...priceGuide(category, region),
    nearby: nearbyPlaces(region).map((r) => ({
      ...placeOf(r),
      multiplier: r.multiplier,
      path: guidePath(category, placeSlug(r)),
    })),
    otherCategories: taskCategoryIds
      .filter((c) => c !== category)
      .map((c) => ({ id: c, label: categoryLabel(c), path: guidePath(c, slug) })),
    wizardPath: wizardPath(category, job.task, region.id),
    accuracy: accuracyOf(table, category, region.id),
    accuracyComputedAt: table.computedAt.toISOString(),
  };
}

/** GET /api/pricing-accuracy */
export function pricingAccuracy(table: AccuracyTable): PricingAccuracy {
  return {
    windowDays: ACCURACY_WINDOW_DAYS,
    minJobs: ACCURACY_MIN_JOBS,
    since: table.since.toISOString(),
    computedAt: table.computedAt.toISOString(),
    categories: taskCategoryIds.map((id) => ({
      id,
      label: categoryLabel(id),
      accuracy: accuracyOf(table, id),
    })),
  };
}
