// The bare server's answers to the conversations list (GET /api/messages) and the admin users list
// (GET /api/admin/users), for scripts/bench-bare.ts: the same statements as the app, in the same order, with
// exactly the SQL text Drizzle sends (captured from Drizzle's query log), and the same JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { effectiveRole, type Role } from '#domain/permissions';
import { ADMIN_USERS_PAGE_SIZE } from '#domain/schemas/admin.schema';

type Row = unknown[];
type Query = (sql: string, params: unknown[], name?: string) => Promise<Row[]>;

/**
 * messaging.repo.ts conversations(userId, 500): the viewer's conversations with their last message and unread
 * count, newest activity first (the named prepared statement `conversations`; the user id goes in four times).
 */
export const CONVERSATIONS_SQL = `
    with mine as (
      select m.*, case when m.sender_id = $1 then m.receiver_id else m.sender_id end as other_id
      from messages m where m.sender_id = $2 or m.receiver_id = $3
    ), last as (
      select distinct on (estimate_id, other_id) estimate_id, other_id, content, deleted_at, created_at, seq
      from mine order by estimate_id, other_id, seq desc
    ), unread as (
      select estimate_id, sender_id as other_id, count(*)::int as n from messages
      where receiver_id = $4 and read_at is null and deleted_at is null
      group by estimate_id, sender_id
    )
    select l.estimate_id, e.title as estimate_title, l.other_id, u.first_name as other_first_name,
      u.role as other_role, l.content as last_content, (l.deleted_at is not null) as last_deleted,
      l.created_at as last_created_at, coalesce(un.n, 0) as unread_count
    from last l
    join estimates e on e.id = l.estimate_id
    join users u on u.id = l.other_id
    left join unread un on un.estimate_id = l.estimate_id and un.other_id = l.other_id
    order by l.seq desc
    limit $5`;
export const CONVERSATIONS_LIMIT = 500;

/**
 * read-model/response-times.repo.ts medianFirstResponseSeconds(providerIds): the listed providers' median
 * first-response times, only when the list has providers (a customer's); the ids as one array parameter, given
 * twice.
 */
export const MEDIAN_SQL = `
    with t as (
      select estimate_id, receiver_id as provider_id, sender_id as other_id, created_at, true as asked
      from messages where receiver_id = any($1::uuid[])
      union all
      select estimate_id, sender_id, receiver_id, created_at, false
      from messages where sender_id = any($2::uuid[])
    ), conv as (
      select provider_id, other_id, min(created_at) filter (where asked) as asked_at,
        array_agg(created_at) filter (where not asked) as replies
      from t group by estimate_id, provider_id, other_id
    ), answered as (
      select provider_id,
        extract(epoch from (select min(r) from unnest(replies) as r where r > asked_at) - asked_at) as seconds
      from conv
      where asked_at is not null and (select u.role from users u where u.id = other_id) = 'customer'
    )
    select provider_id, percentile_cont(0.5) within group (order by seconds) as median
    from answered where seconds is not null group by provider_id`;

/**
 * admin.repo.ts countUsers and listUsers with the default filter (live users): the named prepared statements
 * admin_users_count_live (the live accounts' number the users trigger keeps) and admin_users_exclude, page 1
 * (offset 0).
 */
export const ADMIN_USERS_COUNT_SQL = 'select "live" from "user_counts"';
export const ADMIN_USERS_PAGE_SQL =
  'select "id", "email", "password_hash", "role", "first_name", "last_name", "email_verified_at", ' +
  '"subscription_plan", "admin_expires_at", "selected_category", "selected_tasks", "region_id", ' +
  '"trial_end_date", "has_used_trial", "subscription_expiry_date", "phone", "address", "city", "state", ' +
  '"zip_code", "company_name", "description", "message_limit", "created_at", "last_active_at", "deleted_at" ' +
  'from "users" where "users"."deleted_at" is null order by "users"."created_at" desc, "users"."id" desc ' +
  'limit $1 offset $2';
