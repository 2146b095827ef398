// Live public projects as the providers' task feeds and recommendations show them (decision 0038): a feed's first
// page, read by id for a later page (one statement for the page), and the newest in the categories a plan opens for
// the recommendations.
// A project item carries what a list card reads and nothing of its owner.
import type { NearParams } from '#server/db/geo-sql';
import { projectBudgetCents, scoreProjectRecommendation } from '#domain/project-categories';
import type { RecommendationProfile } from '#domain/recommendations';
import type { ProjectFeedItem } from '#domain/schemas/task-feed.schema';
import type { Executor } from '#server/db/client';
import * as repo from './projects.repo.ts';

const dollars = (cents: number | null) => (cents == null ? null : cents / 100);

function toFeedItem(row: repo.ProjectRow, messageCount: number): ProjectFeedItem {
  const at = row.createdAt.toISOString();
  return {
    kind: 'project',
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    city: row.city,
    state: '',
    region: row.city,
    minBudget: dollars(row.minBudgetCents),
    maxBudget: dollars(row.maxBudgetCents),
    bidCount: messageCount,
    createdAt: at,
    datePosted: at,
  };
}

/** These live projects of open accounts as feed items, by id (a closed one, or one gone meanwhile, is left out). */
export async function feedProjects(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ProjectFeedItem>> {
  const rows = await repo.findLiveProjects(db, ids);
  return new Map(rows.map((r) => [r.project.id, toFeedItem(r.project, r.messageCount)]));
}

/**
 * A feed's first page of projects: the first `limit` in its order (newest first or by budget from the highest) as
 * feed items, each with what it sorts by, and how many match (up to countCap + 1).
 */
export async function firstFeedProjects(db: Executor, q: Parameters<typeof repo.firstFeedProjects>[1]) {
  const rows = await repo.firstFeedProjects(db, q);
  return {
    items: rows.map((r) => ({
      item: toFeedItem(r.project, r.messageCount),
      at: r.project.createdAt,
      budget: projectBudgetCents(r.project.minBudgetCents, r.project.maxBudgetCents),
      point: { lat: r.project.lat, lng: r.project.lng },
    })),
    counted: rows[0]?.counted ?? 0,
  };
}

/**
 * The newest `limit` live projects in these categories, each scored for this provider as posted work is (their
 * category stands for the estimate category of the same name; their city for the region).
 */
export async function recommendedProjects(
  db: Executor,
  categories: readonly string[],
  profile: RecommendationProfile,
  now: Date,
  limit: number,
  area?: NearParams,
) {
  const rows = await repo.recentLiveProjects(db, categories, limit, area);
  return rows.map((r) => ({
    item: toFeedItem(r.project, r.messageCount),
    postedAt: r.project.createdAt,
    match: scoreProjectRecommendation(r.project, profile, now),
    point: { lat: r.project.lat, lng: r.project.lng },
  }));
}
