// The baseline of `npm run bench`: a bare node:http server that answers the benchmarked routes with the same
// SQL and the same bytes as the app, without the framework (no routing, hooks, schemas, logging or rate limit).
// Started by scripts/bench.ts as a child process: HOST, PORT, and DATABASE_URL (node-postgres) or DATA_DIR (PGlite);
// with TRUST_PROXY (an address, as the app's is set in the bench) it reads the client's address from
// X-Forwarded-For when that proxy sent the request, as the app must. It stops when its parent goes away (stdin
// closes) or on SIGTERM.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { regions } from '#domain/regions/index';
import { publicName } from '#domain/format';
import { effectiveRole, type Role } from '#domain/permissions';
import { canAccess, contactButton } from '#domain/plans';
import { POSTED_LIST_COUNT_CAP } from '#domain/schemas/estimate-api.schema';
import {
  ADMIN_USERS_PAGE_SQL,
  CONVERSATIONS_LIMIT,
  CONVERSATIONS_SQL,
  MEDIAN_SQL,
  listHandlers,
} from './lib/bench-bare-lists.ts';
import { ADMIN_USERS_PAGE_SIZE } from '#domain/schemas/admin.schema';

/**
 * Exactly what Drizzle sends for the session lookup (sessions.repo.ts findSessionWithUser, the prepared statement
 * find_session_with_user), captured from Drizzle's query log.
 */
export const SESSION_SQL =
  'select "sessions"."token_hash", "sessions"."public_id", "sessions"."user_id", "sessions"."persistent", ' +
  '"sessions"."created_at", "sessions"."last_seen_at", "sessions"."expires_at", "sessions"."user_agent", ' +
  '"users"."id", "users"."email", "users"."password_hash", "users"."role", "users"."first_name", ' +
  '"users"."last_name", "users"."email_verified_at", "users"."subscription_plan", "users"."admin_expires_at", ' +
  '"users"."selected_category", "users"."selected_tasks", "users"."region_id", "users"."trial_end_date", ' +
  '"users"."has_used_trial", "users"."subscription_expiry_date", "users"."phone", "users"."address", ' +
  '"users"."city", "users"."state", "users"."zip_code", "users"."company_name", "users"."description", ' +
  '"users"."message_limit", "users"."created_at", "users"."last_active_at", "users"."deleted_at" ' +
  'from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" ' +
  'where ("sessions"."token_hash" = $1 and "users"."deleted_at" is null) limit $2';

/** The posted list's conditions (estimates.repo.ts listPosted), as Drizzle renders them. */
const POSTED_WHERE =
  '"estimates"."status" = \'posted\' and "estimates"."deleted_at" is null and "estimates"."owner_id" not in ' +
  '(select u.id from "users" u where u.deleted_at is not null)';

/**
 * A page of the posted list as Drizzle writes it (estimates.repo.ts preparePostedList), without the count: the
 * floors' page statement, and the base of the list's.
 */
export const POSTED_PAGE_SQL =
  'select "estimates"."id", "estimates"."owner_id", "estimates"."title", "estimates"."description", ' +
  '"estimates"."category", "estimates"."task_id", "estimates"."task_name", "estimates"."subtask_ids", ' +
  '"estimates"."subtask_names", "estimates"."measurements", "estimates"."grade_level", ' +
  '"estimates"."grade_permille", "estimates"."region_id", "estimates"."region_label", ' +
  '"estimates"."region_permille", "estimates"."address", "estimates"."city", "estimates"."state", ' +
  '"estimates"."zip_code", "estimates"."status", "estimates"."final_cents", "estimates"."min_cents", ' +
  '"estimates"."max_cents", "estimates"."line_items", "estimates"."posted_at", "estimates"."first_posted_at", ' +
  '"estimates"."created_at", "estimates"."updated_at", "estimates"."deleted_at", "users"."first_name", ' +
  '"users"."last_name", "users"."deleted_at", (select count(*)::int from "bids" where "bids"."estimate_id" = ' +
  '"estimates"."id" and "bids"."status" in (\'pending\', \'accepted\')) from "estimates" inner join "users" on "users"."id" = ' +
  '"estimates"."owner_id" where (' +
  POSTED_WHERE +
  ') order by "estimates"."posted_at" desc nulls last, "estimates"."id" desc nulls last limit $1 offset $2';
