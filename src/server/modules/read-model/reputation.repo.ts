// Reputation, computed in one place (decision 0044): the figures of a provider's and a customer's reputation, and
// the few shown beside their names in lists, read from the reviews and jobs tables for any number of people at
// once (one statement for the reviews and jobs, plus the response times for a full reputation). The formulas are
// the domain's (src/domain/reputation.ts); this file only counts.
//
// Counted reviews: published, not removed by a moderator (a hidden one's text is replaced but its rating still
// counts), written about the person by the other side of the job. Completion rate: completed of the hired jobs
// that have ended (completed or cancelled), so a job still open does not count against anyone. Late
// cancellations: the person's own, in the last 365 days.
import { and, count, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  averageRating,
  completionRate,
  NO_SHOW_DAYS,
  priceAccuracy,
  rankingScore,
  type RatingDistribution,
} from '#domain/reputation';
import { customerSubRatings, providerSubRatings, type ReviewSide } from '#domain/reviews';
import type {
  CustomerFacts,
  CustomerReputation,
  ProviderRatingSummary,
  ProviderReputation,
} from '#domain/schemas/review.schema';
import type { Executor } from '#server/db/client';
import { siteVisits } from '#server/db/schema/index';
import { preparedSql } from '#server/db/prepared';
import { medianFirstResponseSeconds } from './response-times.repo.ts';

/** How far back a late cancellation counts. */
const LATE_CANCELLATION_DAYS = 365;

/** What one statement reads of each person. */
interface ReputationRow {
  id: string;
  /** Counted ratings 1-5. */
  dist: number[];
  /** Each sub-rating's 1-5 counts, by name (full reads only). */
  subs: Record<string, number[]> | null;
  completed: number;
  ended: number;
  hires: number;
  late: number;
  /** [agreedCents, finalCents] of each completed job (provider reads only). */
  prices: [number, number][] | null;
}

/** Who a reading is about: the provider (reviewed by customers) or the customer (reviewed by providers). */
type Subject = 'provider' | 'customer';
/** The side that writes about a subject: a provider is reviewed by the job's customer, and the other way round. */
const authorSideOf = (s: Subject): ReviewSide => (s === 'provider' ? 'customer' : 'provider');

/** `array[count(*) filter (where <expr> = 1), ... = 5]`: a 1-5 distribution in SQL. */
const distributionOf = (expr: SQL) =>
  sql`array[${sql.join(
    [1, 2, 3, 4, 5].map((v) => sql`count(*) filter (where ${expr} = ${sql.raw(String(v))})`),
    sql`, `,
  )}]::int[]`;

/**
 * The statement for one subject and depth: `full` adds the sub-ratings' distributions; `prices` the agreed and
 * final totals of completed jobs (for price accuracy). The ids, and `now` for the 12 months of late
 * cancellations, are parameters, so the text is the same for any number of people.
 */
function reputationStatement(subject: Subject, full: boolean, prices: boolean) {
  const name = `reputation_${subject}${full ? '_full' : ''}${prices ? '_prices' : ''}`;
  return preparedSql<ReputationRow>(name, () => {
    const ids = sql.placeholder('ids');
    const now = sql.placeholder('now');
    const party = sql.raw(subject === 'provider' ? 'j.provider_id' : 'j.customer_id');
    const subNames = subject === 'provider' ? providerSubRatings : customerSubRatings;
    const subs = full
      ? sql`jsonb_build_object(${sql.join(
          subNames.map(
            (k) =>
              sql`${sql.raw(`'${k}'`)}::text, ${distributionOf(sql.raw(`(r.sub_ratings->>'${k}')::int`))}`,
          ),
          sql`, `,
        )})`
      : sql`null::jsonb`;
    const priceList = prices
      ? sql`coalesce(jsonb_agg(jsonb_build_array(j.agreed_cents, j.total_cents))
          filter (where j.status = 'completed'), '[]'::jsonb)`
      : sql`null::jsonb`;
    return sql`
      select p.id, rv.dist, rv.subs, jb.completed, jb.ended, jb.hires, jb.late, jb.prices
      from unnest(${ids}::uuid[]) as p(id)
      cross join lateral (
        select ${distributionOf(sql`r.rating`)} as dist, ${subs} as subs
        from reviews r
        where r.subject_id = p.id and r.author_side = ${sql.raw(`'${authorSideOf(subject)}'`)}
          and r.published_at is not null and r.moderation <> 'removed'
      ) rv
      cross join lateral (
        select count(*) filter (where j.status = 'completed')::int as completed,
          count(*) filter (where j.status in ('completed', 'cancelled'))::int as ended,
          count(*)::int as hires,
          count(*) filter (
            where j.late_cancellation and j.cancelled_by = p.id
              and j.cancelled_at > ${now}::timestamptz - interval '${sql.raw(String(LATE_CANCELLATION_DAYS))} days'
          )::int as late,
          ${priceList} as prices
        from jobs j where ${party} = p.id
      ) jb`;
  });
}

const statements = {
  providerFull: reputationStatement('provider', true, true),
  providerSummary: reputationStatement('provider', false, true),
  customerFull: reputationStatement('customer', true, false),
  customerFacts: reputationStatement('customer', false, false),
};

async function read(
  statement: (typeof statements)[keyof typeof statements],
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<ReputationRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return statement(db, { ids: unique, now: now.toISOString() });
}

