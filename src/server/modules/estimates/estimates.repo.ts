// The estimates table: inserts, one-query reads with the owner's name, the lists (a page and its total),
// status changes, soft deletion and the counts behind the customer plan limits.
import { and, count, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { EstimateStatus } from '#domain/catalog/categories';
import type { Executor } from '#server/db/client';
import { estimates, users, type EstimateRow, type NewEstimate } from '#server/db/schema/index';

export type { EstimateRow, NewEstimate };

/** An estimate with its owner's name, as every read returns it. */
export type EstimateWithOwner = EstimateRow & {
  ownerFirstName: string;
  ownerLastName: string;
  /** Set when the owner's account was closed (soft-deleted). */
  ownerDeletedAt: Date | null;
};

const columns = {
  estimate: estimates,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerDeletedAt: users.deletedAt,
};

function flatten(r: {
  estimate: EstimateRow;
  ownerFirstName: string;
  ownerLastName: string;
  ownerDeletedAt: Date | null;
}): EstimateWithOwner {
  return {
    ...r.estimate,
    ownerFirstName: r.ownerFirstName,
    ownerLastName: r.ownerLastName,
    ownerDeletedAt: r.ownerDeletedAt,
  };
}

export async function insertEstimate(db: Executor, values: NewEstimate): Promise<EstimateRow> {
  const [row] = await db.insert(estimates).values(values).returning();
  if (!row) throw new Error('estimate not inserted');
  return row;
}

/** A live (not deleted) estimate with its owner's name. */
export async function findEstimate(db: Executor, id: string): Promise<EstimateWithOwner | null> {
  const [row] = await db
    .select(columns)
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.ownerId))
    .where(and(eq(estimates.id, id), isNull(estimates.deletedAt)))
    .limit(1);
  return row ? flatten(row) : null;
}

