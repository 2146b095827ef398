// `npm run crash-test`: no acknowledged write is lost when the server dies. For each database (embedded PGlite in
// a temp DATA_DIR, and a throwaway PostgreSQL server) it runs N cycles of: start the real server
// (src/server/main.ts), drive concurrent writes with unique keys (register; save an estimate, post it, a verified
// Deluxe provider bids on it and messages its owner), count a write as acknowledged only after a 2xx answer with
// its body, `kill -9` the server at a random moment mid-load, start it again (it must come up: the embedded data
// dir's lock of the dead process is recovered), stop it, and read everything back with SQL: every acknowledged
// write must be there, and nothing half-written (an estimate without line items, a posted one without its date,
// a bid without its estimate, a message outside its estimate's conversation). Then, on PostgreSQL, the outage
// check: PostgreSQL stopped under a running server, /readyz and the API answer 503 quickly, and the server
// recovers by itself when PostgreSQL is back. Prints the figures; exits 1 if anything is lost or fails.
//
//   npm run crash-test                    20 cycles on each database
//   npm run crash-test -- --quick         3 cycles on each database
//   npm run crash-test -- --cycles 5 --db pglite|pg|both --workers 6 --keep-logs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { findCategory, findSubtask } from '#domain/catalog/home-repair';
import { measurementFields } from '#domain/pricing';
import { regions } from '#domain/regions/index';
import {
  createCleanups,
  sleep,
  startPostgres,
  startServer,
  type OnCleanup,
  type Pg,
} from './lib/processes.ts';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string' },
    quick: { type: 'boolean', default: false },
    db: { type: 'string', default: 'both' },
    workers: { type: 'string', default: '6' },
    'keep-logs': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(10, 14)
      .map((line) => line.slice(5))
      .join('\n'),
  );
  process.exit(0);
}

const CYCLES = Number(args.cycles ?? (args.quick ? 3 : 20));
const WORKERS = Number(args.workers);
const DBS = args.db === 'both' ? (['pglite', 'pg'] as const) : ([args.db] as ('pglite' | 'pg')[]);
if (!Number.isInteger(CYCLES) || CYCLES < 1 || !Number.isInteger(WORKERS) || WORKERS < 1) {
  throw new Error('--cycles and --workers take positive whole numbers');
}
if (!DBS.every((d) => d === 'pglite' || d === 'pg')) throw new Error('--db takes pglite, pg or both');
/** Jobs one cycle can start at most (each uses a customer of its own); the seed makes that many per cycle. */
const JOBS_PER_CYCLE = 400;
/** A Deluxe provider may start conversations with 100 customers a month: each gets at most 90 jobs. */
const JOBS_PER_PROVIDER = 90;
/** The kill comes this long after the load starts (uniformly at random in between). */
const KILL_AFTER_MS = [1000, 8000] as const;
/** An API answer slower than this in the outage check counts as a hang. */
const OUTAGE_ANSWER_MS = 6000;

