// Live public projects as the providers' task feeds and recommendations show them (decision 0038): read by id for a
// feed page (one statement for the page) and the newest in the categories a plan opens for the recommendations.
// A project item carries what a list card reads and nothing of its owner.
import { scoreProjectRecommendation } from '#domain/project-categories';
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
 * The newest `limit` live projects in these categories, each scored for this provider as posted work is (their
 * category stands for the estimate category of the same name; their city for the region).
 */
export async function recommendedProjects(
  db: Executor,
  categories: readonly string[],
  profile: RecommendationProfile,
  now: Date,
  limit: number,
) {
  const rows = await repo.recentLiveProjects(db, categories, limit);
  return rows.map((r) => ({
    item: toFeedItem(r.project, r.messageCount),
    postedAt: r.project.createdAt,
    match: scoreProjectRecommendation(r.project, profile, now),
  }));
}