/** The same with the category filter. */
export const POSTED_CATEGORY_PAGE_SQL = POSTED_PAGE_SQL.replace(
  ') order by',
  ' and "estimates"."category" = $1) order by',
).replace('limit $1 offset $2', 'limit $2 offset $3');
/** The count under the list's conditions (and `filter`), stopped at the cap, as a column of the page. */
const cappedCount = (filter: string, cap: string) =>
  `(select count(*)::int from (select 1 from "estimates" where (${POSTED_WHERE}${filter}) limit ${cap}) "capped")`;
/**
 * Exactly what Drizzle sends for the first page of a provider's task feed next to the estimates' page: the live
 * projects of the categories the plan opens (all four for a Deluxe provider), newest first, with their message
 * counts and the capped count (projects.repo.ts firstFeedProjects). Captured from Drizzle's query log.
 */
const FEED_PROJECTS_SQL =
  'select "id", "owner_id", "title", "category", "description", "city", "min_budget_cents", "max_budget_cents", "status", ' +
  '"created_at", (select count(*)::int from "project_messages" pm where pm.project_id = "projects"."id"), ' +
  '(select count(*)::int from (select 1 from "projects" where ("projects"."status" = $1 and "projects"."owner_id" not in ' +
  '(select u.id from "users" u where u.deleted_at is not null) and "projects"."category" in ($2, $3, $4, $5)) limit $6) ' +
  '"capped") from "projects" where ("projects"."status" = $7 and "projects"."owner_id" not in (select u.id from "users" u ' +
  'where u.deleted_at is not null) and "projects"."category" in ($8, $9, $10, $11)) order by "projects"."created_at" desc ' +
  'nulls last, "projects"."id" desc nulls last limit $12';
const PROJECT_CATEGORIES = ['kitchen', 'bathroom', 'flooring', 'concrete'];
const feedProjectsParams = (limit: number, cap: number) => [
  'live',
  ...PROJECT_CATEGORIES,
  cap,
  'live',
  ...PROJECT_CATEGORIES,
  limit,
];

/**
 * Exactly what Drizzle sends for GET /api/estimates/posted, and for GET /api/tasks in its default order
 * (estimates.repo.ts postedPage, the prepared statement posted_list_all): the page with the capped count as its
 * last column. Captured from Drizzle's query log.
 */
export const POSTED_LIST_SQL = POSTED_PAGE_SQL.replace(
  ' from "estimates" inner join',
  `, ${cappedCount('', '$1')} from "estimates" inner join`,
).replace('limit $1 offset $2', 'limit $2 offset $3');
/** The same with the category filter (posted_list_c): the category is given twice. */
export const POSTED_CATEGORY_LIST_SQL = POSTED_PAGE_SQL.replace(
  ' from "estimates" inner join',
  `, ${cappedCount(' and "estimates"."category" = $1', '$2')} from "estimates" inner join`,
)
  .replace(') order by', ' and "estimates"."category" = $3) order by')
  .replace('limit $1 offset $2', 'limit $4 offset $5');
/**
 * And the counts alone, for a page past the end (POSTED_LIST_COUNT_CAP + 1 rows read at most), and for the
 * one-statement floor.
 */
export const POSTED_COUNT_SQL = `select count(*) from (select 1 from "estimates" where (${POSTED_WHERE}) limit $1) "capped"`;
export const POSTED_CATEGORY_COUNT_SQL = `select count(*) from (select 1 from "estimates" where (${POSTED_WHERE} and "estimates"."category" = $1) limit $2) "capped"`;

/**
 * `npm run bench -- --floor`: a whole posted list in one statement (the session checked, the page as JSON built
 * by PostgreSQL, the capped count), for the floor of what a list costs when Node does nothing but pass it on.
 */
