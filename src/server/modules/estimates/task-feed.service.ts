// The providers' task feeds (GET /api/tasks, /api/tasks/posted) and recommendations (GET /api/recommendations,
// /api/tasks/recommendations): posted estimates, as before, and the live public projects whose category the
// provider's plan opens (the rule of canAccess, through the domain's project-to-estimate category mapping), in one
// order paged on the server. Every item says its kind (decision 0038). An admin's feed has every live project.
import { accessCategoryIds } from '#domain/catalog/categories';
import { canAccess, contactButton } from '#domain/plans';
import {
  allProjectCategories,
  projectCategoriesOf,
  projectCategoriesOpenTo,
} from '#domain/project-categories';
import { scoreRecommendation } from '#domain/recommendations';
import {
  POSTED_LIST_COUNT_CAP,
  type Estimate,
  type taskListQuerySchema,
} from '#domain/schemas/estimate-api.schema';
import type {
  EstimateFeedItem,
  FeedItem,
  FeedPage,
  FeedRecommendations,
} from '#domain/schemas/task-feed.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import { feedProjects, firstFeedProjects, recommendedProjects } from '#server/modules/projects';
import { customerFactsOf, taskFeedPage } from '#server/modules/read-model';
import { providerAccessSubject } from '#server/modules/users';
import * as repo from './estimates.repo.ts';
import { toEstimate, type Viewer } from './estimates.service.ts';
import { distanceOf, listNear, serviceAreaPoint } from '#server/modules/geo';
import { nearParams, type ListNear } from '#server/db/geo-sql';
import { apiDistance, type LatLng } from '#domain/geo';

type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** Larger first, a missing value last (as `desc nulls last`). */
const desc = (a: number | null | undefined, b: number | null | undefined) =>
  a == null ? (b == null ? 0 : 1) : b == null ? -1 : b - a;
/** The database's tie-break: the larger id first (a uuid's text sorts as its bytes do). */
const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** How many of the newest of each kind the recommendations rank, and how many they answer. */
const CANDIDATES = 200;
const RECOMMENDED = 10;

