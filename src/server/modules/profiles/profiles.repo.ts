// The public directory of pros (decision 0046): which providers make one page of it, in its order, and how many
// there are, in one statement. The counted reviews and the completed jobs are each aggregated once and joined (no
// query per provider); the figures a card shows are then read for the page's ids by the read model, so a card and
// the reputation route agree.
import { sql, type SQL } from 'drizzle-orm';
import { RANKING_PRIOR_STARS, RANKING_PRIOR_WEIGHT } from '#domain/reputation';
import type { directorySorts } from '#domain/schemas/pro-profile.schema';
import type { Executor } from '#server/db/client';
import { distanceSql, withinSql, type ListNear } from '#server/db/geo-sql';
import { providerBaseJoinSql } from '#server/modules/geo';

export interface DirectoryFilter {
  /** A category key: the provider's sign-up category, or one of its tasks' (given as `categoryTasks`). */
  category?: string | undefined;
  /** The task ids of `category` (a provider holding one of them works in it). */
  categoryTasks: readonly string[];
  city?: string | undefined;
  minRating?: number | undefined;
  verified?: boolean | undefined;
  sort: (typeof directorySorts)[number];
  page: number;
  pageSize: number;
  /** The paid plans (a provider on one of them, paid or on trial, is in the directory) and the featured ones. */
  paidPlans: readonly string[];
  featuredPlans: readonly string[];
  now: Date;
  /** YYYY-MM-DD: a badge shows through its expiry date (the verified filter). */
  today: string;
  /**
   * Near a point (decision 0048): each provider's distance from it to their base; `within` keeps only the providers
   * whose base is inside the radius.
   */
  near?: ListNear | undefined;
}

export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * A provider whose plan is in force at `now` (planInForce in SQL): a paid plan until its expiry date (exclusive),
 * else a trial until its end (exclusive), else (set by an admin) open-ended.
 */
export const planInForceSql = (paidPlans: readonly string[], now: Date) => sql`(
  u.subscription_plan::text = any(${textArray(paidPlans)})
  and case
    when u.subscription_expiry_date is not null then u.subscription_expiry_date > ${now.toISOString()}::timestamptz
    when u.trial_end_date is not null then u.trial_end_date > ${now.toISOString()}::timestamptz
    else true
  end)`;

/**
 * One page of the directory: the providers' ids in order (with their distance when asked near a point), and the
 * total of the filtered list.
 */
export async function directoryPage(
  db: Executor,
  f: DirectoryFilter,
): Promise<{ ids: string[]; distances: Map<string, number | null>; total: number }> {
  const where: SQL[] = [
    sql`u.deleted_at is null`,
    sql`u.role = 'provider'`,
    sql`u.listed`,
    planInForceSql(f.paidPlans, f.now),
  ];
  if (f.category) {
    where.push(
      f.categoryTasks.length > 0
        ? sql`(u.selected_category = ${f.category} or u.selected_tasks && ${textArray(f.categoryTasks)})`
        : sql`u.selected_category = ${f.category}`,
    );
  }
  if (f.city) where.push(sql`lower(u.city) = lower(${f.city})`);
  // The plain average the card shows (one decimal), so a pro shown at 4.0 passes "4 and up".
  if (f.minRating !== undefined) {
    where.push(sql`rv.n > 0 and round(rv.s::numeric / rv.n, 1) >= ${f.minRating}`);
  }
  if (f.verified) {
    where.push(sql`exists (
      select 1 from provider_credentials c
      where c.provider_id = u.id and c.status = 'approved' and c.expires_on >= ${f.today}::date)`);
  }
  // A provider's base is looked up by primary keys per provider row (the directory's providers: thousands at most).
  const near = f.near;
  const base = near ? providerBaseJoinSql(sql`u`) : sql``;
  if (near?.within) where.push(withinSql(sql`base.lat`, sql`base.lng`, near.params));
  const dist = near
    ? distanceSql(sql`base.lat`, sql`base.lng`, near.params.lat, near.params.lng)
    : sql`null::float8`;
  const prior = RANKING_PRIOR_STARS * RANKING_PRIOR_WEIGHT;
  const order: SQL =
    f.sort === 'newest'
      ? sql`u.created_at desc`
      : f.sort === 'jobs'
        ? sql`coalesce(jb.completed, 0) desc`
        : // The read model's rankingScore (a Bayesian average), ties by more reviews, as compareByRanking orders.
          sql`(${prior}::float8 + coalesce(rv.s, 0)) / (${RANKING_PRIOR_WEIGHT}::float8 + coalesce(rv.n, 0)) desc,
            coalesce(rv.n, 0) desc`;
  const offset = (f.page - 1) * f.pageSize;
  // The providers with their base and review figures, filtered: what the page orders and the count counts.
  const filtered = sql`users u
    ${base}
    left join (
      select r.subject_id, count(*)::int as n, sum(r.rating)::int as s
      from reviews r
      where r.author_side = 'customer' and r.published_at is not null and r.moderation <> 'removed'
      group by r.subject_id
    ) rv on rv.subject_id = u.id`;
  const filter = sql.join(where, sql` and `);
  const res = await db.execute<{ id: string; dist: number | null; total: number }>(sql`
    select u.id, ${dist} as dist, count(*) over ()::int as total
    from ${filtered}
    left join (
      select j.provider_id, count(*)::int as completed from jobs j where j.status = 'completed' group by j.provider_id
    ) jb on jb.provider_id = u.id
    where ${filter}
    order by (u.subscription_plan::text = any(${textArray(f.featuredPlans)})) desc, ${order}, u.id
    limit ${f.pageSize} offset ${offset}`);
  const ids = res.rows.map((r) => r.id);
  const distances = new Map(res.rows.map((r) => [r.id, r.dist === null ? null : Number(r.dist)]));
  if (ids.length > 0 || f.page === 1) return { ids, distances, total: Number(res.rows[0]?.total ?? 0) };
  // A page past the end: count the list on its own.
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from ${filtered} where ${filter}`,
  );
  return { ids, distances, total: Number(counted.rows[0]?.total ?? 0) };
}
