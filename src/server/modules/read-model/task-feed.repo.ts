// The providers' task feed over two features' tables (decision 0038): posted estimates and live public projects in
// one order, one page of it and the count, in one statement. It answers which items (kind and id) make the page;
// each feature then reads its own rows of the page by id (one statement each, whatever the page holds).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { closedAccountIds, estimates, projectBudgetSql, projects } from '#server/db/schema/index';
import { containsPattern } from '#server/db/contains-pattern';
import { distanceSql, withinSql, type ListNear } from '#server/db/geo-sql';

export type FeedSort = 'newest' | 'budget-high-low' | 'budget-low-high' | 'nearest';

export interface FeedQuery {
  /** Searched over title and description, any case. */
  search?: string | undefined;
  /** An estimate category id (the estimates' filter). */
  category?: string | undefined;
  /** A task id (the estimates' filter; projects have no task). */
  task?: string | undefined;
  /** The project categories to list: the ones the viewer's plan opens, narrowed by the category filter. */
  projectCategories: readonly string[];
  sort: FeedSort;
  page: number;
  pageSize: number;
  /** Each kind is counted up to this many, and the total says "more" past it. */
  countCap: number;
  /**
   * Near a point (decision 0048): every key carries its distance; `within` keeps only the items inside the radius
   * (so only those with a location). 'nearest' needs it.
   */
  near?: ListNear | undefined;
}

export interface FeedKey {
  kind: 'estimate' | 'project';
  id: string;
  /** Miles from the query's point; null without a point or a location. */
  distance: number | null;
}

function estimateWhere(q: FeedQuery): SQL {
  const parts: SQL[] = [
    sql`${estimates.status} = 'posted'`,
    sql`${estimates.deletedAt} is null`,
    sql`${estimates.ownerId} not in ${closedAccountIds}`,
  ];
  if (q.search) {
    const p = containsPattern(q.search);
    parts.push(sql`(lower(${estimates.title}) like ${p} or lower(${estimates.description}) like ${p})`);
  }
  if (q.category) parts.push(sql`${estimates.category} = ${q.category}`);
  if (q.task) parts.push(sql`${estimates.taskId} = ${q.task}`);
  if (q.near?.within) parts.push(withinSql(estimates.lat, estimates.lng, q.near.params));
  return sql.join(parts, sql` and `);
}

function projectWhere(q: FeedQuery): SQL {
  const categories = sql.join(
    q.projectCategories.map((c) => sql`${c}`),
    sql`, `,
  );
  const parts: SQL[] = [
    sql`${projects.status} = 'live'`,
    sql`${projects.ownerId} not in ${closedAccountIds}`,
    sql`${projects.category} in (${categories})`,
  ];
  if (q.search) {
    const p = containsPattern(q.search);
    parts.push(sql`(lower(${projects.title}) like ${p} or lower(${projects.description}) like ${p})`);
  }
  if (q.near?.within) parts.push(withinSql(projects.lat, projects.lng, q.near.params));
  return sql.join(parts, sql` and `);
}

const projectBudget = projectBudgetSql(projects);

/**
 * The branches of the feed, each ordered as its index is built and cut at the end of the asked page, so the page is
 * the first rows of their merge: PostgreSQL reads at most offset + limit rows of each index.
 */
