// The cost guides' answers as the API gives them, built by the domain's own functions (decision 0047), for the web
// tests: a guide of a category and place, the index and the pricing accuracy.
import { categoryLabel, taskCategoryIds, type TaskCategoryId } from '#domain/catalog/categories';
import {
  findPlace,
  guidePath,
  nearbyPlaces,
  placeSlug,
  priceGuide,
  typicalJobs,
  typicalJobView,
  wizardPath,
} from '#domain/cost-guides';
import { regions, type Region } from '#domain/regions/index';
import type { Accuracy, CostGuide, CostGuideIndex, PricingAccuracy } from '#domain/schemas/cost-guide.schema';

/** The issue's own example: 12 jobs, 9 inside the range, the median 6 % above. */
export const TWELVE_JOBS: Accuracy = { scope: 'all', jobs: 12, insideRange: 9, medianDiffPercent: 6 };
export const TOO_FEW: Accuracy = { scope: null, jobs: 3 };

export function placeOf(slug: string): Region {
  const r = findPlace(slug);
  if (!r) throw new Error(`no place ${slug}`);
  return r;
}

const placeView = (r: Region) => ({
  slug: placeSlug(r),
  regionId: r.id,
  name: r.name,
  state: r.state,
  location: r.location,
});

export function makeGuide(
  category: TaskCategoryId = 'kitchen',
  slug = 'jacksonville-fl',
  accuracy: Accuracy = TWELVE_JOBS,
): CostGuide {
  const region = placeOf(slug);
  return {
    category: { id: category, label: categoryLabel(category) },
    place: placeView(region),
    path: guidePath(category, slug),
    typicalJob: typicalJobView(category),
    ...priceGuide(category, region),
    nearby: nearbyPlaces(region).map((r) => ({
      ...placeView(r),
      multiplier: r.multiplier,
      path: guidePath(category, placeSlug(r)),
    })),
    otherCategories: taskCategoryIds
      .filter((c) => c !== category)
      .map((c) => ({ id: c, label: categoryLabel(c), path: guidePath(c, slug) })),
    wizardPath: wizardPath(category, typicalJobs[category].task, region.id),
    accuracy,
    accuracyComputedAt: '2026-11-27T03:00:00.000Z',
  };
}

export function makeIndex(accuracy: Accuracy = TOO_FEW): CostGuideIndex {
  const states: CostGuideIndex['states'] = [];
  for (const r of regions) {
    let group = states.at(-1);
    if (group?.state !== r.state) {
      group = { state: r.state, places: [] };
      states.push(group);
    }
    group.places.push({ slug: placeSlug(r), name: r.name, regionId: r.id });
  }
  return {
    categories: taskCategoryIds.map((id) => ({
      id,
      label: categoryLabel(id),
      description: typicalJobs[id].description,
      standardLowCents: 1_000_000,
      standardHighCents: 1_500_000,
      accuracy: id === 'kitchen' ? TWELVE_JOBS : accuracy,
    })),
    states,
  };
}

export function makePricingAccuracy(): PricingAccuracy {
  return {
    windowDays: 365,
    minJobs: 5,
    since: '2025-11-27T00:00:00.000Z',
    computedAt: '2026-11-27T03:00:00.000Z',
    categories: taskCategoryIds.map((id) => ({
      id,
      label: categoryLabel(id),
      accuracy: id === 'kitchen' ? TWELVE_JOBS : TOO_FEW,
    })),
  };
}