const { onCleanup, cleanup } = createCleanups('crash test', (CYCLES * 60 + 300) * 1000 * DBS.length);
const workDir = mkdtempSync(join(os.tmpdir(), 'homefix-crash-'));
onCleanup('work dir', () => {
  if (args['keep-logs']) console.log(`logs kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Seed: customers and Deluxe providers, verified, each with a session whose cookie token the script knows.

const REGION_ID = regions[0]!.id;
const customerToken = (i: number) => `crash-c-${i}`;
const providerToken = (i: number) => `crash-p-${i}`;

function seedSql(customers: number, providers: number) {
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$Y3Jhc2g$bm90LWEtcmVhbC1oYXNo';
  return `
insert into users (email, password_hash, role, first_name, last_name, email_verified_at, created_at, last_active_at)
select 'crash-c-' || i || '@example.test', '${hash}', 'customer', 'Casey' || i, 'Customer', now(), now(), now()
from generate_series(0, ${customers - 1}) as i;
insert into users (email, password_hash, role, first_name, last_name, email_verified_at, created_at, last_active_at,
                   subscription_plan, has_used_trial, subscription_expiry_date, selected_category, region_id)
select 'crash-p-' || i || '@example.test', '${hash}', 'provider', 'Pat' || i, 'Provider', now(), now(), now(),
       'deluxe', true, now() + interval '30 days', 'home-repair', ${REGION_ID}
from generate_series(0, ${providers - 1}) as i;
insert into sessions (token_hash, user_id, persistent, created_at, last_seen_at, expires_at, user_agent)
select encode(sha256(convert_to(substr(email, 1, strpos(email, '@') - 1), 'UTF8')), 'hex'), id, true, now(), now(),
       now() + interval '7 days', 'crash-test'
from users where email like 'crash-%@example.test';`;
}

interface Seeded {
  customerIds: string[];
  providerIds: string[];
}

type Query = <R extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

async function readSeed(query: Query, customers: number, providers: number): Promise<Seeded> {
  const rows = await query<{ email: string; id: string }>(
    `select email, id from users where email like 'crash-%@example.test'`,
  );
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const ids = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const id = byEmail.get(`${prefix}-${i}@example.test`);
      if (!id) throw new Error(`seed user ${prefix}-${i} missing`);
      return id;
    });
  return { customerIds: ids('crash-c', customers), providerIds: ids('crash-p', providers) };
}

// ---------------------------------------------------------------------------------------------------------------
// The databases: how to start the server on each, and how to read it with SQL while the server is stopped.

interface Target {
  name: string;
  env: Record<string, string>;
  /** Runs `fn` with SQL access (the server is stopped: PGlite allows one process at a time). */
  withSql<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  pg?: Pg;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = join(workDir, 'pglite-data');
  return {
    name: 'embedded (PGlite)',
    env: { DATA_DIR: dataDir },
    async withSql(fn) {
      const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
      try {
        return await fn(async (text, params) => (await db.query(text, params)).rows as never);
      } finally {
        await db.close();
      }
    },
  };
}

async function pgTarget(): Promise<Target> {
  const started = await startPostgres(onCleanup);
  if (typeof started === 'string') throw new Error(`No PostgreSQL: ${started}`);
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: started.url },
    pg: started,
    async withSql(fn) {
      const c = new pg.Client({ connectionString: started.url });
      await c.connect();
      try {
        return await fn(async (text, params) => (await c.query(text, params)).rows);
      } finally {
        await c.end();
      }
    },
  };
}

function serverEnv(target: Target): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_URL: 'http://127.0.0.1:5000',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
    // The load comes from one address: the per-IP limits would refuse it (they are not what is tested here).
    // On PostgreSQL an instance leases a twentieth of a cap at a time, and a killed one loses its lease for the
    // rest of the window: a one-minute window keeps twenty kills from using up even a huge cap.
    RATE_LIMIT_WINDOW_MINUTES: '1',
    RATE_LIMIT_AUTH_PER_IP: '1000000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '1000000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
    NOTIFICATION_DIGEST_SECONDS: '0',
    ...target.env,
  };
}

let starts = 0;
function start(target: Target, onCleanupFn: OnCleanup) {
  return startServer({
    name: `app (${target.name}) #${++starts}`,
    onCleanup: onCleanupFn,
    env: serverEnv(target),
    logFile: join(workDir, `app-${target.name.split(' ')[0]}.log`),
    readyTimeoutMs: 60_000,
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function killHard(pid: number) {
  process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(5);
}

// ---------------------------------------------------------------------------------------------------------------
// Load: jobs of four dependent writes, and registrations. Every request ends as ok (2xx with its body),
// refused (an answer that is not 2xx: counted and shown, never expected) or indeterminate (no answer).

type Kind = 'register' | 'estimate' | 'post' | 'bid' | 'message';
const KINDS: Kind[] = ['register', 'estimate', 'post', 'bid', 'message'];

interface Acked {
  kind: Kind;
  /** The unique key the check looks for: email, or the id the server answered with. */
  key: string;
  /** For a message and a bid: the estimate; for a post: the estimate id too. */
  estimateId?: string;
}

interface CycleLoad {
  acked: Acked[];
  indeterminate: Record<Kind, number>;
  refused: { kind: Kind; status: number; body: string }[];
}

const kitchen = findCategory('kitchen')!;
const kitchenTask = kitchen.tasks[0]!;
const subtaskId = kitchenTask.subtaskIds[0]!;
const measurements = {
  [subtaskId]: Object.fromEntries(
    measurementFields(findSubtask(subtaskId)!).map((f) => [f.key, f.key === 'quantity' ? '1' : '10']),
  ),
};

/** The request went out and no answer came (the server died with it): the write may or may not have happened. */
class NoAnswer extends Error {}
/** The connection was refused: nothing was sent (the server is already gone). */
class NotSent extends Error {}

async function call(
  base: string,
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; text: string; setCookie: string | null }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(base + path, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch (err) {
    const code = ((err as { cause?: { code?: string } }).cause ?? {}).code;
    throw code === 'ECONNREFUSED' ? new NotSent() : new NoAnswer();
  }
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the checks below refuse it
  }
  return { status: res.status, json, text, setCookie: res.headers.get('set-cookie') };
}

/** `state.stopping` is set just before the kill: no new write starts after it; those in flight die with the server. */
async function runLoad(
  base: string,
  seed: Seeded,
  cycle: number,
  state: { stopping: boolean },
): Promise<CycleLoad> {
  const load: CycleLoad = {
    acked: [],
    indeterminate: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    refused: [],
  };
  const runId = randomBytes(3).toString('hex');
  let nextJob = 0;

  /** One write: ok only with a 2xx answer whose body passes `check` (which returns the key). */
  async function write(
    kind: Kind,
    method: string,
    path: string,
    cookie: string | null,
    body: unknown,
    check: (r: Awaited<ReturnType<typeof call>>) => Acked | null,
  ): Promise<Acked | null> {
    try {
      const r = await call(base, method, path, cookie, body);
      const acked = r.status >= 200 && r.status < 300 ? check(r) : null;
      if (acked) {
        load.acked.push(acked);
        return acked;
      }
      // An answer cut off by the kill can still arrive as a refusal (a 5xx from a dying server is not expected:
      // kill -9 gives it no time to answer); it is shown, and a refusal is never counted as acknowledged.
      load.refused.push({ kind, status: r.status, body: r.text.slice(0, 300) });
      return null;
    } catch (err) {
      if (err instanceof NotSent) return null;
      if (!(err instanceof NoAnswer)) throw err;
      load.indeterminate[kind]++;
      return null;
    }
  }

  async function job(n: number) {
    const c = cycle * JOBS_PER_CYCLE + n;
    const p = Math.floor(c / JOBS_PER_PROVIDER);
    const customer = `sid=${customerToken(c)}`;
    const provider = `sid=${providerToken(p)}`;
    const title = `Crash ${runId} job ${n}`;
    const estimate = await write(
      'estimate',
      'POST',
      '/api/estimates',
      customer,
      {
        category: kitchen.id,
        task: kitchenTask.id,
        subtasks: [subtaskId],
        measurements,
        gradeLevel: 'Standard',
        region: REGION_ID,
        title,
      },
      (r) =>
        typeof r.json.id === 'string' && r.json.title === title && Array.isArray(r.json.lineItems)
          ? { kind: 'estimate', key: r.json.id }
          : null,
    );
    if (!estimate || state.stopping) return;
    const id = estimate.key;
    const posted = await write('post', 'PATCH', `/api/estimates/${id}/post`, customer, undefined, (r) =>
      r.json.id === id && r.json.status === 'posted' ? { kind: 'post', key: id, estimateId: id } : null,
    );
    if (!posted || state.stopping) return;
    const bid = await write('bid', 'POST', `/api/tasks/${id}/bid`, provider, undefined, (r) => {
      const b = r.json.bid as { id?: unknown; estimateId?: unknown } | undefined;
      return typeof b?.id === 'string' && b.estimateId === id
        ? { kind: 'bid', key: b.id, estimateId: id }
        : null;
    });
    if (!bid || state.stopping) return;
    const content = `Hello from the crash test ${runId}-${n}: when can I come and look at the kitchen?`;
    await write(
      'message',
      'POST',
      '/api/messages',
      provider,
      { estimateId: id, receiverId: seed.customerIds[c], content },
      (r) => {
        const m = r.json.message as { id?: unknown; content?: unknown } | undefined;
        return typeof m?.id === 'string' && m.content === content
          ? { kind: 'message', key: m.id, estimateId: id }
          : null;
      },
    );
  }

  async function register(n: number) {
    const email = `crash-reg-${runId}-${n}@example.test`;
    await write(
      'register',
      'POST',
      '/api/auth/register',
      null,
      {
        firstName: 'Reggie',
        lastName: 'Crash',
        email,
        password: 'Crash-test-Pass-9',
        confirmPassword: 'Crash-test-Pass-9',
        role: 'customer',
        termsAccepted: true,
      },
      (r) =>
        r.json.email === email && r.setCookie?.includes('sid=') ? { kind: 'register', key: email } : null,
    );
  }

  let regs = 0;
  // One worker in three registers (argon2 makes a registration far heavier than the other writes).
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    while (!state.stopping) {
      if (w % 3 === 2) await register(regs++);
      else {
        const n = nextJob++;
        if (n >= JOBS_PER_CYCLE) break;
        await job(n);
      }
    }
  });
  await Promise.all(workers);
  return load;
}

