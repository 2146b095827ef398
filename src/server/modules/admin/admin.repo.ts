// The admin console's queries: the Users tab list, the records a deletion touches (one registry for preview
// counts and hard deletion), the audit log listing, the clean-up candidates and the admin count that keeps one
// admin in place.
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '#domain/permissions';
import type { ProviderPlanId } from '#domain/plans';
import { TEST_EMAIL_DOMAINS, TEST_DOMAIN_SUFFIXES, TEST_WORDS } from '#domain/schemas/admin.schema';
import type { Executor } from '#server/db/client';
import { perDatabase } from '#server/db/prepared';
import {
  auditLog,
  authTokens,
  bids,
  jobEvents,
  jobs,
  notificationMail,
  notifications,
  notificationSettings,
  estimatePictures,
  estimateInvitations,
  messages,
  estimates,
  portfolioPhotos,
  providerCredentials,
  projectConnections,
  projectMessages,
  projects,
  reviewReports,
  reviews,
  roleRequests,
  serviceAreas,
  sessions,
  siteVisits,
  twoStepChallenges,
  twoStepRecoveryCodes,
  twoStepSettings,
  userCounts,
  users,
  visits,
  type UserRow,
} from '#server/db/schema/index';
import { containsPattern } from '#server/db/contains-pattern';

// ---------------------------------------------------------------------------------------------------------------
// The Users tab

export interface UserListFilter {
  search?: string;
  role?: Role;
  /** A provider plan: providers on it only (other roles show N/A). */
  plan?: ProviderPlanId;
  createdFrom?: Date;
  /** Exclusive: the start of the day after the "before" day. */
  createdTo?: Date;
  /** A user with no lastActiveAt fails this one. */
  activeFrom?: Date;
  /** Exclusive; a user with no lastActiveAt passes (never active is before any day). */
  activeTo?: Date;
  deleted: 'exclude' | 'include' | 'only';
}

/** The expression the name-or-email search (and its trigram index) runs on. */
const searchText = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

/** Which filters a Users tab request uses (and its deleted mode): one prepared statement pair per combination. */
function userListKey(f: UserListFilter): string {
  const used = [
    f.search && 's',
    f.role && 'r',
    f.plan && 'p',
    f.createdFrom && 'cf',
    f.createdTo && 'ct',
    f.activeFrom && 'af',
    f.activeTo && 'at',
  ].filter(Boolean);
  return [f.deleted, ...used].join('_');
}

/** The conditions of a combination, each value a placeholder filled when the statement runs. */
function userListWhere(f: UserListFilter): SQL | undefined {
  const p = sql.placeholder;
  const where: (SQL | undefined)[] = [];
  if (f.search) where.push(sql`${searchText} like ${p('search')}`);
  if (f.role) where.push(eq(users.role, p('role')));
  if (f.plan) where.push(and(eq(users.role, 'provider'), eq(users.subscriptionPlan, p('plan'))));
  if (f.createdFrom) where.push(gte(users.createdAt, p('createdFrom')));
  if (f.createdTo) where.push(lt(users.createdAt, p('createdTo')));
  if (f.activeFrom) where.push(gte(users.lastActiveAt, p('activeFrom')));
  if (f.activeTo) where.push(or(isNull(users.lastActiveAt), lt(users.lastActiveAt, p('activeTo'))));
  if (f.deleted === 'exclude') where.push(isNull(users.deletedAt));
  if (f.deleted === 'only') where.push(sql`${users.deletedAt} is not null`);
  return and(...where);
}

function prepareUserList(db: Executor, f: UserListFilter, key: string) {
  const where = userListWhere(f);
  return {
    count: db.select({ n: count() }).from(users).where(where).prepare(`admin_users_count_${key}`),
    page: db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`admin_users_${key}`),
  };
}

// The Users tab's statements are built once per database handle and filter combination and run as named
// prepared statements (as the posted lists): building the SQL and planning it again on every request cost about
// as much as counting the live accounts.
const userListStatements = perDatabase<ReturnType<typeof prepareUserList>>();

function userList(db: Executor, f: UserListFilter) {
  const key = userListKey(f);
  const statements = userListStatements(db, key, () => prepareUserList(db, f, key));
  const values = {
    search: f.search ? containsPattern(f.search) : undefined,
    role: f.role,
    plan: f.plan,
    createdFrom: f.createdFrom,
    createdTo: f.createdTo,
    activeFrom: f.activeFrom,
    activeTo: f.activeTo,
  };
  return { statements, values };
}