function branches(q: FeedQuery, reach: number): SQL[] {
  const e = estimateWhere(q);
  const noTask = !q.task && q.projectCategories.length > 0;
  const p = noTask ? projectWhere(q) : null;
  const near = q.near?.params;
  const eDist = near ? distanceSql(estimates.lat, estimates.lng, near.lat, near.lng) : sql`null::float8`;
  const pDist = near ? distanceSql(projects.lat, projects.lng, near.lat, near.lng) : sql`null::float8`;
  const estimate = (order: SQL) =>
    sql`(select 'estimate' as kind, ${estimates.id} as id, ${estimates.postedAt} as at, ${estimates.finalCents}::bigint as budget,
      ${eDist} as dist from ${estimates} where ${e} order by ${order} limit ${reach})`;
  const project = (where: SQL, order: SQL) =>
    sql`(select 'project' as kind, ${projects.id} as id, ${projects.createdAt} as at, (${projectBudget})::bigint as budget,
      ${pDist} as dist from ${projects} where ${where} order by ${order} limit ${reach})`;
  if (q.sort === 'nearest') {
    const out = [estimate(sql`${eDist} asc nulls last, ${estimates.id} desc nulls last`)];
    if (p) out.push(project(p, sql`${pDist} asc nulls last, ${projects.id} desc nulls last`));
    return out;
  }
  if (q.sort === 'newest') {
    const out = [estimate(sql`${estimates.postedAt} desc nulls last, ${estimates.id} desc nulls last`)];
    if (p) out.push(project(p, sql`${projects.createdAt} desc nulls last, ${projects.id} desc nulls last`));
    return out;
  }
  if (q.sort === 'budget-high-low') {
    const out = [estimate(sql`${estimates.finalCents} desc nulls last, ${estimates.id} desc nulls last`)];
    if (p) out.push(project(p, sql`(${projectBudget}) desc nulls last, ${projects.id} desc nulls last`));
    return out;
  }
  // Low to high: the budget index read backwards; projects without a budget come after every priced item.
  const out = [estimate(sql`${estimates.finalCents} asc nulls first, ${estimates.id} asc nulls first`)];
  if (p) {
    out.push(
      project(
        sql`${p} and (${projectBudget}) is not null`,
        sql`(${projectBudget}) asc nulls first, ${projects.id} asc nulls first`,
      ),
      project(sql`${p} and (${projectBudget}) is null`, sql`${projects.id} asc nulls first`),
    );
  }
  return out;
}

const OUTER_ORDER: Record<FeedSort, SQL> = {
  newest: sql`at desc nulls last, id desc`,
  'budget-high-low': sql`budget desc nulls last, id desc`,
  'budget-low-high': sql`budget asc nulls last, id asc`,
  nearest: sql`dist asc nulls last, id desc`,
};

/** How many estimates and projects match, each counted up to countCap + 1 (scalar subqueries: computed once). */
function counts(q: FeedQuery): { estimates: SQL; projects: SQL } {
  const cap = q.countCap + 1;
  const noTask = !q.task && q.projectCategories.length > 0;
  return {
    estimates: sql`(select count(*)::int from (select 1 from ${estimates} where ${estimateWhere(q)} limit ${cap}) c)`,
    projects: noTask
      ? sql`(select count(*)::int from (select 1 from ${projects} where ${projectWhere(q)} limit ${cap}) c)`
      : sql`0`,
  };
}

function total(q: FeedQuery, e: number, p: number) {
  const n = e + p;
  return n > q.countCap ? { total: q.countCap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The kinds and ids of one page of the feed, in its order, and the number of items under the same filters (up to
 * countCap). One statement; a page past the end asks the count on its own.
 */
export async function taskFeedPage(
  db: Executor,
  q: FeedQuery,
): Promise<{ keys: FeedKey[]; total: number; totalCapped: boolean }> {
  const offset = (q.page - 1) * q.pageSize;
  const c = counts(q);
  const union = sql.join(branches(q, offset + q.pageSize), sql` union all `);
  const res = await db.execute<{
    kind: 'estimate' | 'project';
    id: string;
    dist: number | null;
    e: number;
    p: number;
  }>(
    sql`select kind, id, dist, ${c.estimates} as e, ${c.projects} as p from (${union}) feed
      order by ${OUTER_ORDER[q.sort]} limit ${q.pageSize} offset ${offset}`,
  );
  const rows = res.rows;
  const first = rows[0];
  if (first) {
    return {
      keys: rows.map((r) => ({ kind: r.kind, id: r.id, distance: r.dist === null ? null : Number(r.dist) })),
      ...total(q, Number(first.e), Number(first.p)),
    };
  }
  if (q.page === 1) return { keys: [], total: 0, totalCapped: false };
  const [n] = (
    await db.execute<{ e: number; p: number }>(sql`select ${c.estimates} as e, ${c.projects} as p`)
  ).rows;
  return { keys: [], ...total(q, Number(n?.e ?? 0), Number(n?.p ?? 0)) };
}