// ---------------------------------------------------------------------------------------------------------------
// Read back.

interface Check {
  lost: { kind: Kind; key: string }[];
  halfWritten: string[];
}

async function readBack(query: Query, acked: Acked[]): Promise<Check> {
  const keys = (kind: Kind) => acked.filter((a) => a.kind === kind).map((a) => a.key);
  const present = async (kind: Kind, sql: string) => {
    const want = keys(kind);
    const found = new Set((await query<{ k: string }>(sql, [want])).map((r) => r.k));
    return want.filter((k) => !found.has(k)).map((key) => ({ kind, key }));
  };
  const lost = [
    // A registration is the account and its session (the answer carried the cookie).
    ...(await present(
      'register',
      `select u.email as k from users u where u.email = any($1::text[])
         and exists (select 1 from sessions s where s.user_id = u.id)
         and exists (select 1 from auth_tokens t where t.user_id = u.id)`,
    )),
    ...(await present(
      'estimate',
      `select id::text as k from estimates where id = any($1::uuid[]) and jsonb_array_length(line_items) > 0`,
    )),
    ...(await present(
      'post',
      `select id::text as k from estimates where id = any($1::uuid[]) and status = 'posted'
         and posted_at is not null`,
    )),
    ...(await present('bid', `select id::text as k from bids where id = any($1::uuid[])`)),
    ...(await present('message', `select id::text as k from messages where id = any($1::uuid[])`)),
  ];
  const halfWritten: string[] = [];
  const count = async (what: string, sql: string) => {
    const [row] = await query<{ n: number | string }>(sql);
    const n = Number(row?.n ?? 0);
    if (n > 0) halfWritten.push(`${n} ${what}`);
  };
  await count(
    'estimates without line items or price',
    `select count(*) as n from estimates where jsonb_array_length(line_items) = 0 or final_cents <= 0`,
  );
  await count(
    'posted estimates without a posting date',
    `select count(*) as n from estimates where status = 'posted' and (posted_at is null or first_posted_at is null)`,
  );
  await count(
    'bids without their estimate',
    `select count(*) as n from bids b left join estimates e on e.id = b.estimate_id where e.id is null`,
  );
  await count(
    'messages outside their conversation (no estimate, or not to or from its owner)',
    `select count(*) as n from messages m left join estimates e on e.id = m.estimate_id
       where e.id is null or (m.sender_id <> e.owner_id and m.receiver_id <> e.owner_id)`,
  );
  await count(
    'registered accounts without their verification token',
    `select count(*) as n from users u where u.email like 'crash-reg-%' and u.email_verified_at is null
       and not exists (select 1 from auth_tokens t where t.user_id = u.id)`,
  );
  return { lost, halfWritten };
}