const FLOOR_ONE_STATEMENT_SQL = `select
  exists(select 1 from "sessions" s join "users" u on u.id = s.user_id
         where s.token_hash = $1 and s.expires_at > now() and u.deleted_at is null),
  (select json_agg(p)::text from (${POSTED_PAGE_SQL.replace('limit $1 offset $2', 'limit $2 offset $3')}) p),
  (${POSTED_COUNT_SQL.replace('limit $1', 'limit $4')})`;

/**
 * Position of each selected column ("users"."created_at" -> 31), read from the statement itself: the select list
 * split at its top-level commas (a subquery's own commas stay inside its column).
 */
function columnsOf(sql: string, table: string): Record<string, number> {
  const list = sql.slice('select '.length, sql.indexOf(` from "${table}" `));
  const columns: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (depth === 0 && list.startsWith(', ', i)) {
      columns.push(list.slice(start, i));
      start = i + 2;
    }
  }
  columns.push(list.slice(start));
  return Object.fromEntries(columns.map((c, i) => [c.replaceAll('"', ''), i]));
}
const S = columnsOf(SESSION_SQL, 'sessions');
const E = columnsOf(POSTED_PAGE_SQL, 'estimates');
/** The bid count, the last column of the page; the list's capped count follows it. */
const BID_COUNT = Object.keys(E).length - 1;
const COUNTED = BID_COUNT + 1;

type Row = unknown[];
type Query = (sql: string, params: unknown[], name?: string) => Promise<Row[]>;

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    pool.on('error', () => {});
    return {
      // Named like the app's prepared statement, so both sides parse the lookup once per connection.
      query: async (text, values, name) =>
        (await pool.query<Row>({ name, text, values, rowMode: 'array' })).rows,
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('bench-bare needs DATABASE_URL or DATA_DIR');
  const client = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  return {
    query: async (sql, params) => (await client.query<Row>(sql, params, { rowMode: 'array' })).rows,
    close: () => client.close(),
  };
}

const date = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const iso = (v: unknown) => date(v)?.toISOString() ?? null;

