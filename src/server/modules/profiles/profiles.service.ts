// Public pro profiles and the directory (decision 0046). A provider's page exists while the account is open and is
// a provider's (an unlisted one too: `listed: false` keeps it out of the directory and the sitemap, not from the
// customers it bid to); a closed or deleted account, a customer, an admin or a malformed id has none. The figures
// (rating, review count, completed jobs, median first response) are the read model's, the same that
// GET /api/providers/{id}/reputation answers; the badges are the read model's active badges on today's date.
import { categoryLabel } from '#domain/catalog/categories';
import { categoryOfTask, homeRepairCategories } from '#domain/catalog/home-repair';
import { utcToday } from '#domain/dates';
import { publicName } from '#domain/format';
import { apiDistance } from '#domain/geo';
import { isUuid } from '#domain/ids';
import { isFeaturedPlan, providerPlanIds } from '#domain/plans';
import { proPath, proSlug, type Badge } from '#domain/profiles';
import type {
  DirectoryQuery,
  DirectoryResponse,
  PortfolioItem,
  ProviderCard,
  PublicProfile,
} from '#domain/schemas/pro-profile.schema';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { listNear } from '#server/modules/geo';
import { activeBadgesFor, providerRatingSummaries, providerReputations } from '#server/modules/read-model';
import { findActiveUserById, findActiveUsersByIds, planInForce, type UserRow } from '#server/modules/users';
import * as portfolioRepo from './portfolio.repo.ts';
import * as repo from './profiles.repo.ts';

export const PROFILE_MESSAGES = { notFound: 'Pro not found' } as const;

/** The plans that put a provider in the directory (any but free) and the ones listed first (Deluxe and above). */
const paidPlans = providerPlanIds.filter((p) => p !== 'free');
const featuredPlans = providerPlanIds.filter((p) => isFeaturedPlan(p));

/** The task ids of a category of the catalogue: a provider holding one of them works in it. */
function tasksOfCategory(category: string): string[] {
  return homeRepairCategories.find((c) => c.id === category)?.tasks.map((t) => t.id) ?? [];
}

/** The provider's categories: the sign-up one, then its tasks' (each once), with the catalogue's labels. */
export function providerCategories(u: Pick<UserRow, 'selectedCategory' | 'selectedTasks'>) {
  const keys: string[] = [];
  const add = (k: string | null | undefined) => {
    if (k && !keys.includes(k)) keys.push(k);
  };
  add(u.selectedCategory);
  for (const t of u.selectedTasks) add(categoryOfTask(t));
  return keys.map((key) => ({ key, label: categoryLabel(key) }));
}

/** A non-empty company name, or null. */
const companyOf = (u: Pick<UserRow, 'companyName'>) => u.companyName?.trim() || null;

/** The current address of the provider's page. */
export const pathOf = (u: Pick<UserRow, 'id' | 'companyName' | 'firstName' | 'lastName'>) =>
  proPath(u.id, proSlug({ companyName: companyOf(u), firstName: u.firstName, lastName: u.lastName }));

/** Whether the provider has a public page at all: an open provider account. */
export const hasPage = (u: UserRow | undefined): u is UserRow => !!u && u.role === 'provider' && !u.deletedAt;

export const portfolioUrl = (providerId: string, photoId: string) =>
  `/api/providers/${providerId}/portfolio/${photoId}`;

export function toPortfolioItem(row: portfolioRepo.PortfolioMeta): PortfolioItem {
  return {
    id: row.id,
    url: portfolioUrl(row.providerId, row.id),
    caption: row.caption,
    width: row.width,
    height: row.height,
    position: row.position,
    verified:
      row.verifiedCategory && row.verifiedMonth
        ? {
            category: row.verifiedCategory,
            categoryLabel: categoryLabel(row.verifiedCategory),
            month: row.verifiedMonth,
          }
        : null,
  };
}

interface Figures {
  rating: number | null;
  reviewCount: number;
  completedJobs: number;
}

function toCard(u: UserRow, figures: Figures, badges: Badge[], now: Date): ProviderCard {
  return {
    id: u.id,
    path: pathOf(u),
    companyName: companyOf(u),
    name: publicName(u.firstName, u.lastName),
    categories: providerCategories(u),
    city: u.city,
    state: u.state,
    memberSince: u.createdAt.toISOString(),
    rating: figures.rating,
    reviewCount: figures.reviewCount,
    completedJobs: figures.completedJobs,
    featured: isFeaturedPlan(planInForce(u, now)),
    badges,
  };
}

/** The public profile of a provider, or null when there is no page (the caller answers 404). */
export async function readPublicProfile(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: string,
): Promise<PublicProfile | null> {
  if (!isUuid(id)) return null;
  const { db } = ctx;
  const now = ctx.now();
  const u = await findActiveUserById(db, id.toLowerCase());
  if (!hasPage(u)) return null;
  const [reputation, badges, photos] = await Promise.all([
    providerReputations(db, [u.id], now).then((m) => m.get(u.id)),
    activeBadgesFor(db, [u.id], utcToday(now)).then((m) => m.get(u.id) ?? []),
    portfolioRepo.portfolioOf(db, u.id),
  ]);
  const card = toCard(
    u,
    {
      rating: reputation?.rating ?? null,
      reviewCount: reputation?.count ?? 0,
      completedJobs: reputation?.completedJobs ?? 0,
    },
    badges,
    now,
  );
  return {
    ...card,
    description: u.description?.trim() || null,
    medianFirstResponseSeconds: reputation?.medianFirstResponseSeconds ?? null,
    portfolio: photos.map(toPortfolioItem),
    listed: u.listed,
  };
}

/** One page of the directory: the filter and order in one statement, then the page's cards in three. */
export async function readDirectory(
  ctx: Pick<AppContext, 'db' | 'now'>,
  q: DirectoryQuery,
): Promise<DirectoryResponse> {
  const db: Executor = ctx.db;
  const now = ctx.now();
  const today = utcToday(now);
  const category = q.category?.toLowerCase() || undefined;
  // Near a ZIP code: an unknown one, or a radius alone, is a 400 naming `near`.
  const { near, point } = await listNear(db, q);
  const { ids, distances, total } = await repo.directoryPage(db, {
    category,
    categoryTasks: category ? tasksOfCategory(category) : [],
    city: q.city || undefined,
    minRating: q.minRating,
    verified: q.verified,
    sort: q.sort,
    page: q.page,
    pageSize: q.pageSize,
    paidPlans,
    featuredPlans,
    now,
    today,
    near,
  });
  const [rows, summaries, badges] = await Promise.all([
    findActiveUsersByIds(db, ids),
    providerRatingSummaries(db, ids, now),
    activeBadgesFor(db, ids, today),
  ]);
  const byId = new Map(rows.map((u) => [u.id, u]));
  const items = ids.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    const s = summaries.get(id);
    const figures = {
      rating: s?.rating ?? null,
      reviewCount: s?.count ?? 0,
      completedJobs: s?.completedJobs ?? 0,
    };
    const card = toCard(u, figures, badges.get(id) ?? [], now);
    if (point) {
      const miles = distances.get(id) ?? null;
      card.distanceMiles = miles === null ? null : apiDistance(miles);
    }
    return [card];
  });
  return { items, total, page: q.page, pageSize: q.pageSize };
}