const U = Object.fromEntries(
  ADMIN_USERS_PAGE_SQL.slice('select '.length, ADMIN_USERS_PAGE_SQL.indexOf(' from '))
    .split(', ')
    .map((c, i) => [c.replaceAll('"', ''), i]),
);

const date = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const iso = (v: unknown) => date(v)?.toISOString() ?? null;

export interface ListContext {
  query: Query;
  /** The signed-in user of a cookie (the app's session lookup): the id and the role in force, or null. */
  sessionUser(cookie: string | undefined): Promise<{ id: string; role: Role } | null>;
  send(res: ServerResponse, status: number, body: string): void;
  internal: string;
  unauthenticated: string;
}

const forbidden = '{"error":"You do not have permission to do that","code":"FORBIDDEN"}';

/** Answers the two list routes; false for any other path. */
export function listHandlers(ctx: ListContext) {
  const { query, sessionUser, send, internal, unauthenticated } = ctx;

  async function conversations(userId: string): Promise<string> {
    const rows = await query(
      CONVERSATIONS_SQL,
      [userId, userId, userId, userId, CONVERSATIONS_LIMIT],
      'conversations',
    );
    const providerIds = [...new Set(rows.filter((r) => r[4] === 'provider').map((r) => String(r[2])))];
    const medians = new Map<string, number>();
    if (providerIds.length > 0) {
      for (const [id, median] of await query(MEDIAN_SQL, [providerIds, providerIds], 'median_first_response'))
        medians.set(String(id), Number(median));
    }
    return JSON.stringify(
      rows.map((r) => ({
        estimateId: r[0],
        estimateTitle: r[1],
        otherId: r[2],
        otherName: r[3],
        otherRole: r[4],
        lastMessage: r[6] ? '' : r[5],
        lastMessageDate: iso(r[7]),
        lastMessageIsDeleted: Boolean(r[6]),
        unreadCount: Number(r[8]),
        otherMedianResponseSeconds: medians.get(String(r[2])) ?? null,
      })),
    );
  }

  async function adminUsers(): Promise<string> {
    const [[count]] = (await query(ADMIN_USERS_COUNT_SQL, [], 'admin_users_count_live')) as [[unknown]];
    const total = Number(count);
    const pageCount = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
    const rows = await query(ADMIN_USERS_PAGE_SQL, [ADMIN_USERS_PAGE_SIZE, 0], 'admin_users_exclude');
    const now = new Date();
    const c = (r: Row, name: string) => r[U[name]!];
    const users = rows.map((r) => ({
      id: c(r, 'id'),
      firstName: c(r, 'first_name'),
      lastName: c(r, 'last_name'),
      email: c(r, 'email'),
      role: c(r, 'role'),
      effectiveRole: effectiveRole(
        { role: c(r, 'role') as Role, adminExpiresAt: date(c(r, 'admin_expires_at')) },
        now,
      ),
      subscriptionPlan: c(r, 'subscription_plan'),
      emailVerified: c(r, 'email_verified_at') != null,
      createdAt: iso(c(r, 'created_at')),
      lastActiveAt: iso(c(r, 'last_active_at')),
      adminExpiresAt: iso(c(r, 'admin_expires_at')),
      deletedAt: iso(c(r, 'deleted_at')),
    }));
    return JSON.stringify({ users, total, page: 1, pageSize: ADMIN_USERS_PAGE_SIZE, pageCount });
  }

  return (path: string, req: IncomingMessage, res: ServerResponse): boolean => {
    const route =
      path === '/api/messages'
        ? { admin: false, answer: conversations }
        : path === '/api/admin/users'
          ? { admin: true, answer: () => adminUsers() }
          : null;
    if (!route) return false;
    sessionUser(req.headers.cookie)
      .then(async (user) => {
        if (!user) return send(res, 401, unauthenticated);
        if (route.admin && user.role !== 'admin') return send(res, 403, forbidden);
        send(res, 200, await route.answer(user.id));
      })
      .catch(() => send(res, 500, internal));
    return true;
  };
}