async function main() {
  const db = await openQuery();
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const regionSources = new Map(regions.map((r) => [r.id, r.source]));
  const regionsBody = JSON.stringify(regions.map((r) => ({ id: r.id, name: r.name, state: r.state })));
  const anonymous = JSON.stringify({ isAuthenticated: false, user: null });
  const internal = '{"error":"Something went wrong on our side","code":"INTERNAL"}';
  const unauthenticated = '{"error":"Please log in to continue","code":"UNAUTHENTICATED"}';
  const forbidden = '{"error":"You do not have access to this","code":"FORBIDDEN"}';

  interface SessionUser {
    row: Row;
    id: string;
    role: Role;
  }

  /** The stored hash of a cookie's session token, or null without a token. */
  const tokenHashOf = (cookie: string | undefined): string | null => {
    const token = /(?:^|;\s*)sid=([^;]*)/.exec(cookie ?? '')?.[1];
    if (!token || token.length > 100) return null;
    return createHash('sha256').update(token).digest('hex');
  };

  /** The signed-in user of a cookie (the app's session lookup), or null. */
  const sessionUser = async (cookie: string | undefined): Promise<SessionUser | null> => {
    const tokenHash = tokenHashOf(cookie);
    if (!tokenHash) return null;
    const now = new Date();
    const [row] = await db.query(SESSION_SQL, [tokenHash, 1], 'find_session_with_user');
    const expiresAt = row ? date(row[S['sessions.expires_at']!]) : null;
    if (!row || !expiresAt || expiresAt <= now) return null;
    const role = effectiveRole(
      { role: row[S['users.role']!] as Role, adminExpiresAt: date(row[S['users.admin_expires_at']!]) },
      now,
    );
    return { row, id: String(row[S['users.id']!]), role };
  };

  const publicUser = ({ row, role }: SessionUser) => ({
    id: row[S['users.id']!],
    email: row[S['users.email']!],
    role,
    firstName: row[S['users.first_name']!],
    lastName: row[S['users.last_name']!],
    emailVerified: row[S['users.email_verified_at']!] != null,
    subscriptionPlan: row[S['users.subscription_plan']!],
    createdAt: iso(row[S['users.created_at']!]),
    lastActiveAt: iso(row[S['users.last_active_at']!]),
    adminExpiresAt: iso(row[S['users.admin_expires_at']!]),
  });

  /** A row of the posted list as the app answers it (estimates.service.ts toEstimate). */
  const estimate = (r: Row, full: boolean) => {
    const c = (name: string) => r[E[`estimates.${name}`]!];
    const first = String(r[E['users.first_name']!]);
    return {
      id: c('id'),
      title: c('title'),
      description: c('description'),
      category: c('category'),
      task: c('task_name'),
      taskId: c('task_id'),
      subtasks: c('subtask_names'),
      subtaskIds: c('subtask_ids'),
      measurements: c('measurements'),
      gradeLevel: c('grade_level'),
      region: c('region_label'),
      regionId: c('region_id'),
      finalEstimate: Number(c('final_cents')) / 100,
      minBudget: Number(c('min_cents')) / 100,
      maxBudget: Number(c('max_cents')) / 100,
      gradeMultiplier: Number(c('grade_permille')) / 1000,
      regionMultiplier: Number(c('region_permille')) / 1000,
      regionSource: regionSources.get(Number(c('region_id'))) ?? '',
      // In the schema's key order, as the app's serializer writes them (jsonb keeps its own order).
      lineItems: (c('line_items') as Record<string, unknown>[]).map((l) => ({
        subtaskId: l.subtaskId,
        name: l.name,
        measurementType: l.measurementType,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice,
        baseCents: l.baseCents,
        amountCents: l.amountCents,
        amount: l.amount,
        source: l.source,
      })),
      address: full ? c('address') : null,
      city: c('city'),
      state: c('state'),
      zipCode: full ? c('zip_code') : '',
      status: c('status'),
      bidCount: r[BID_COUNT],
      customerId: c('owner_id'),
      customerName: publicName(first, String(r[E['users.last_name']!])),
      createdAt: iso(c('created_at')),
      updatedAt: iso(c('updated_at')),
      datePosted: iso(c('posted_at')),
    };
  };

  /** A provider's access to each item (estimates.service.ts accessFor), from the session's row. */
  const accessOf = ({ row, role }: SessionUser) => {
    if (role !== 'provider') return null;
    const u = (name: string) => row[S[`users.${name}`]!];
    const category = (u('selected_category') as string | null) ?? '';
    const subject = {
      subscriptionPlan: u('subscription_plan') as string,
      trialEndDate: date(u('trial_end_date')),
      hasUsedTrial: u('has_used_trial') as boolean,
      subscriptionExpiryDate: date(u('subscription_expiry_date')),
      tasks: ((u('selected_tasks') as string[] | null) ?? []).map((task) => ({ category, task })),
    };
    const now = new Date();
    return (e: ReturnType<typeof estimate>) => {
      const button = contactButton(canAccess(subject, e.category as string, null, now));
      return {
        ...e,
        providerAccess: { allowed: !button.disabled, label: button.label, reason: button.tooltip },
      };
    };
  };

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...json, ...headers, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  // The conversations and admin users lists (scripts/lib/bench-bare-lists.ts).
  const lists = listHandlers({ query: db.query, sessionUser, send, internal, unauthenticated });

  /**
   * The floors of the lists, `/floor/<list>`: the session lookup, then the list's page statement alone, its rows
   * passed to JSON.stringify as the driver returns them (no count, no mapping, no access check): posted, category
   * (kitchen), tasks (the posted page, which the app runs for a provider's default task list), messages (the
   * conversations, then for a customer's list the providers' response times, as the page needs both) and admin
   * (the Users tab's first page). What no implementation of that list can go below here. With `--floor` also the
   * posted page statement without the session lookup, and the posted list as one statement.
   */
  function floor(path: string, req: IncomingMessage, res: ServerResponse): boolean {
    const page = () => db.query(POSTED_PAGE_SQL, [10, 0], 'floor_page');
    const answer = (work: Promise<string | null>) =>
      work.then(
        (body) => send(res, body === null ? 401 : 200, body ?? unauthenticated),
        () => send(res, 500, internal),
      );
    const signedIn = (rows: (user: SessionUser) => Promise<unknown>) =>
      answer(
        sessionUser(req.headers.cookie).then(async (user) =>
          user ? JSON.stringify({ items: await rows(user) }) : null,
        ),
      );
    switch (path) {
      case '/floor/page':
        answer(page().then((rows) => JSON.stringify({ items: rows })));
        break;
      case '/floor/posted':
        signedIn(page);
        break;
      case '/floor/tasks':
        // A provider's feed opens on the estimates' page and the first projects, read side by side.
        signedIn(async () => {
          const [estimates, projects] = await Promise.all([
            page(),
            db.query(FEED_PROJECTS_SQL, feedProjectsParams(10, POSTED_LIST_COUNT_CAP + 1), 'floor_projects'),
          ]);
          return [...estimates, ...projects];
        });
        break;
      case '/floor/category':
        signedIn(() => db.query(POSTED_CATEGORY_PAGE_SQL, ['kitchen', 10, 0], 'floor_page_c'));
        break;
      case '/floor/messages':
        signedIn(async ({ id }) => {
          const rows = await db.query(
            CONVERSATIONS_SQL,
            [id, id, id, id, CONVERSATIONS_LIMIT],
            'conversations',
          );
          const providers = [...new Set(rows.filter((r) => r[4] === 'provider').map((r) => String(r[2])))];
          if (providers.length === 0) return rows;
          return [...rows, await db.query(MEDIAN_SQL, [providers, providers], 'median_first_response')];
        });
        break;
      case '/floor/admin':
        signedIn(() => db.query(ADMIN_USERS_PAGE_SQL, [ADMIN_USERS_PAGE_SIZE, 0], 'admin_users_exclude'));
        break;
      case '/floor/one-statement': {
        const params = [tokenHashOf(req.headers.cookie), 10, 0, POSTED_LIST_COUNT_CAP + 1];
        answer(
          db
            .query(FLOOR_ONE_STATEMENT_SQL, params, 'floor_one_statement')
            .then(([r]) => (r?.[0] ? `{"items":${String(r[1])},"total":${String(r[2])}}` : null)),
        );
        break;
      }
      default:
        return false;
    }
    return true;
  }

  // The client's address: the last X-Forwarded-For entry when the request came from the trusted proxy
  // (TRUST_PROXY, one address here), else the socket's peer. The app resolves it for its per-address limit; the
  // bare server, which has no limit, resolves it and goes on, so a new address per request costs both the same
  // header work and nothing more.
  const trustedProxy = process.env.TRUST_PROXY;
  const clientAddress = (req: IncomingMessage) => {
    const peer = req.socket.remoteAddress ?? '';
    const forwarded = String(req.headers['x-forwarded-for'] ?? '');
    if (!trustedProxy || !forwarded || peer.replace(/^::ffff:/, '') !== trustedProxy) return peer;
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  };

  const server = createServer((req, res) => {
    if (!clientAddress(req)) return send(res, 400, '{"error":"No client address"}');
    const path = req.url?.split('?')[0];
    if (path === '/api/regions')
      return send(res, 200, regionsBody, { 'cache-control': 'public, max-age=300' });
    if (path === '/readyz') {
      db.query('select 1', []).then(
        () => send(res, 200, '{"status":"ready"}'),
        () => send(res, 503, '{"status":"unavailable"}'),
      );
      return;
    }
    if (path === '/api/auth/session') {
      sessionUser(req.headers.cookie).then(
        (user) =>
          send(
            res,
            200,
            user ? JSON.stringify({ isAuthenticated: true, user: publicUser(user) }) : anonymous,
          ),
        () => send(res, 500, internal),
      );
      return;
    }
    // The posted list (any signed-in user) and the providers' task list in its default order (providers and
    // admins; the same statement): the session lookup first, then the page with its count, as the app; the count
    // alone only for a page past the end.
    const tasks = path === '/api/tasks';
    if (path === '/api/estimates/posted' || tasks) {
      const query = new URLSearchParams(req.url!.slice(path.length + 1));
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 10);
      const category = query.get('category')?.trim().toLowerCase() || undefined;
      if (!(page >= 1 && pageSize >= 1 && pageSize <= 100)) return send(res, 400, '{"error":"Bad page"}');
      if (tasks && (query.has('search') || query.has('task') || (query.get('sort') ?? 'newest') !== 'newest'))
        return send(res, 400, '{"error":"Only the default order and the category filter"}');
      sessionUser(req.headers.cookie)
        .then(async (user) => {
          if (!user) return send(res, 401, unauthenticated);
          if (tasks && user.role !== 'provider' && user.role !== 'admin') return send(res, 403, forbidden);
          const paging = [pageSize, (page - 1) * pageSize];
          const cap = POSTED_LIST_COUNT_CAP + 1;
          // Named as the app prepares them (estimates.repo.ts postedKeys).
          // A provider's feed (a Deluxe provider's: every project category) opens on the estimates' page and the
          // first projects, read side by side and merged newest first, as the app's first page.
          const firstProjects =
            tasks && page === 1
              ? db.query(FEED_PROJECTS_SQL, feedProjectsParams(pageSize, cap), 'feed_projects')
              : Promise.resolve([]);
          const [rows, projectRows] = await Promise.all([
            category
              ? db.query(POSTED_CATEGORY_LIST_SQL, [category, cap, category, ...paging], 'posted_list_c')
              : db.query(POSTED_LIST_SQL, [cap, ...paging], 'posted_list_all'),
            firstProjects,
          ]);
          const countAlone = async () =>
            (category
              ? await db.query(POSTED_CATEGORY_COUNT_SQL, [category, cap], 'posted_count_c')
              : await db.query(POSTED_COUNT_SQL, [cap], 'posted_count_all'))[0]![0];
          const admin = user.role === 'admin';
          const annotate = accessOf(user);
          const items = rows.map((r) => {
            const e = estimate(r, admin || (!tasks && r[E['estimates.owner_id']!] === user.id));
            return annotate ? annotate(e) : e;
          });
          const projectItems = projectRows.map((r) => ({
            kind: 'project',
            id: r[0],
            title: r[2],
            description: r[4],
            category: r[3],
            city: r[5],
            state: '',
            region: r[5],
            minBudget: r[6] == null ? null : Number(r[6]) / 100,
            maxBudget: r[7] == null ? null : Number(r[7]) / 100,
            bidCount: r[10],
            createdAt: (r[9] as Date).toISOString(),
            datePosted: (r[9] as Date).toISOString(),
          }));
          // Feed items say their kind.
          const list: { datePosted: unknown }[] = tasks
            ? [...items.map((e) => ({ ...e, kind: 'estimate' })), ...projectItems]
                .sort((a, b) => String(b.datePosted).localeCompare(String(a.datePosted)))
                .slice(0, pageSize)
            : items;
          const counted =
            Number(rows[0]?.[COUNTED] ?? (page === 1 ? 0 : await countAlone())) +
            Number(projectRows[0]?.[11] ?? 0);
          const totalCapped = counted > POSTED_LIST_COUNT_CAP;
          const total = totalCapped ? POSTED_LIST_COUNT_CAP : counted;
          send(res, 200, JSON.stringify({ items: list, total, totalCapped, page, pageSize }));
        })
        .catch(() => send(res, 500, internal));
      return;
    }
    if (path?.startsWith('/floor/') && floor(path, req, res)) return;
    if (path && lists(path, req, res)) return;
    send(res, 404, '{"error":"Not found","code":"NOT_FOUND"}');
  });
  server.keepAliveTimeout = 72_000;

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    server.closeAllConnections();
    server.close(() => void db.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop).on('error', stop).resume();

  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