const asDistribution = (d: readonly number[] | null | undefined): RatingDistribution => [
  Number(d?.[0] ?? 0),
  Number(d?.[1] ?? 0),
  Number(d?.[2] ?? 0),
  Number(d?.[3] ?? 0),
  Number(d?.[4] ?? 0),
];
const countOf = (d: RatingDistribution) => d.reduce((a, b) => a + b, 0);
const subAverage = (row: ReputationRow, name: string) => averageRating(asDistribution(row.subs?.[name]));
const accuracyOf = (row: ReputationRow) =>
  priceAccuracy((row.prices ?? []).map(([a, f]) => ({ agreedCents: Number(a), finalCents: Number(f) })));

/** What a provider's name carries in lists, with the distribution the ranking orders by. */
export type ProviderRatingSummaryWithDistribution = ProviderRatingSummary & {
  distribution: RatingDistribution;
};

/** Each provider's full reputation (GET /api/providers/{id}/reputation); every id asked has an entry. */
export async function providerReputations(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, ProviderReputation>> {
  const [rows, times, noShows] = await Promise.all([
    read(statements.providerFull, db, ids, now),
    medianFirstResponseSeconds(db, ids, 'provider'),
    providerNoShows(db, ids, now),
  ]);
  return new Map(
    rows.map((r): [string, ProviderReputation] => {
      const distribution = asDistribution(r.dist);
      return [
        r.id,
        {
          providerId: r.id,
          rating: averageRating(distribution),
          rankingScore: rankingScore(distribution),
          count: countOf(distribution),
          distribution,
          subRatings: {
            quality: subAverage(r, 'quality'),
            communication: subAverage(r, 'communication'),
            punctuality: subAverage(r, 'punctuality'),
            value: subAverage(r, 'value'),
          },
          completedJobs: r.completed,
          completionRate: completionRate(r.completed, r.ended),
          lateCancellations: r.late,
          noShows: noShows.get(r.id) ?? 0,
          priceAccuracy: accuracyOf(r),
          medianFirstResponseSeconds: times.get(r.id) ?? null,
        },
      ];
    }),
  );
}

/**
 * Each provider's counted no-shows at site visits (decision 0049; src/domain/reputation countsAsNoShow): recorded
 * against the provider, undisputed, within NO_SHOW_DAYS. Read through the partial index of exactly those.
 */
async function providerNoShows(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const since = new Date(now.getTime() - NO_SHOW_DAYS * 86_400_000);
  const rows = await db
    .select({ id: siteVisits.providerId, n: count() })
    .from(siteVisits)
    .where(
      and(
        inArray(siteVisits.providerId, unique),
        eq(siteVisits.noShowParty, 'provider'),
        isNull(siteVisits.disputedAt),
        gte(siteVisits.noShowAt, since),
      ),
    )
    .groupBy(siteVisits.providerId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The figures beside each provider's name (bids, lists) and the distribution the ranking orders by. */
export async function providerRatingSummaries(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, ProviderRatingSummaryWithDistribution>> {
  const rows = await read(statements.providerSummary, db, ids, now);
  return new Map(
    rows.map((r): [string, ProviderRatingSummaryWithDistribution] => {
      const distribution = asDistribution(r.dist);
      return [
        r.id,
        {
          rating: averageRating(distribution),
          count: countOf(distribution),
          priceAccuracy: accuracyOf(r),
          completedJobs: r.completed,
          distribution,
        },
      ];
    }),
  );
}

/** Each customer's full reputation (GET /api/customers/{id}/reputation); every id asked has an entry. */
export async function customerReputations(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, CustomerReputation>> {
  const [rows, times] = await Promise.all([
    read(statements.customerFull, db, ids, now),
    medianFirstResponseSeconds(db, ids, 'customer'),
  ]);
  return new Map(
    rows.map((r): [string, CustomerReputation] => {
      const distribution = asDistribution(r.dist);
      return [
        r.id,
        {
          customerId: r.id,
          completedJobs: r.completed,
          hires: r.hires,
          lateCancellations: r.late,
          medianFirstResponseSeconds: times.get(r.id) ?? null,
          rating: averageRating(distribution),
          count: countOf(distribution),
          distribution,
          subRatings: {
            clarity: subAverage(r, 'clarity'),
            responsiveness: subAverage(r, 'responsiveness'),
            fairness: subAverage(r, 'fairness'),
          },
        },
      ];
    }),
  );
}

/** The facts beside each customer's posted work and bids, for providers: one statement for a whole page. */
export async function customerFactsOf(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, CustomerFacts>> {
  const rows = await read(statements.customerFacts, db, ids, now);
  return new Map(
    rows.map((r): [string, CustomerFacts] => {
      const distribution = asDistribution(r.dist);
      return [
        r.id,
        {
          completedJobs: r.completed,
          hires: r.hires,
          lateCancellations: r.late,
          rating: averageRating(distribution),
          count: countOf(distribution),
        },
      ];
    }),
  );
}

/**
 * Whether the provider has bid (any bid, withdrawn or not) on one of the customer's estimates: who, besides admins,
 * may read the customer's reputation.
 */
export async function hasBidOnEstimatesOf(
  db: Executor,
  providerId: string,
  customerId: string,
): Promise<boolean> {
  const res = await db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from bids b join estimates e on e.id = b.estimate_id
      where b.provider_id = ${providerId} and e.owner_id = ${customerId}
    ) as found`);
  return res.rows[0]?.found === true;
}
