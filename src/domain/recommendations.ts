// Recommended work for a provider: a transparent match score out of
// 100 and a reason a person can read. Category 40 (one of the provider's tasks is in it), task 20 (the very
// task), region 20 (the provider's service region), recency up to 15 (fading over 14 days), budget up to 5
// (larger jobs a little first). The server preselects accessible posted work and ranks it with this.
import { categoryLabel } from './catalog/categories.ts';
import { categoryOfTask, slugKey } from './catalog/home-repair.ts';

export interface RecommendationCandidate {
  category: string;
  taskId: string;
  taskName: string;
  regionId: number;
  regionLabel: string;
  postedAt: Date;
  finalCents: number;
}

export interface RecommendationProfile {
  /** The provider's task ids (sign-up catalogue: the same ids as the estimate catalogue's tasks). */
  tasks: readonly string[];
  regionId: number | null;
}

export interface Recommendation {
  score: number;
  reason: string;
}

const DAY_MS = 86_400_000;
const RECENCY_DAYS = 14;

/** "posted 2 hours ago", "posted 3 days ago", "posted just now". */
export function postedAgo(postedAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - postedAt.getTime()) / 60_000));
  if (minutes < 1) return 'posted just now';
  if (minutes < 60) return `posted ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `posted ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `posted ${days} day${days === 1 ? '' : 's'} ago`;
}

export function scoreRecommendation(
  c: RecommendationCandidate,
  p: RecommendationProfile,
  now: Date,
): Recommendation {
  const taskKeys = p.tasks.map(slugKey);
  const taskMatch = taskKeys.includes(slugKey(c.taskId));
  const categoryMatch = taskMatch || taskKeys.some((t) => categoryOfTask(t) === c.category);
  const regionMatch = p.regionId !== null && p.regionId === c.regionId;
  const ageDays = Math.max(0, (now.getTime() - c.postedAt.getTime()) / DAY_MS);
  const recency = Math.max(0, 15 * (1 - ageDays / RECENCY_DAYS));
  const budget = Math.min(5, Math.max(0, Math.log10(Math.max(c.finalCents, 1) / 10_000) * 2.5));
  const score = Math.round(
    (categoryMatch ? 40 : 0) + (taskMatch ? 20 : 0) + (regionMatch ? 20 : 0) + recency + budget,
  );
  const what = taskMatch
    ? `Matches your ${c.taskName} task`
    : categoryMatch
      ? `In your ${categoryLabel(c.category)} category`
      : `${categoryLabel(c.category)} work you can bid on`;
  const where = regionMatch ? ` in your area (${c.regionLabel})` : ` in ${c.regionLabel}`;
  return { score, reason: `${what}${where}, ${postedAgo(c.postedAt, now)}` };
}