/** Holds the owner's row until the transaction ends: one limited action at a time per owner. */
export async function lockOwner(db: Executor, ownerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** Holds the estimate's row until the transaction ends (status changes of one estimate go one at a time). */
export async function lockEstimate(db: Executor, id: string, ownerId: string): Promise<EstimateRow | null> {
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, id), eq(estimates.ownerId, ownerId), isNull(estimates.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updateEstimate(
  db: Executor,
  id: string,
  values: Partial<NewEstimate>,
): Promise<EstimateRow | null> {
  const [row] = await db.update(estimates).set(values).where(eq(estimates.id, id)).returning();
  return row ?? null;
}

/** Soft-deletes the owner's live estimate; false when there is none. */
export async function softDeleteEstimate(db: Executor, id: string, ownerId: string, at: Date) {
  const rows = await db
    .update(estimates)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(estimates.id, id), eq(estimates.ownerId, ownerId), isNull(estimates.deletedAt)))
    .returning({ id: estimates.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Lists

export interface ListFilters {
  search?: string | undefined;
  status?: EstimateStatus | undefined;
  category?: string | undefined;
  task?: string | undefined;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** ILIKE pattern for a literal substring (%, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(f: ListFilters): SQL[] {
  const where: SQL[] = [];
  if (f.search) where.push(sql`lower(${estimates.title}) like ${containsPattern(f.search)}`);
  if (f.status) where.push(eq(estimates.status, f.status));
  if (f.category) where.push(eq(estimates.category, f.category));
  if (f.task) where.push(eq(estimates.taskId, f.task));
  return where;
}

/**
 * A page of estimates (owner's name joined) and the total under the same filters: two statements whatever the
 * page holds (no query per row). A separate count reads only the estimates' partial index and rows, where a
 * window count(*) over () would also build and join every matching row (measured at 100,000 estimates: 16 ms + 0.5 ms
 * against 250 ms). Newest first, then id, so paging is stable.
 */
async function listPage(
  db: Executor,
  where: SQL | undefined,
  p: PageRequest,
): Promise<{ rows: EstimateWithOwner[]; total: number; totalCapped: boolean }> {
  const [rows, [c]] = await Promise.all([
    db
      .select(columns)
      .from(estimates)
      .innerJoin(users, eq(users.id, estimates.ownerId))
      .where(where)
      .orderBy(sql`${estimates.createdAt} desc nulls last`, desc(estimates.id))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize),
    db.select({ n: count() }).from(estimates).where(where),
  ]);
  return { rows: rows.map(flatten), total: c?.n ?? 0, totalCapped: false };
}

/** The owner's live estimates, newest first. */
export function listOwn(db: Executor, ownerId: string, f: ListFilters, p: PageRequest) {
  const where = and(eq(estimates.ownerId, ownerId), isNull(estimates.deletedAt), ...filterConditions(f));
  return listPage(db, where, p);
}

/** Which of the optional filters a posted-list request uses: one prepared statement pair per combination. */
function postedFilterKey(f: Omit<ListFilters, 'status'>): string {
  return `${f.search ? 's' : ''}${f.category ? 'c' : ''}${f.task ? 't' : ''}`;
}

function preparePostedList(db: Executor, key: string) {
  const where = and(
    sql`${estimates.status} = 'posted'`,
    isNull(estimates.deletedAt),
    // A closed account's estimates leave the posted lists (the few closed accounts: a hashed subplan).
    sql`${estimates.ownerId} not in (select u.id from ${users} u where u.deleted_at is not null)`,
    key.includes('s') ? sql`lower(${estimates.title}) like ${sql.placeholder('search')}` : undefined,
    key.includes('c') ? eq(estimates.category, sql.placeholder('category')) : undefined,
    key.includes('t') ? eq(estimates.taskId, sql.placeholder('task')) : undefined,
  );
  return {
    rows: db
      .select(columns)
      .from(estimates)
      .innerJoin(users, eq(users.id, estimates.ownerId))
      .where(where)
      .orderBy(sql`${estimates.postedAt} desc nulls last`, desc(estimates.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`posted_list_${key || 'all'}`),
    count: db
      .select({ n: count() })
      .from(
        db
          .select({ one: sql`1` })
          .from(estimates)
          .where(where)
          .limit(sql.placeholder('countLimit'))
          .as('capped'),
      )
      .prepare(`posted_count_${key || 'all'}`),
  };
}

// The posted lists are the busiest reads providers make: their statements are built once per database handle
// and filter combination (building the SQL per request was about a fifth of the route's time at 100,000
// estimates) and run as named prepared statements.
const postedStatements = new WeakMap<Executor, Map<string, ReturnType<typeof preparePostedList>>>();

/** Every live posted estimate of an open account, latest posting first; counted up to `countCap`. */
export async function listPosted(
  db: Executor,
  f: Omit<ListFilters, 'status'>,
  p: PageRequest,
  countCap: number,
): Promise<{ rows: EstimateWithOwner[]; total: number; totalCapped: boolean }> {
  const key = postedFilterKey(f);
  let byKey = postedStatements.get(db);
  if (!byKey) postedStatements.set(db, (byKey = new Map()));
  let statements = byKey.get(key);
  if (!statements) byKey.set(key, (statements = preparePostedList(db, key)));
  const params = {
    search: f.search ? containsPattern(f.search) : undefined,
    category: f.category,
    task: f.task,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
    countLimit: countCap + 1,
  };
  const [rows, [c]] = await Promise.all([statements.rows.execute(params), statements.count.execute(params)]);
  const n = c?.n ?? 0;
  return n > countCap
    ? { rows: rows.map(flatten), total: countCap, totalCapped: true }
    : { rows: rows.map(flatten), total: n, totalCapped: false };
}

// ---------------------------------------------------------------------------------------------------------
// Plan limits

/** Estimates the owner created since `since`, deleted ones included (estimates generated this month). */
/**
 * The providers' task lists: every live posted estimate of an open account, searched over title and
 * description, by category, newest first or by budget (each order has its partial index); counted up to
 * `countCap`.
 */
export async function listTasks(
  db: Executor,
  f: Pick<ListFilters, 'search' | 'category' | 'task'>,
  sort: 'newest' | 'budget-high-low' | 'budget-low-high',
  p: PageRequest,
  countCap: number,
): Promise<{ rows: EstimateWithOwner[]; total: number; totalCapped: boolean }> {
  const pattern = f.search ? containsPattern(f.search) : null;
  const where = and(
    sql`${estimates.status} = 'posted'`,
    isNull(estimates.deletedAt),
    sql`${estimates.ownerId} not in (select u.id from ${users} u where u.deleted_at is not null)`,
    pattern
      ? sql`(lower(${estimates.title}) like ${pattern} or lower(${estimates.description}) like ${pattern})`
      : undefined,
    f.category ? eq(estimates.category, f.category) : undefined,
    f.task ? eq(estimates.taskId, f.task) : undefined,
  );
  // Written as the indexes are built (desc nulls last; ascending is the same index read backwards).
  const orderBy =
    sort === 'budget-high-low'
      ? [sql`${estimates.finalCents} desc nulls last`, sql`${estimates.id} desc nulls last`]
      : sort === 'budget-low-high'
        ? [sql`${estimates.finalCents} asc nulls first`, sql`${estimates.id} asc nulls first`]
        : [sql`${estimates.postedAt} desc nulls last`, sql`${estimates.id} desc nulls last`];
  const [rows, [c]] = await Promise.all([
    db
      .select(columns)
      .from(estimates)
      .innerJoin(users, eq(users.id, estimates.ownerId))
      .where(where)
      .orderBy(...orderBy)
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(estimates)
        .where(where)
        .limit(countCap + 1)
        .as('capped'),
    ),
  ]);
  const n = c?.n ?? 0;
  return n > countCap
    ? { rows: rows.map(flatten), total: countCap, totalCapped: true }
    : { rows: rows.map(flatten), total: n, totalCapped: false };
}

/** The newest live posted estimates of open accounts in these categories (the recommendations' candidates). */
export async function recentPosted(
  db: Executor,
  categories: readonly string[],
  excludeOwnerId: string,
  limit: number,
): Promise<EstimateWithOwner[]> {
  if (categories.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.ownerId))
    .where(
      and(
        sql`${estimates.status} = 'posted'`,
        isNull(estimates.deletedAt),
        isNull(users.deletedAt),
        inArray(estimates.category, [...categories]),
        ne(estimates.ownerId, excludeOwnerId),
      ),
    )
    .orderBy(sql`${estimates.postedAt} desc nulls last`, sql`${estimates.id} desc nulls last`)
    .limit(limit);
  return rows.map(flatten);
}

export async function countCreatedSince(db: Executor, ownerId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(estimates)
    .where(and(eq(estimates.ownerId, ownerId), gte(estimates.createdAt, since)));
  return row?.n ?? 0;
}

/** Drafts the owner holds now (saved estimates). */
export async function countDrafts(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(estimates)
    .where(and(eq(estimates.ownerId, ownerId), eq(estimates.status, 'draft'), isNull(estimates.deletedAt)));
  return row?.n ?? 0;
}