export function createTaskFeedService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;

  /** For a provider, what their plan lets them do with work of a category (the Contact button); else nothing. */
  function accessFor(viewer: Viewer, t: Date): (category: string) => Estimate['providerAccess'] {
    if (viewer.role !== 'provider') return () => undefined;
    const subject = providerAccessSubject(viewer.user);
    return (category) => {
      const button = contactButton(canAccess(subject, category, null, t));
      return { allowed: !button.disabled, label: button.label, reason: button.tooltip };
    };
  }

  // Items are made fresh for each answer: filled in place rather than copied (a feed's busiest path).
  const withAccess = <T extends FeedItem>(item: T, access: Estimate['providerAccess']): T => {
    if (access) item.providerAccess = access;
    return item;
  };

  /**
   * For a provider, each estimate item's customer facts (decision 0044: completed jobs, hires, late cancellations,
   * rating), read in one statement for the whole page; nothing for anyone else.
   */
  async function withCustomerFacts<T extends { items: FeedItem[] }>(viewer: Viewer, page: T): Promise<T> {
    if (viewer.role !== 'provider') return page;
    const ids = page.items.flatMap((i) => (i.kind === 'estimate' ? [i.customerId] : []));
    if (ids.length === 0) return page;
    const facts = await customerFactsOf(db, ids, now());
    for (const item of page.items) {
      if (item.kind !== 'estimate') continue;
      const f = facts.get(item.customerId);
      if (f) item.customerFacts = f;
    }
    return page;
  }

  /** The project categories this viewer's feed lists: what the plan opens (an admin: all), by the filter. */
  function projectCategoriesFor(viewer: Viewer, category: string | undefined, t: Date): string[] {
    const open =
      viewer.role === 'admin'
        ? [...allProjectCategories]
        : viewer.role === 'provider'
          ? projectCategoriesOpenTo(providerAccessSubject(viewer.user), t)
          : [];
    if (category === undefined) return open;
    const asked = new Set(projectCategoriesOf(category));
    return open.filter((c) => asked.has(c));
  }

  const estimateItem = (r: repo.ListedEstimate, viewer: Viewer): EstimateFeedItem =>
    Object.assign(toEstimate(r, viewer.role === 'admin'), { kind: 'estimate' as const });

  async function list(viewer: Viewer, q: TaskListQuery): Promise<FeedPage> {
    return withCustomerFacts(viewer, await listPage(viewer, q));
  }

  async function listPage(viewer: Viewer, q: TaskListQuery): Promise<FeedPage> {
    const t = now();
    const access = accessFor(viewer, t);
    const projectCategories = q.task ? [] : projectCategoriesFor(viewer, q.category, t);
    // Near a ZIP code (decision 0048): each item carries its distance; with a radius only those inside it.
    const { near, point } = await listNear(db, q);
    if (projectCategories.length === 0) {
      // No project can be in this feed (a task asked for, or no category of projects open): the estimates' own
      // prepared statements, as before.
      const { rows, total, totalCapped } = await repo.listTasks(
        db,
        q,
        q.sort,
        q,
        POSTED_LIST_COUNT_CAP,
        near,
      );
      return {
        items: rows.map((r) => {
          const item = withAccess(estimateItem(r, viewer), access(r.category));
          if (point) item.distanceMiles = distanceOf(point, r);
          return item;
        }),
        total,
        totalCapped,
        page: q.page,
        pageSize: q.pageSize,
      };
    }
    // The first page, newest first or by budget from the highest, without a point or within a radius: prepared
    // statements of each kind merged here. Anything else is paged in the database.
    if (q.page === 1 && (!near || near.within) && q.sort !== 'budget-low-high' && q.sort !== 'nearest') {
      return firstPage(viewer, q, q.sort, projectCategories, access, near, point);
    }
    const { keys, total, totalCapped } = await taskFeedPage(db, {
      search: q.search,
      category: q.category,
      task: q.task,
      projectCategories,
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
      countCap: POSTED_LIST_COUNT_CAP,
      near,
    });
    const ids = (kind: FeedItem['kind']) => keys.filter((k) => k.kind === kind).map((k) => k.id);
    // The page's rows: one statement per kind, whatever the page holds.
    const [estimateRows, projects] = await Promise.all([
      repo.findPostedByIds(db, ids('estimate')),
      feedProjects(db, ids('project')),
    ]);
    const estimates = new Map(estimateRows.map((r) => [r.id, r]));
    const items: FeedItem[] = [];
    for (const k of keys) {
      // Anything closed or unposted between the two reads is left out of this page.
      let item: FeedItem | undefined;
      if (k.kind === 'estimate') {
        const r = estimates.get(k.id);
        if (r) item = withAccess(estimateItem(r, viewer), access(r.category));
      } else {
        const p = projects.get(k.id);
        if (p) item = withAccess(p, access(p.category));
      }
      if (!item) continue;
      if (point) item.distanceMiles = k.distance === null ? null : apiDistance(k.distance);
      items.push(item);
    }
    return { items, total, totalCapped, page: q.page, pageSize: q.pageSize };
  }

  /**
   * The first page, newest first or by budget from the highest (what a feed opens on): the estimates' own prepared
   * page and the first projects, side by side, merged here in the feed's order. Later pages, and the order from the
   * lowest budget (whose projects without a budget come last), are paged in the database (taskFeedPage).
   */
  async function firstPage(
    viewer: Viewer,
    q: TaskListQuery,
    sort: 'newest' | 'budget-high-low',
    projectCategories: string[],
    access: (category: string) => Estimate['providerAccess'],
    near?: ListNear,
    point?: LatLng | null,
  ): Promise<FeedPage> {
    const [estimates, projects] = await Promise.all([
      repo.listTasks(db, q, sort, q, POSTED_LIST_COUNT_CAP, near),
      firstFeedProjects(db, {
        search: q.search,
        categories: projectCategories,
        sort,
        limit: q.pageSize,
        countCap: POSTED_LIST_COUNT_CAP,
        within: near?.params,
      }),
    ]);
    const measured = <T extends FeedItem>(item: T, at: { lat: number | null; lng: number | null }): T => {
      if (point) item.distanceMiles = distanceOf(point, at);
      return item;
    };
    // Ordered by what the rows carry; only the page's items are made.
    const merged = [
      ...estimates.rows.map((r) => ({
        at: r.postedAt,
        budget: r.finalCents as number | null,
        id: r.id,
        make: (): FeedItem => measured(withAccess(estimateItem(r, viewer), access(r.category)), r),
      })),
      ...projects.items.map((p) => ({
        at: p.at,
        budget: p.budget,
        id: p.item.id,
        make: (): FeedItem => measured(withAccess(p.item, access(p.item.category)), p.point),
      })),
    ].sort(
      sort === 'newest'
        ? (a, b) => desc(a.at?.getTime(), b.at?.getTime()) || byIdDesc(a, b)
        : (a, b) => desc(a.budget, b.budget) || byIdDesc(a, b),
    );
    const n = estimates.total + projects.counted;
    const capped = estimates.totalCapped || n > POSTED_LIST_COUNT_CAP;
    return {
      items: merged.slice(0, q.pageSize).map((m) => m.make()),
      total: capped ? POSTED_LIST_COUNT_CAP : n,
      totalCapped: capped,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * Posted work and live projects for a provider, ranked by the domain's match score (category and task, region,
   * recency, budget) with a readable reason: the newest 200 of each in the categories their plan opens, the best
   * 10 of them all.
   */
  async function recommendations(viewer: Viewer): Promise<FeedRecommendations> {
    const { user } = viewer;
    const t = now();
    const subject = providerAccessSubject(user);
    const open = accessCategoryIds.filter((c) => canAccess(subject, c, null, t).allowed);
    const profile = { tasks: user.selectedTasks, regionId: user.regionId };
    // Only work inside the provider's service area, or without a location (decision 0048).
    const area = await serviceAreaPoint(db, user.id);
    const within = area ? nearParams(area.point, area.radiusMiles) : undefined;
    const [rows, projects] = await Promise.all([
      repo.recentPosted(db, open, user.id, CANDIDATES, within),
      recommendedProjects(db, projectCategoriesOpenTo(subject, t), profile, t, CANDIDATES, within),
    ]);
    const access = accessFor(viewer, t);
    const candidates = [
      ...rows.map((r) => {
        const postedAt = r.postedAt ?? r.createdAt;
        return {
          item: estimateItem(r, viewer) as FeedItem,
          postedAt,
          match: scoreRecommendation({ ...r, postedAt }, profile, t),
          point: r,
        };
      }),
      ...projects,
    ];
    const ranked = candidates
      .sort((a, b) => b.match.score - a.match.score || b.postedAt.getTime() - a.postedAt.getTime())
      .slice(0, RECOMMENDED);
    return withCustomerFacts(viewer, {
      items: ranked.map(({ item, match, point }) => ({
        ...withAccess(item, access(item.category)),
        ...(area ? { distanceMiles: distanceOf(area.point, point) } : {}),
        matchScore: match.score,
        matchReason: match.reason,
      })),
    });
  }

  return { list, recommendations };
}
