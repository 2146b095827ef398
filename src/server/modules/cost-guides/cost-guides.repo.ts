// The pricing accuracy's one statement (decision 0047): every home-repair job hired since `since` (a job's creation
// is the hire), each job's agreed price against its own estimate, counted per category and per category and place
// (the estimate's region) at once. It reads prices and places only: no name, no account, no id leaves it.
import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

export interface AccuracyGroup {
  category: string;
  /** The estimates' region; null for the category's row over every place. */
  regionId: number | null;
  jobs: number;
  /** Jobs whose agreed price lies inside their estimate's range (min to max, both included). */
  insideRange: number;
  /** The median of (agreed / estimate - 1), in percent, unrounded. */
  medianDiffPercent: number;
}

/**
 * The jobs hired at or after `since` of these categories, grouped by category and by category and region (one
 * statement: GROUPING SETS). Read through jobs_created_idx (the window's jobs with their estimate and agreed price),
 * each joined to its estimate by primary key. An estimate priced at 0 has no ratio and is left out.
 */
export async function accuracyGroups(
  db: Executor,
  categories: readonly string[],
  since: Date,
): Promise<AccuracyGroup[]> {
  const res = await db.execute<{
    category: string;
    region_id: number | null;
    all_places: number;
    jobs: number;
    inside_range: number;
    median_diff: number | string;
  }>(sql`
    select e.category, e.region_id, grouping(e.region_id) as all_places,
      count(*)::int as jobs,
      (count(*) filter (where j.agreed_cents between e.min_cents and e.max_cents))::int as inside_range,
      percentile_cont(0.5) within group (order by j.agreed_cents::float8 / e.final_cents - 1) * 100
        as median_diff
    from jobs j
    join estimates e on e.id = j.estimate_id
    where j.created_at >= ${since.toISOString()}::timestamptz
      and e.category in (${sql.join(
        categories.map((c) => sql`${c}`),
        sql`, `,
      )})
      and e.final_cents > 0
    group by grouping sets ((e.category), (e.category, e.region_id))`);
  return res.rows.map((r) => ({
    category: r.category,
    regionId: Number(r.all_places) === 1 ? null : r.region_id,
    jobs: r.jobs,
    insideRange: r.inside_range,
    medianDiffPercent: Number(r.median_diff),
  }));
}