// ---------------------------------------------------------------------------------------------------------------
// Database unavailable (PostgreSQL): stop it under a running server, then start it again.

interface OutageResult {
  readyz: number;
  api: number;
  apiCode: string;
  slowestMs: number;
  recoveredMs: number | null;
  writeAfter: number;
  problems: string[];
}

async function outage(target: Target): Promise<OutageResult> {
  const problems: string[] = [];
  const pgServer = target.pg!;
  const server = await start(target, onCleanup);
  const cookie = `sid=${customerToken(0)}`;
  let slowest = 0;
  const timed = async (method: string, path: string, body?: unknown) => {
    const t0 = performance.now();
    try {
      return await call(server.url, method, path, cookie, body);
    } finally {
      slowest = Math.max(slowest, performance.now() - t0);
    }
  };
  const before = await timed('GET', '/api/estimates?page=1');
  if (before.status !== 200) problems.push(`before the outage GET /api/estimates answered ${before.status}`);
  await pgServer.stop();
  slowest = 0;
  const readyz = await timed('GET', '/readyz');
  const healthz = await timed('GET', '/healthz');
  const api = await timed('GET', '/api/estimates?page=1');
  const write = await timed('POST', '/api/estimates', {
    category: kitchen.id,
    task: kitchenTask.id,
    subtasks: [subtaskId],
    measurements,
    gradeLevel: 'Standard',
    region: REGION_ID,
    title: 'Written during the outage',
  });
  if (readyz.status !== 503) problems.push(`/readyz answered ${readyz.status} while PostgreSQL was down`);
  if (healthz.status !== 200) problems.push(`/healthz answered ${healthz.status} while PostgreSQL was down`);
  for (const [name, r] of [
    ['GET /api/estimates', api],
    ['POST /api/estimates', write],
  ] as const) {
    if (r.status !== 503 || r.json.code !== 'UNAVAILABLE' || typeof r.json.requestId !== 'string') {
      problems.push(`${name} answered ${r.status} ${r.text.slice(0, 200)} while PostgreSQL was down`);
    }
  }
  if (slowest > OUTAGE_ANSWER_MS) problems.push(`an answer during the outage took ${Math.round(slowest)} ms`);
  if (!alive(server.pid)) problems.push('the server exited while PostgreSQL was down');
  // PostgreSQL back on the same port and data: the server must recover without a restart.
  await pgServer.start();
  const t0 = performance.now();
  let recoveredMs: number | null = null;
  while (performance.now() - t0 < 30_000) {
    const r = await call(server.url, 'GET', '/readyz', null).catch(() => null);
    const a = await call(server.url, 'GET', '/api/estimates?page=1', cookie).catch(() => null);
    if (r?.status === 200 && a?.status === 200) {
      recoveredMs = performance.now() - t0;
      break;
    }
    await sleep(100);
  }
  if (recoveredMs === null) problems.push('the server did not recover within 30 s of PostgreSQL coming back');
  const after = await call(server.url, 'POST', '/api/estimates', cookie, {
    category: kitchen.id,
    task: kitchenTask.id,
    subtasks: [subtaskId],
    measurements,
    gradeLevel: 'Standard',
    region: REGION_ID,
    title: 'Written after the outage',
  });
  if (after.status !== 201) problems.push(`a write after the outage answered ${after.status} ${after.text}`);
  await server.stop();
  return {
    readyz: readyz.status,
    api: api.status,
    apiCode: String(api.json.code ?? ''),
    slowestMs: slowest,
    recoveredMs,
    writeAfter: after.status,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------------------------

interface DbResult {
  name: string;
  cycles: number;
  acked: Record<Kind, number>;
  ackedTotal: number;
  indeterminate: number;
  refused: number;
  lost: number;
  halfWritten: string[];
  restartFailures: number;
  restartMs: number[];
  outage?: OutageResult;
}

async function runDb(kind: 'pglite' | 'pg'): Promise<DbResult> {
  const target = kind === 'pglite' ? await pgliteTarget() : await pgTarget();
  console.log(`\n== ${target.name}: ${CYCLES} cycles`);
  const customers = CYCLES * JOBS_PER_CYCLE;
  const providers = Math.ceil(customers / JOBS_PER_PROVIDER);
  // First start migrates; then the seed goes in with the server stopped.
  const first = await start(target, onCleanup);
  await first.stop();
  const seed = await target.withSql(async (query) => {
    for (const statement of seedSql(customers, providers).split(';')) {
      if (statement.trim()) await query(statement);
    }
    return readSeed(query, customers, providers);
  });
  const result: DbResult = {
    name: target.name,
    cycles: 0,
    acked: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    ackedTotal: 0,
    indeterminate: 0,
    refused: 0,
    lost: 0,
    halfWritten: [],
    restartFailures: 0,
    restartMs: [],
  };
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const server = await start(target, onCleanup);
    const delay = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
    const state = { stopping: false };
    const killAt = sleep(delay).then(() => {
      state.stopping = true;
      return killHard(server.pid);
    });
    const load = await runLoad(server.url, seed, cycle, state);
    await killAt;
    // Start again on what the dead process left (the data dir's lock included).
    let restartOk = true;
    try {
      const again = await start(target, onCleanup);
      result.restartMs.push(again.readyMs);
      await again.stop();
    } catch (err) {
      restartOk = false;
      result.restartFailures++;
      console.error(`cycle ${cycle + 1}: the server did not start again after kill -9: ${String(err)}`);
    }
    const check = restartOk ? await target.withSql((query) => readBack(query, load.acked)) : null;
    result.cycles++;
    result.ackedTotal += load.acked.length;
    for (const a of load.acked) result.acked[a.kind]++;
    const indeterminate = Object.values(load.indeterminate).reduce((a, b) => a + b, 0);
    result.indeterminate += indeterminate;
    result.refused += load.refused.length;
    if (check) {
      result.lost += check.lost.length;
      result.halfWritten.push(...check.halfWritten.map((h) => `cycle ${cycle + 1}: ${h}`));
    }
    console.log(
      `cycle ${String(cycle + 1).padStart(2)}: killed at ${Math.round(delay)} ms, ` +
        `${load.acked.length} acknowledged, ${indeterminate} indeterminate, ${load.refused.length} refused, ` +
        (check
          ? `${check.lost.length} lost${check.halfWritten.length ? `, half-written: ${check.halfWritten.join('; ')}` : ''}`
          : 'NOT RESTARTED') +
        (restartOk ? `, restarted in ${Math.round(result.restartMs.at(-1)!)} ms` : ''),
    );
    for (const l of check?.lost.slice(0, 5) ?? []) console.log(`   lost ${l.kind} ${l.key}`);
    for (const r of load.refused.slice(0, 3)) console.log(`   refused ${r.kind}: ${r.status} ${r.body}`);
  }
  if (kind === 'pg') result.outage = await outage(target);
  return result;
}

async function main() {
  const results: DbResult[] = [];
  for (const kind of DBS) results.push(await runDb(kind));
  console.log('\n== Crash test');
  let failed = false;
  for (const r of results) {
    const restarts = [...r.restartMs].sort((a, b) => a - b);
    console.log(
      `${r.name}: ${r.cycles} cycles, ${r.ackedTotal} writes acknowledged ` +
        `(${KINDS.map((k) => `${r.acked[k]} ${k}`).join(', ')}), lost ${r.lost}, indeterminate ${r.indeterminate}, ` +
        `refused ${r.refused}, half-written ${r.halfWritten.length}, restart failures ${r.restartFailures}, ` +
        `restart to ready median ${Math.round(restarts[Math.floor(restarts.length / 2)] ?? NaN)} ms, ` +
        `max ${Math.round(restarts.at(-1) ?? NaN)} ms`,
    );
    for (const h of r.halfWritten) console.log(`   half-written: ${h}`);
    if (r.lost > 0 || r.restartFailures > 0 || r.halfWritten.length > 0 || r.ackedTotal === 0) failed = true;
    if (r.outage) {
      const o = r.outage;
      console.log(
        `${r.name} stopped under the server: /readyz ${o.readyz}, API ${o.api} ${o.apiCode}, slowest answer ` +
          `${Math.round(o.slowestMs)} ms; back: recovered in ${o.recoveredMs === null ? 'never' : `${Math.round(o.recoveredMs)} ms`}, ` +
          `a write then answered ${o.writeAfter}`,
      );
      for (const p of o.problems) console.log(`   problem: ${p}`);
      if (o.problems.length > 0) failed = true;
    }
  }
  console.log(failed ? 'FAILED' : 'OK: no acknowledged write lost, every restart clean');
  return failed ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
