// Public projects in the providers' marketplace: which estimate category a project's category is, and so which
// providers' plans open it. A project is reached by the same rule as an estimate of that category (canAccess).
import { categoryLabel, taskCategoryIds, type TaskCategoryId } from './catalog/categories.ts';
import { slugKey } from './catalog/home-repair.ts';
import { canAccess, type ProviderAccessSubject } from './plans.ts';
import { scoreRecommendation, type Recommendation, type RecommendationProfile } from './recommendations.ts';
import { findRegion } from './regions/index.ts';

/**
 * The estimate category of each project category. The post form offers Kitchen, Bathroom, Flooring and
 * Concrete; the API also takes the other task categories. Each is the estimate category of the same name.
 */
export const projectToEstimateCategory: Readonly<Record<string, TaskCategoryId>> = Object.fromEntries(
  taskCategoryIds.map((id) => [id, id]),
);

/** The estimate category of a project category given as an id or a label ("Kitchen", "kitchen"); null if none. */
export function estimateCategoryOfProject(projectCategory: string): TaskCategoryId | null {
  const key = slugKey(projectCategory);
  return projectToEstimateCategory[key] ?? null;
}

/** The project categories that are this estimate category (the feed's category filter applied to projects). */
export function projectCategoriesOf(estimateCategory: string): string[] {
  const key = slugKey(estimateCategory);
  return Object.keys(projectToEstimateCategory).filter((p) => projectToEstimateCategory[p] === key);
}

/**
 * The project categories whose projects this provider reaches at `now`: those whose estimate category the plan
 * opens (free or an ended trial: none; Starter: only its one task's category; Deluxe and Enterprise: all).
 */
export function projectCategoriesOpenTo(provider: ProviderAccessSubject, now: Date): string[] {
  return Object.keys(projectToEstimateCategory).filter(
    (p) => canAccess(provider, projectToEstimateCategory[p]!, null, now).allowed,
  );
}

/** Every project category (what an admin's feed shows). */
export const allProjectCategories: readonly string[] = Object.keys(projectToEstimateCategory);

/** "Kitchen" for a project category id. */
export const projectCategoryLabel = (id: string): string =>
  categoryLabel(estimateCategoryOfProject(id) ?? id);

/**
 * The one figure a project's budget sorts by beside an estimate's final price: the middle of its range (rounded
 * down to the cent), the one end given, or null when it has no budget. The feed's SQL computes the same.
 */
export function projectBudgetCents(minCents: number | null, maxCents: number | null): number | null {
  if (minCents != null && maxCents != null) return Math.floor((minCents + maxCents) / 2);
  return maxCents ?? minCents ?? null;
}

export interface ProjectCandidate {
  category: string;
  city: string;
  createdAt: Date;
  minBudgetCents: number | null;
  maxBudgetCents: number | null;
}

/**
 * A live project scored as posted work is (scoreRecommendation): its category stands for the estimate category of
 * the same name, it has no task, and it is "in your area" when its city is the provider's region's city.
 */
export function scoreProjectRecommendation(
  p: ProjectCandidate,
  profile: RecommendationProfile,
  now: Date,
): Recommendation {
  const regionCity = profile.regionId === null ? undefined : findRegion(profile.regionId)?.name;
  const sameCity =
    regionCity !== undefined && regionCity.trim().toLowerCase() === p.city.trim().toLowerCase();
  return scoreRecommendation(
    {
      category: estimateCategoryOfProject(p.category) ?? p.category,
      taskId: '',
      taskName: '',
      regionId: sameCity ? profile.regionId! : -1,
      regionLabel: p.city,
      postedAt: p.createdAt,
      finalCents: projectBudgetCents(p.minBudgetCents, p.maxBudgetCents) ?? 0,
    },
    profile,
    now,
  );
}
