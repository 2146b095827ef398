// All SQL of the public projects: projects, their messages and the owner's connections with providers. A project
// of a closed account is never read: the lists and counts leave it out and a read by id finds nothing.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import {
  projectBudgetSql,
  projectConnections,
  projectMessages,
  projects,
  closedAccountIds,
  users,
} from '#server/db/schema/index';
import { isUuid } from '#domain/ids';
import { nearPlaceholders, withinSql, type NearParams } from '#server/db/geo-sql';
import { containsPattern } from '#server/db/contains-pattern';
import { perDatabase } from '#server/db/prepared';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectMessageRow = typeof projectMessages.$inferSelect;

export async function insertProject(db: Executor, values: NewProject): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('project not inserted');
  return row;
}

// Qualified by hand: inside the subquery a bare "id" would be the message's own id.
const messageCount = sql<number>`(select count(*)::int from ${projectMessages} pm where pm.project_id = ${sql.identifier('projects')}.${sql.identifier('id')})`;

export interface ProjectFilter {
  city?: string | undefined;
  category?: string | undefined;
  /** Within a radius of a point (decision 0048): projects without a location are left out. */
  near?: NearParams | undefined;
  limit: number;
  offset: number;
}

// Accounts closed before their projects were closed with them: left out of the lists and counts (the few closed
// accounts are a hashed subplan, as for the posted estimates).
const ownerOpen = sql`${projects.ownerId} not in ${closedAccountIds}`;

/** Live projects of open accounts, newest first, by city (any case) and category id; a page and the total. */
export async function listLiveProjects(db: Executor, f: ProjectFilter) {
  const where = and(
    eq(projects.status, 'live'),
    ownerOpen,
    f.city ? sql`lower(${projects.city}) = lower(${f.city})` : undefined,
    f.category ? eq(projects.category, f.category) : undefined,
    f.near ? withinSql(projects.lat, projects.lng, f.near) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ project: projects, messageCount })
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A project (live or closed) of an open account, with its number of messages; null for anything else. */
export async function findProject(db: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ project: projects, messageCount })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(and(eq(projects.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the project is live, holding it (for share) until the transaction ends: an offer written under it cannot
 * land on a project that a concurrent close (or its owner's account closing) has just closed.
 */
export async function holdLiveProject(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, id))
    .for('share');
  return row?.status === 'live';
}

/** Closes the owner's project (a closed one stays closed); null when it is not theirs or does not exist. */
export async function closeProject(db: Executor, id: string, ownerId: string): Promise<ProjectRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(projects)
    .set({ status: 'closed' })
    .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
    .returning();
  return row ?? null;
}

/**
 * Closes every live project of this owner: their account is closing (in that closing's transaction). The ids of
 * the projects it closed (their public pages go).
 */
export async function closeProjectsOf(db: Executor, ownerId: string): Promise<string[]> {
  const rows = await db
    .update(projects)
    .set({ status: 'closed' })
    .where(and(eq(projects.ownerId, ownerId), eq(projects.status, 'live')))
    .returning({ id: projects.id });
  return rows.map((r) => r.id);
}

/** Cities with live projects of open accounts, with counts, most first (one spelling per city, any case). */
export async function liveCities(db: Executor) {
  const key = sql`lower(${projects.city})`;
  return db
    .select({ city: sql<string>`min(${projects.city})`, count: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.status, 'live'), ownerOpen))
    .groupBy(key)
    .orderBy(desc(sql`count(*)`), asc(key))
    .limit(200);
}

/** Messages on a project, oldest first, with the sender's names; only one sender's when `senderUserId` is given. */
export async function listMessages(db: Executor, projectId: string, senderUserId?: string) {
  return db
    .select({
      message: projectMessages,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
    })
    .from(projectMessages)
    .innerJoin(users, eq(users.id, projectMessages.senderUserId))
    .where(
      and(
        eq(projectMessages.projectId, projectId),
        senderUserId ? eq(projectMessages.senderUserId, senderUserId) : undefined,
      ),
    )
    .orderBy(asc(projectMessages.createdAt), asc(projectMessages.id));
}

