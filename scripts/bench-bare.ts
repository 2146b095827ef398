// The baseline of `npm run bench`: a bare node:http server that answers the benchmarked routes with the same
// SQL and the same bytes as the app, without the framework (no routing, hooks, schemas, logging or rate limit).
// Started by scripts/bench.ts as a child process: HOST, PORT, and DATABASE_URL (node-postgres) or DATA_DIR (PGlite).
// It stops when its parent goes away (stdin closes) or on SIGTERM.
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { regions } from '#domain/regions/index';
import { effectiveRole, type Role } from '#domain/permissions';

/** Exactly what Drizzle sends for the session lookup (sessions.repo.ts findSessionWithUser). */
export const SESSION_SQL =
  'select "sessions"."token_hash", "sessions"."user_id", "sessions"."persistent", "sessions"."created_at", ' +
  '"sessions"."last_seen_at", "sessions"."expires_at", "sessions"."user_agent", "sessions"."ip_address", ' +
  '"users"."id", "users"."email", "users"."password_hash", "users"."role", "users"."first_name", ' +
  '"users"."last_name", "users"."email_verified_at", "users"."subscription_plan", "users"."admin_expires_at", ' +
  '"users"."selected_category", "users"."selected_tasks", "users"."region_id", "users"."trial_end_date", ' +
  '"users"."has_used_trial", "users"."subscription_expiry_date", "users"."created_at", "users"."last_active_at", ' +
  '"users"."deleted_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" ' +
  'where ("sessions"."token_hash" = $1 and "users"."deleted_at" is null) limit $2';

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
  const regionsBody = JSON.stringify(regions.map((r) => ({ id: r.id, name: r.name, state: r.state })));
  const anonymous = JSON.stringify({ isAuthenticated: false, user: null });

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...json, ...headers, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  const server = createServer((req, res) => {
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
      const token = /(?:^|;\s*)sid=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
      if (!token || token.length > 100) return send(res, 200, anonymous);
      const now = new Date();
      const tokenHash = createHash('sha256').update(token).digest('hex');
      db.query(SESSION_SQL, [tokenHash, 1], 'find_session_with_user').then(
        ([row]) => {
          const expiresAt = row ? date(row[5]) : null;
          if (!row || !expiresAt || expiresAt <= now) return send(res, 200, anonymous);
          const user = {
            id: row[8],
            email: row[9],
            role: effectiveRole({ role: row[11] as Role, adminExpiresAt: date(row[16]) }, now),
            firstName: row[12],
            lastName: row[13],
            emailVerified: row[14] != null,
            subscriptionPlan: row[15],
            createdAt: iso(row[23]),
            lastActiveAt: iso(row[24]),
            adminExpiresAt: iso(row[16]),
          };
          send(res, 200, JSON.stringify({ isAuthenticated: true, user }));
        },
        () => send(res, 500, '{"error":"Something went wrong on our side","code":"INTERNAL"}'),
      );
      return;
    }
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