// The Users tab as it opens (no filter, deleted accounts left out) reads the live accounts' number that a trigger on
// users keeps (user_counts, migration 0018) instead of counting every account on each page.
const liveCountStatement = perDatabase<ReturnType<typeof prepareLiveCount>>();

function prepareLiveCount(db: Executor) {
  return db.select({ n: userCounts.live }).from(userCounts).prepare('admin_users_count_live');
}

export async function countUsers(db: Executor, f: UserListFilter): Promise<number> {
  if (userListKey(f) === 'exclude') {
    const [live] = await liveCountStatement(db, '', () => prepareLiveCount(db)).execute();
    return live?.n ?? 0;
  }
  const { statements, values } = userList(db, f);
  const [row] = await statements.count.execute(values);
  return row?.n ?? 0;
}

/** One page of the list, newest created first (id breaks ties, so pages never overlap). */
export function listUsers(
  db: Executor,
  f: UserListFilter,
  offset: number,
  limit: number,
): Promise<UserRow[]> {
  const { statements, values } = userList(db, f);
  return statements.page.execute({ ...values, offset, limit });
}

/** A user in any state (soft-deleted ones too). */
export async function findUserAnyState(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A user in any state, the row locked until the transaction ends. */
export async function lockUserAnyState(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export function findUsersAnyState(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * The ids of the admins who act as admins at `at` (not deleted, privileges not expired), their rows locked so
 * two admins demoting each other at once cannot both succeed and leave none.
 */
export async function lockActiveAdminIds(db: Executor, at: Date): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        isNull(users.deletedAt),
        or(isNull(users.adminExpiresAt), gt(users.adminExpiresAt, at)),
      ),
    )
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------------------
// A user's records: the one place that knows every table pointing at a user.

type PreviewCount = 'messages' | 'estimates' | 'sessions' | 'jobs' | 'reviewsWritten' | 'reviewsReceived';

interface UserDataEntry {
  table: PgTable;
  column: PgColumn;
  /** Hard deletion removes the rows, or (for records that outlive their author) clears the reference. */
  onHardDelete: 'delete' | 'set null';
  /** The preview count this table feeds, if any. */
  counts?: PreviewCount;
}

/**
 * Every column that references users.id, children before parents. A feature that adds a table pointing at
 * users (messages, bids, conversations...) adds its line here: the deletion preview counts it, hard deletion
 * removes it, and admin.test.ts fails while a foreign key to users is missing from this list.
 */
export const userData: readonly UserDataEntry[] = [
  { table: sessions, column: sessions.userId, onHardDelete: 'delete', counts: 'sessions' },
  { table: authTokens, column: authTokens.userId, onHardDelete: 'delete' },
  // Two-step verification (decision 0024): the secret, recovery codes and pending sign-in challenges.
  { table: twoStepChallenges, column: twoStepChallenges.userId, onHardDelete: 'delete' },
  { table: twoStepRecoveryCodes, column: twoStepRecoveryCodes.userId, onHardDelete: 'delete' },
  { table: twoStepSettings, column: twoStepSettings.userId, onHardDelete: 'delete' },
  // Estimate messages: the ones the user sent (counted) and received; both go with a hard-deleted account.
  { table: messages, column: messages.senderId, onHardDelete: 'delete', counts: 'messages' },
  { table: messages, column: messages.receiverId, onHardDelete: 'delete' },
  // Reviews (decision 0044): the user's reports, and the reviews they wrote and received, go with the account (a
  // job's reviews would go with the job anyway); the reputation is computed from the rows, so it follows. A review
  // this admin moderated stays, without the moderator.
  { table: reviewReports, column: reviewReports.reporterId, onHardDelete: 'delete' },
  { table: reviews, column: reviews.moderatedBy, onHardDelete: 'set null' },
  { table: reviews, column: reviews.authorId, onHardDelete: 'delete', counts: 'reviewsWritten' },
  { table: reviews, column: reviews.subjectId, onHardDelete: 'delete', counts: 'reviewsReceived' },
  // Jobs (decision 0039): the user's jobs as either party go with the account (their change orders, timeline and
  // photos with them); the other party's jobs keep their timeline without this user's name on a proposal,
  // cancellation or entry.
  { table: jobEvents, column: jobEvents.actorId, onHardDelete: 'set null' },
  { table: jobs, column: jobs.proposedBy, onHardDelete: 'set null' },
  { table: jobs, column: jobs.cancelledBy, onHardDelete: 'set null' },
  { table: jobs, column: jobs.customerId, onHardDelete: 'delete', counts: 'jobs' },
  { table: jobs, column: jobs.providerId, onHardDelete: 'delete', counts: 'jobs' },
  // A provider's bids go with their account (bids on the user's own estimates go with the estimates).
  { table: bids, column: bids.providerId, onHardDelete: 'delete' },
  // A person's notifications, their settings and their notification mail go with the account.
  { table: notificationMail, column: notificationMail.userId, onHardDelete: 'delete' },
  { table: notifications, column: notifications.userId, onHardDelete: 'delete' },
  { table: notificationSettings, column: notificationSettings.userId, onHardDelete: 'delete' },
  // Pro profiles (decision 0046): a provider's credentials and portfolio, and the invitations to bid the user sent
  // or got, go with the account; a credential this admin reviewed stays, without the reviewer.
  { table: providerCredentials, column: providerCredentials.reviewedBy, onHardDelete: 'set null' },
  { table: providerCredentials, column: providerCredentials.providerId, onHardDelete: 'delete' },
  { table: portfolioPhotos, column: portfolioPhotos.providerId, onHardDelete: 'delete' },
  { table: estimateInvitations, column: estimateInvitations.providerId, onHardDelete: 'delete' },
  { table: estimateInvitations, column: estimateInvitations.customerId, onHardDelete: 'delete' },
  // A provider's service area (decision 0048), and the site visits the user is a party to (decision 0049).
  { table: serviceAreas, column: serviceAreas.providerId, onHardDelete: 'delete' },
  { table: siteVisits, column: siteVisits.customerId, onHardDelete: 'delete' },
  { table: siteVisits, column: siteVisits.providerId, onHardDelete: 'delete' },
  { table: estimatePictures, column: estimatePictures.ownerId, onHardDelete: 'delete' },
  { table: estimates, column: estimates.ownerId, onHardDelete: 'delete', counts: 'estimates' },
  {
    table: projectMessages,
    column: projectMessages.senderUserId,
    onHardDelete: 'delete',
    counts: 'messages',
  },
  { table: projectConnections, column: projectConnections.providerUserId, onHardDelete: 'delete' },
  { table: projects, column: projects.ownerId, onHardDelete: 'delete' },
  { table: roleRequests, column: roleRequests.userId, onHardDelete: 'delete' },
  // Another user's request this admin reviewed stays, without the reviewer.
  { table: roleRequests, column: roleRequests.reviewedBy, onHardDelete: 'set null' },
  // Page views carry an IP address and a browser: personal data, removed with the user.
  { table: visits, column: visits.userId, onHardDelete: 'delete' },
  // The audit log is append-only: an entry outlives the admin who acted (actor cleared, names kept in details).
  { table: auditLog, column: auditLog.actorId, onHardDelete: 'set null' },
];

/** The JS key of a column in its table (what update().set() takes). */
function columnKey(e: UserDataEntry): string {
  const found = Object.entries(getTableColumns(e.table)).find(([, c]) => c === e.column);
  if (!found) throw new Error(`column not in ${getTableName(e.table)}`);
  return found[0];
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** "table.column" (database names) of every registry entry: what the test compares with the foreign keys. */
export const userDataColumns = () =>
  userData.map((e) => `${getTableName(e.table)}.${snake(columnKey(e))}`).sort();

export interface UserRecordCounts {
  messages: number;
  estimates: number;
  sessions: number;
  /** Jobs as either party. */
  jobs: number;
  reviewsWritten: number;
  reviewsReceived: number;
  /** Every row of every registered table that points at the user, plus the account row itself. */
  totalRecords: number;
}

/** The counts of a user with no records (totalRecords 0: not even an account row). */
export const noRecordCounts: Readonly<UserRecordCounts> = {
  messages: 0,
  estimates: 0,
  sessions: 0,
  jobs: 0,
  reviewsWritten: 0,
  reviewsReceived: 0,
  totalRecords: 0,
};

/** The preview counts of each user, in one statement. */
export async function countUserRecords(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, UserRecordCounts>> {
  const result = new Map<string, UserRecordCounts>(
    userIds.map((id) => [id, { ...noRecordCounts, totalRecords: 1 }]),
  );
  if (userIds.length === 0) return result;
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const selects = userData.map(
    (e, i) =>
      sql`select ${i}::int as entry, ${e.column} as user_id, count(*)::int as n from ${e.table} where ${e.column} in (${ids}) group by ${e.column}`,
  );
  const rows = await db.execute<{ entry: number; user_id: string; n: number }>(
    sql.join(selects, sql` union all `),
  );
  for (const row of rows.rows) {
    const c = result.get(row.user_id);
    const entry = userData[Number(row.entry)];
    if (!c || !entry) continue;
    const n = Number(row.n);
    c.totalRecords += n;
    if (entry.counts) c[entry.counts] += n;
  }
  return result;
}

/** Removes the user and every record of theirs (registry order), in the caller's transaction. */
export async function hardDeleteUser(db: Executor, userId: string): Promise<boolean> {
  for (const e of userData) {
    if (e.onHardDelete === 'delete') {
      await db.delete(e.table).where(eq(e.column, userId));
    } else {
      await db
        .update(e.table)
        .set({ [columnKey(e)]: null })
        .where(eq(e.column, userId));
    }
  }
  const gone = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return gone.length === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The audit log

export interface AuditFilter {
  actorId?: string;
  action?: string;
}

const auditWhere = (f: AuditFilter) =>
  and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
  );

export async function countAuditEntries(db: Executor, f: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(f));
  return row?.n ?? 0;
}

/** A page of entries, newest first, with the acting user's current name and email (null once removed). */
export function listAuditEntries(db: Executor, f: AuditFilter, offset: number, limit: number) {
  return db
    .select({
      entry: auditLog,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(auditWhere(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .offset(offset)
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: accounts that look like test data (the rule of looksLikeTestUser in the domain, in SQL)

const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
// Qualified by hand: inside a one-table select drizzle writes bare column names, which the correlated
// subqueries below would make ambiguous.
const emailDomain = sql`lower(split_part("users"."email", '@', 2))`;
const emailLocal = sql`lower(split_part("users"."email", '@', 1))`;
const words = TEST_WORDS.join('|');

/** True for an account that looks like test data; mirrors looksLikeTestUser (admin.schema.ts). */
export const isTestSql = sql<boolean>`(
  ${emailDomain} in (${sqlList(TEST_EMAIL_DOMAINS)})
  or ${sql.join(
    TEST_DOMAIN_SUFFIXES.map((s) => sql`${emailDomain} like ${`%${s}`}`),
    sql` or `,
  )}
  or ${emailLocal} ~ ${`^(${words})([._+-]|[0-9]|$)`}
  or ${emailLocal} ~ ${`\\+(${words})`}
  or lower(trim("users"."first_name")) in (${sqlList(TEST_WORDS)})
  or lower(trim("users"."last_name")) in (${sqlList(TEST_WORDS)})
)`;

export interface CleanupCandidate {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: Date;
  isTest: boolean;
  estimates: number;
  messages: number;
  postedTasks: number;
  conversations: number;
}

/**
 * Active accounts that are not admins and not `exceptId` (the caller); only test-looking ones unless `all`.
 * Newest first, at most `limit`; with the total that matched.
 */
export async function cleanupCandidates(
  db: Executor,
  opts: { exceptId: string; all: boolean; search: string; limit: number },
): Promise<{ total: number; users: CleanupCandidate[] }> {
  const where = and(
    isNull(users.deletedAt),
    ne(users.role, 'admin'),
    ne(users.id, opts.exceptId),
    opts.all ? undefined : isTestSql,
    opts.search ? sql`${searchText} like ${containsPattern(opts.search)}` : undefined,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      createdAt: users.createdAt,
      isTest: isTestSql,
      estimates: sql<number>`(select count(*)::int from estimates e where e.owner_id = "users"."id")`,
      messages: sql<number>`(select count(*)::int from project_messages m where m.sender_user_id = "users"."id")`,
      postedTasks: sql<number>`(select count(*)::int from projects p where p.owner_id = "users"."id")`,
      conversations: sql<number>`(select count(distinct pm.project_id)::int from project_messages pm join projects p on p.id = pm.project_id where pm.sender_user_id = "users"."id" or p.owner_id = "users"."id")`,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit);
  return {
    total: total?.n ?? 0,
    users: rows.map((r) => ({
      ...r,
      isTest: Boolean(r.isTest),
      estimates: Number(r.estimates),
      messages: Number(r.messages),
      postedTasks: Number(r.postedTasks),
      conversations: Number(r.conversations),
    })),
  };
}

/** Which of these users look like test data. */
export async function testUserIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isTestSql));
  return new Set(rows.map((r) => r.id));
}