export async function insertMessage(
  db: Executor,
  values: typeof projectMessages.$inferInsert,
): Promise<ProjectMessageRow> {
  const [row] = await db.insert(projectMessages).values(values).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

/** Whether this user sent at least one message on the project. */
export async function hasMessaged(db: Executor, projectId: string, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await db
    .select({ id: projectMessages.id })
    .from(projectMessages)
    .where(and(eq(projectMessages.projectId, projectId), eq(projectMessages.senderUserId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Records that the owner shared contact details with this provider (once; a repeat changes nothing). */
export async function insertConnection(db: Executor, projectId: string, providerUserId: string, at: Date) {
  await db
    .insert(projectConnections)
    .values({ projectId, providerUserId, createdAt: at })
    .onConflictDoNothing();
}

/** The providers the owner connected with on this project. */
export async function connectedProviderIds(db: Executor, projectId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: projectConnections.providerUserId })
    .from(projectConnections)
    .where(eq(projectConnections.projectId, projectId));
  return new Set(rows.map((r) => r.id));
}

export async function isConnected(db: Executor, projectId: string, providerUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projectConnections.providerUserId })
    .from(projectConnections)
    .where(
      and(eq(projectConnections.projectId, projectId), eq(projectConnections.providerUserId, providerUserId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The owner's contact details (for a provider the owner connected with). */
export async function ownerContact(db: Executor, ownerId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return row ?? null;
}

/** Holds the owner's row until the transaction ends: one post at a time per owner (the posted limit). */
export async function lockOwner(db: Executor, ownerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

// ---------------------------------------------------------------------------------------------------------
// The providers' task feeds and the owner's dashboard (decision 0038)

/** These live projects of open accounts with their number of messages, in one statement (a feed page's). */
export async function findLiveProjects(db: Executor, ids: readonly string[]) {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select({ project: projects, messageCount })
    .from(projects)
    .where(and(inArray(projects.id, [...valid]), eq(projects.status, 'live'), ownerOpen));
}

/**
 * The newest live projects of open accounts in these categories (the recommendations' candidates); with `area`,
 * only those inside it or without a location (decision 0048).
 */
export async function recentLiveProjects(
  db: Executor,
  categories: readonly string[],
  limit: number,
  area?: NearParams,
) {
  if (categories.length === 0) return [];
  return db
    .select({ project: projects, messageCount })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'live'),
        ownerOpen,
        inArray(projects.category, [...categories]),
        area ? sql`(${projects.lat} is null or ${withinSql(projects.lat, projects.lng, area)})` : undefined,
      ),
    )
    .orderBy(sql`${projects.createdAt} desc nulls last`, sql`${projects.id} desc nulls last`)
    .limit(limit);
}

/** A page of the owner's projects (live and closed), newest first, with how many there are and how many live. */
export async function listOwnProjects(db: Executor, ownerId: string, p: { limit: number; offset: number }) {
  const [rows, [c]] = await Promise.all([
    db
      .select({ project: projects, messageCount })
      .from(projects)
      .where(eq(projects.ownerId, ownerId))
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(p.limit)
      .offset(p.offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        live: sql<number>`(count(*) filter (where ${projects.status} = 'live'))::int`,
      })
      .from(projects)
      .where(eq(projects.ownerId, ownerId)),
  ]);
  return { rows, total: c?.total ?? 0, live: c?.live ?? 0 };
}

/** What a feed's first page asks of the projects: the categories (one to four), an order, a search, how many. */
interface FeedProjectsQuery {
  search?: string | undefined;
  categories: readonly string[];
  sort: 'newest' | 'budget-high-low';
  limit: number;
  countCap: number;
  /** Only the projects inside this radius (decision 0048). */
  within?: NearParams | undefined;
}

/**
 * The statement behind firstFeedProjects for one shape (how many categories, the order, with or without a search):
 * built once per database handle and run as a named prepared statement, as the posted lists are (building it per
 * request was most of what kept the task feed below the posted list; docs/benchmarks.md).
 */
function prepareFeedProjects(
  db: Executor,
  shape: { categories: number; sort: FeedProjectsQuery['sort']; search: boolean; within: boolean },
) {
  const categories = Array.from({ length: shape.categories }, (_, i) => sql.placeholder(`category${i}`));
  const pattern = sql.placeholder('search');
  const where = and(
    eq(projects.status, 'live'),
    ownerOpen,
    inArray(projects.category, categories),
    shape.search
      ? sql`(lower(${projects.title}) like ${pattern} or lower(${projects.description}) like ${pattern})`
      : undefined,
    shape.within ? withinSql(projects.lat, projects.lng, nearPlaceholders) : undefined,
  );
  const budget = projectBudgetSql(projects);
  const capped = db
    .select({ one: sql`1` })
    .from(projects)
    .where(where)
    .limit(sql.placeholder('countLimit'));
  const order = (c: { id: SQLWrapper; createdAt: SQLWrapper; budget: SQLWrapper }) =>
    shape.sort === 'newest'
      ? [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`]
      : [sql`${c.budget} desc nulls last`, sql`${c.id} desc nulls last`];
  const own = { id: projects.id, createdAt: projects.createdAt, budget: sql`(${budget})` };
  // The page's ids first, then only its rows (as the posted estimates: a radius's rows are not all read, and
  // within a radius the count comes from the same read of the area).
  const area = db.$with('area').as(
    db
      .select({ id: projects.id, createdAt: projects.createdAt, budget: sql`(${budget})`.as('budget') })
      .from(projects)
      .where(where),
  );
  const page = db
    .select({ pageId: shape.within ? area.id : projects.id })
    .from(shape.within ? area : projects)
    .where(shape.within ? undefined : where)
    .orderBy(...order(shape.within ? area : own))
    .limit(sql.placeholder('limit'))
    .as('page');
  const counted = shape.within
    ? sql<number>`(select count(*)::int from (select 1 from ${area} limit ${sql.placeholder('countLimit')}) "capped")`
    : sql<number>`(select count(*)::int from ${capped} "capped")`;
  return (shape.within ? db.with(area) : db)
    .select({ project: projects, messageCount, counted })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.pageId))
    .orderBy(...order(own))
    .prepare(
      `feed_projects_${shape.sort}_${shape.search ? 'search' : 'all'}_${shape.categories}${shape.within ? '_within' : ''}`,
    );
}

const feedProjectStatements = perDatabase<ReturnType<typeof prepareFeedProjects>>();

/**
 * The first `limit` live projects of open accounts in these categories, newest first or by budget from the highest
 * (as `projects_feed_created_idx` and `projects_feed_budget_idx` are read), searched over title and description,
 * each row with how many match (counted up to countCap + 1): one prepared statement, for the first page of a feed.
 */
export async function firstFeedProjects(db: Executor, q: FeedProjectsQuery) {
  if (q.categories.length === 0) return [];
  const shape = { categories: q.categories.length, sort: q.sort, search: !!q.search, within: !!q.within };
  const statement = feedProjectStatements(
    db,
    `${shape.sort}_${shape.search}_${shape.categories}_${shape.within}`,
    () => prepareFeedProjects(db, shape),
  );
  return statement.execute({
    ...q.within,
    ...Object.fromEntries(q.categories.map((c, i) => [`category${i}`, c])),
    search: q.search ? containsPattern(q.search) : undefined,
    limit: q.limit,
    countLimit: q.countCap + 1,
  });
}
