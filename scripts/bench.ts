// `npm run bench`: the app's figures side by side with a bare node:http server, in one run, on PostgreSQL (a
// throwaway server, as .ci/run starts one) and on PGlite. Builds the client, starts the real server as a child
// process, seeds realistic data, drives each route with autocannon on 127.0.0.1 for a bounded time, from one
// client address and then from a new address per request (X-Forwarded-For, both servers trusting 127.0.0.1 as
// their proxy), and prints requests/s, p50, p99 and errors per target with the app/bare ratio, the floor of each
// list (the bare server's session lookup and page statement alone) and each speed target with whether it is met;
// start-to-ready time and idle RSS; the first-load JS and CSS of /, /login and /signup from the built client. A
// pro's server-rendered profile page (decision 0045) is measured on the app alone, against GET /api/regions driven
// in turns with it (at least half its requests/s), and so is a city cost guide (decision 0047: at least 80 %) and
// the task list within a service area against the same list without it (decision 0048: at least 80 %).
// Everything it starts it stops, and its temp dirs go, on success, error or Ctrl-C. Results are recorded by hand
// in docs/benchmarks.md.
//
//   npm run bench                      3 rounds of 5 s per target (after a warm-up), 50 connections, both databases
//   npm run bench -- --quick           3 s smoke run
//   npm run bench -- --clients many    only one mode: one (every request from one address) or many (a new
//                                      address per request); both by default
//   npm run bench -- --duration 10 --rounds 5 --connections 50 --db pg|pglite|both --skip-build
//   npm run bench -- --no-pin          no taskset (by default the server under test gets core 0 to itself)
//   npm run bench -- --route tasks     only the routes whose path contains this (regions, session, posted, tasks,
//                                      messages, admin, pros, cost-guides; several: --route regions,pros); a
//                                      page or the area list brings its reference along; --log-level warn
//   npm run bench -- --cpu-prof DIR    the app's CPU profile (one file per app start; scripts/bench-profile.ts)
//   npm run bench -- --json FILE       the raw figures as JSON too
//   npm run bench -- --keep            leaves the temp dir (the seeded PGlite data dir, the logs) for a look after
//   npm run bench -- --floor           also the posted list's page statement without the session lookup, and
//                                      all of the list as one statement whose JSON PostgreSQL builds (bare only)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { findSubtask, homeRepairCategories, subtasksForTask, toggleSubtask } from '#domain/catalog/index';
import { findPlace, guidePath, priceGuide } from '#domain/cost-guides';
import { formatCents, toPermille } from '#domain/money';
import { gradeLevels, gradePermille, measurementFields, priceEstimate, splitRegion } from '#domain/pricing';
import { regions } from '#domain/regions/index';
import { MAX_ESTIMATE_CENTS } from '#domain/schemas/estimate-api.schema';
import { openPostgres } from '#server/db/client';
import { openPglite } from '#server/db/pglite';
import { seedProPage } from '#server/test/public-page-seed';
import {
  createCleanups,
  has,
  ROOT,
  rssMiB,
  sleep,
  startPostgres as startThrowawayPostgres,
  APP_ENTRY,
  startServer as startServerProcess,
  type Server,
} from './lib/processes.ts';
import { listRoutes, seedLists } from './lib/bench-lists.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'both' },
    route: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    'skip-build': { type: 'boolean', default: false },
    'no-pin': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    json: { type: 'string' },
    floor: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    clients: { type: 'string', default: 'both' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('//   '))
      .map((line) => line.slice(5))
      .join('\n'),
  );
  process.exit(0);
}

const DURATION = Number(args.duration ?? (args.quick ? 3 : 5));
const WARMUP = Number(args.warmup ?? (args.quick ? 1 : 3));
/** Each target is driven this many times, in turns with the others of its route; its median is reported. */
const ROUNDS = Number(args.rounds ?? (args.quick ? 1 : 3));
const CONNECTIONS = Number(args.connections);
const USERS = 10_000;
if (
  ![DURATION, WARMUP, CONNECTIONS, ROUNDS].every((n) => Number.isFinite(n) && n >= 0) ||
  DURATION <= 0 ||
  !Number.isInteger(ROUNDS) ||
  ROUNDS < 1
) {
  throw new Error('--duration, --warmup, --connections and --rounds take positive numbers');
}
if (!['both', 'pg', 'pglite'].includes(args.db)) throw new Error('--db is pg, pglite or both');
if (!['both', 'one', 'many'].includes(args.clients)) throw new Error('--clients is one, many or both');
type Clients = 'one' | 'many';
const MODES: Clients[] = args.clients === 'both' ? ['one', 'many'] : [args.clients as Clients];
const CLIENTS_NOTE: Record<Clients, string> = {
  one: 'every request from one client address',
  many: 'a new client address per request (X-Forwarded-For)',
};

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

const cores = os.availableParallelism();
/**
 * The server under test (the app or the bare server) has core 0 to itself; the load generator and PostgreSQL share
 * core 1. PostgreSQL on the server's core would measure the two fighting over it (half the query rate), not the
 * server's own cost; PGlite runs inside the server process, so it is on core 0 by nature.
 */
const pinning = cores >= 2 && has('taskset', '-V') && !args['no-pin'];
const onCore = (core: number, cmd: string[]) => (pinning ? ['taskset', '-c', String(core), ...cmd] : cmd);
const PIN_NOTE = 'server under test on core 0; autocannon and PostgreSQL on core 1';

const fmt = (n: number | null | undefined, digits = 0) =>
  n == null || Number.isNaN(n) ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits });
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(head),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map((r) => line(r.map(String))),
  ]
    .join('\n')
    .trimEnd();
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes: the app (its build, dist/server/main.js) and the bare server (scripts/bench-bare.ts).

/** The app or the bare server on core 0 (the shared starter in scripts/lib/processes.ts). */
function startServer(
  name: string,
  entry: string,
  env: Record<string, string>,
  logFile: string,
  extraNodeArgs: string[] = [],
): Promise<Server> {
  return startServerProcess({
    name,
    entry,
    env,
    logFile,
    // Fixed ports (the app's, the bare server's), clear of the ones the tests and other tools take.
    port: entry === APP_ENTRY ? 6310 : 6311,
    nodeArgs: extraNodeArgs,
    onCleanup,
    wrap: (cmd) => onCore(0, cmd),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Databases: a throwaway PostgreSQL (as .ci/run starts one) and PGlite data dirs.

/** A throwaway PostgreSQL on core 1 (the shared starter in scripts/lib/processes.ts). */
const startPostgres = () => startThrowawayPostgres(onCleanup, (cmd) => onCore(1, cmd));

/** 10,000 users (a tenth providers) and one remember-me session each; cookie token `bench-session-<n>`. */
const SEED_SQL = `
insert into users (email, password_hash, role, first_name, last_name, email_verified_at, subscription_plan,
                   created_at, last_active_at)
select 'bench-user-' || i || '@example.test', '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$bm90LWEtcmVhbC1oYXNo',
       (case when i % 10 = 0 then 'provider' else 'customer' end)::role, 'First' || i, 'Last' || i, now(),
       (case when i % 10 = 0 then 'deluxe' else 'free' end)::subscription_plan,
       now() - make_interval(mins => i), now()
from generate_series(1, ${USERS}) as i;
insert into sessions (token_hash, user_id, persistent, created_at, last_seen_at, expires_at, user_agent)
select encode(sha256(convert_to('bench-session-' || substr(email, 12, strpos(email, '@') - 12), 'UTF8')), 'hex'),
       id, true, now(), now(), now() + interval '1 day', 'autocannon'
from users where email like 'bench-user-%';
analyze users;
analyze sessions;`;

const ESTIMATES = 100_000;
/** Customers own the estimates: every seeded user but the providers (each tenth). */
const CUSTOMERS = USERS - USERS / 10;
const TEMPLATES = 1_000;

/** A small deterministic PRNG (mulberry32), so every run seeds the same estimates. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Priced estimate contents the way a save stores them (estimates.service.ts priceHomeRepairSave): a category
 * and task of the catalogue, one to three of the task's active subtasks (exclusive groups respected) with
 * measurements in realistic ranges, a grade, a region, the domain's price in cents and its line items.
 */
function estimateTemplates(): Record<string, unknown>[] {
  const rand = prng(20_261_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const between = (lo: number, hi: number, step = 1) => lo + step * Math.floor((rand() * (hi - lo)) / step);
  const out: Record<string, unknown>[] = [];
  const categories = homeRepairCategories.filter((c) => c.tasks.length > 0);
  while (out.length < TEMPLATES) {
    const category = pick(categories);
    const task = pick(category.tasks);
    const offered = subtasksForTask(category.id, task.id);
    if (offered.length === 0) continue;
    let ids: string[] = [];
    for (let n = 1 + Math.floor(rand() * Math.min(3, offered.length)); n > 0; n--) {
      const s = pick(offered);
      if (!ids.includes(s.id)) ids = toggleSubtask(ids, s.id);
    }
    const measurements: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const subtask = offered.find((s) => s.id === id)!;
      measurements[id] = Object.fromEntries(
        measurementFields(subtask).map((f) => [
          f.key,
          f.key === 'squareFootage'
            ? between(40, 2400, 10)
            : f.key === 'quantity'
              ? between(1, 12)
              : f.key === 'width'
                ? between(4, 24, 0.5)
                : between(4, 60, 0.5),
        ]),
      );
    }
    const gradeLevel = pick(gradeLevels);
    const region = pick(regions);
    const price = priceEstimate({
      category: category.id,
      task: task.id,
      subtasks: ids,
      measurements,
      gradeLevel,
      region: region.id,
    });
    if (price.maxCents > MAX_ESTIMATE_CENTS) continue;
    out.push({
      title: `${task.name} - ${category.name}`,
      description: `${task.name} project with ${ids.length} subtasks`,
      category: category.id,
      taskId: task.id,
      taskName: task.name,
      subtaskIds: ids,
      subtaskNames: ids.map((id) => offered.find((s) => s.id === id)!.name),
      measurements,
      gradeLevel,
      gradePermille: gradePermille(gradeLevel),
      regionId: region.id,
      regionLabel: region.location,
      regionPermille: toPermille(price.regionMultiplier),
      ...splitRegion(region.location),
      finalCents: price.finalCents,
      minCents: price.minCents,
      maxCents: price.maxCents,
      lineItems: price.lines.map((l) => ({ ...l, source: findSubtask(l.subtaskId)?.source ?? '' })),
    });
  }
  return out;
}

/**
 * 100,000 estimates in one statement from the templates ($1, a jsonb array): owners spread over the 9,000 seeded
 * customers, created over the last year; 30 % posted (posted up to two days after creation), 45 % drafts, 13 %
 * completed and 12 % cancelled (both posted before); 2 % soft-deleted; a third with a street address and ZIP.
 * Each choice draws on its own hash of the row number (hashint4extended with a different seed), so they do not
 * correlate.
 */
const ESTIMATES_SQL = `
insert into estimates (owner_id, title, description, category, task_id, task_name, subtask_ids, subtask_names,
                       measurements, grade_level, grade_permille, region_id, region_label, region_permille,
                       address, city, state, zip_code, status, final_cents, min_cents, max_cents, line_items,
                       posted_at, first_posted_at, created_at, updated_at, deleted_at)
select c.id, t->>'title', t->>'description', t->>'category', t->>'taskId', t->>'taskName',
       array(select jsonb_array_elements_text(t->'subtaskIds')),
       array(select jsonb_array_elements_text(t->'subtaskNames')),
       t->'measurements', t->>'gradeLevel', (t->>'gradePermille')::int, (t->>'regionId')::int, t->>'regionLabel',
       (t->>'regionPermille')::int,
       case when h.address % 3 = 0 then (100 + h.address % 9800) || ' Oak Street' end, t->>'city', t->>'state',
       case when h.address % 3 = 0 then lpad((h.address % 99999)::text, 5, '0') else '' end,
       st.status, (t->>'finalCents')::bigint, (t->>'minCents')::bigint, (t->>'maxCents')::bigint, t->'lineItems',
       p.posted, p.posted, cr.created, greatest(cr.created, p.posted, d.deleted), d.deleted
from generate_series(1, ${ESTIMATES}) as i
cross join lateral (
  select abs(hashint4extended(i, 1)) % ${CUSTOMERS} as owner, abs(hashint4extended(i, 2)) % ${TEMPLATES} as template,
         abs(hashint4extended(i, 3)) % 100 as status, abs(hashint4extended(i, 4)) % 31536000 as age,
         abs(hashint4extended(i, 5)) % 172800 as post_delay, abs(hashint4extended(i, 6)) % 100 as deleted,
         abs(hashint4extended(i, 7)) as address
) h
join (
  select id, row_number() over (order by email) - 1 as k from users
  where email like 'bench-user-%' and role = 'customer'
) c on c.k = h.owner
cross join lateral (select $1::jsonb -> h.template::int as t) tpl
cross join lateral (
  select (case when h.status < 30 then 'posted' when h.status < 75 then 'draft'
               when h.status < 88 then 'completed' else 'cancelled' end)::estimate_status as status
) st
cross join lateral (select now() - make_interval(secs => h.age) as created) cr
cross join lateral (
  select case when st.status <> 'draft' then least(now(), cr.created + make_interval(secs => h.post_delay)) end
         as posted
) p
cross join lateral (
  select case when h.deleted < 2 then least(now(), coalesce(p.posted, cr.created) + interval '3 days') end
         as deleted
) d`;

/**
 * Where the seeded estimates are (decision 0048): a quarter without a location; of the rest, seven in ten around one
 * of ten metro centres (within about 35 miles; Manhattan first, where the area list is asked), the others anywhere in
 * the contiguous states. Each draw on its own hash of the row's id.
 */
const AREA_CENTRES = [
  [40.7484, -73.9967],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [29.7604, -95.3698],
  [33.4484, -112.074],
  [39.9526, -75.1652],
  [30.3322, -81.6557],
  [32.7767, -96.797],
  [47.6062, -122.3321],
  [39.7392, -104.9903],
];
const LOCATIONS_SQL = `
update estimates e set lat = l.lat, lng = l.lng
from (
  select id,
         case when h.cluster < 70 then c.lat + (h.jlat - 0.5) * 1.0 else 25 + h.ulat * 24 end as lat,
         case when h.cluster < 70 then c.lng + (h.jlng - 0.5) * 1.2 else -124 + h.ulng * 57 end as lng,
         h.none
  from estimates
  cross join lateral (
    select abs(hashtext(id::text || 'a')) % 100 as none, abs(hashtext(id::text || 'b')) % 100 as cluster,
           abs(hashtext(id::text || 'c')) % 10 as centre,
           (abs(hashtext(id::text || 'd')) % 10000) / 10000.0 as jlat,
           (abs(hashtext(id::text || 'e')) % 10000) / 10000.0 as jlng,
           (abs(hashtext(id::text || 'f')) % 10000) / 10000.0 as ulat,
           (abs(hashtext(id::text || 'g')) % 10000) / 10000.0 as ulng
  ) h
  join (values ${AREA_CENTRES.map(([la, ln], i) => `(${i}, ${la}, ${ln})`).join(', ')}) as c(k, lat, lng)
    on c.k = h.centre
) l
where e.id = l.id and l.none >= 25`;

/** What the app's reads need of the seeded rows, checked in the database before the load. */
const ESTIMATES_COUNTS = `
select count(*)::int as total, count(*) filter (where status = 'posted')::int as posted,
       count(*) filter (where deleted_at is not null)::int as deleted,
       count(*) filter (where status = 'posted' and deleted_at is null)::int as listed,
       count(distinct owner_id)::int as owners, count(distinct category)::int as categories,
       count(distinct region_id)::int as regions,
       count(*) filter (where final_cents < 0 or min_cents > final_cents or max_cents < final_cents
                          or jsonb_array_length(line_items) <> cardinality(subtask_ids)
                          or cardinality(subtask_ids) <> cardinality(subtask_names)
                          or (status = 'draft') <> (posted_at is null)
                          or updated_at < created_at or created_at > now())::int as broken
from estimates`;

interface EstimateCounts {
  total: number;
  posted: number;
  deleted: number;
  listed: number;
  owners: number;
  categories: number;
  regions: number;
  broken: number;
}

function checkEstimates(c: EstimateCounts): EstimateCounts {
  if (c.total !== ESTIMATES || c.broken !== 0 || c.listed === 0) {
    throw new Error(`the seeded estimates are not as meant: ${JSON.stringify(c)}`);
  }
  return c;
}

async function seedPostgres(url: string): Promise<EstimateCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(SEED_SQL);
    await client.query(ESTIMATES_SQL, [JSON.stringify(estimateTemplates())]);
    await client.query(LOCATIONS_SQL);
    // As autovacuum leaves a table some time after a bulk insert: statistics and the visibility map (without it
    // every index-only scan of a fresh table also reads the heap).
    await client.query('vacuum analyze estimates');
    await seedLists(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
    // Counted before the pro's page is seeded: its reviewed jobs add estimates of their own (as on PGlite).
    const counts = checkEstimates((await client.query<EstimateCounts>(ESTIMATES_COUNTS)).rows[0]!);
    const database = openPostgres(url);
    try {
      proPage.path = (await seedProPage(database.db, { photo: true })).path;
    } finally {
      await database.close();
    }
    return counts;
  } finally {
    await client.end();
  }
}

async function seedPglite(dataDir: string): Promise<EstimateCounts> {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await db.exec(SEED_SQL);
    await db.query(ESTIMATES_SQL, [JSON.stringify(estimateTemplates())]);
    await db.exec(LOCATIONS_SQL);
    await db.exec('vacuum analyze estimates');
    await seedLists(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
    const counts = checkEstimates((await db.query<EstimateCounts>(ESTIMATES_COUNTS)).rows[0]!);
    // The pro's page through the app's own data layer (one process at a time on the data dir).
    await db.close();
    const database = await openPglite(dataDir);
    try {
      proPage.path = (await seedProPage(database.db, { photo: true })).path;
    } finally {
      await database.close();
    }
    return counts;
  } finally {
    if (!db.closed) await db.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Load.

interface Route {
  name: string;
  path: string;
  /** Cookie per request, cycled (so the lookups hit different rows), or none. */
  cookies?: string[];
  /** Checks one answer before the load, so a broken target cannot pass for a fast one. */
  check(body: string): string | null;
  /**
   * What the targets hold it to: a list against its floor, the session and regions against the bare server, a
   * server-rendered page against the app's own GET /api/regions (the bare server has no page).
   */
  kind: 'regions' | 'session' | 'list' | 'floor' | 'page' | 'area';
  /** A list's floor on the bare server: `/floor/<this>` (scripts/bench-bare.ts). */
  floor?: string;
  /** Headers every request carries (a page's: those a browser sends). */
  headers?: Record<string, string>;
  /**
   * The app's route a page or the area list is held to (by name) and the share of its requests/s it must reach:
   * driven on the app in turns with it, round by round, so the share compares measurements seconds apart.
   */
  against?: { route: string; share: number };
}

/** The reference route as measured in turns beside `route` (its own name, so it is reported apart). */
const besideName = (against: string, name: string) => `${against} beside ${name.replace(/^GET /, '')}`;

/**
 * What a browser (and a search engine's crawler) asks a page with: the compressed copy the app keeps beside each
 * rendered page (decision 0045). Without it the load generator, on its one core, spends the run reading the raw
 * HTML (68 kB for a cost guide) while the app idles: it would measure autocannon, not the page.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const sessionCookies = Array.from({ length: 500 }, (_, i) => `sid=bench-session-${1 + ((i * 7919) % USERS)}`);
/** The seeded providers' cookies (every tenth user; on Deluxe, which opens every category without a task entry). */
const providerCookies = Array.from(
  { length: 500 },
  (_, i) => `sid=bench-session-${10 * (1 + ((i * 7919) % 1000))}`,
);
const allRoutes: Route[] = [
  {
    name: 'GET /api/regions',
    path: '/api/regions',
    kind: 'regions',
    check: (b) => {
      const list = JSON.parse(b) as { id: number; name: string; state: string }[];
      return Array.isArray(list) && list.length > 500 && Object.keys(list[0]!).join() === 'id,name,state'
        ? null
        : 'not the region list';
    },
  },
  {
    name: 'GET /api/auth/session',
    path: '/api/auth/session',
    cookies: sessionCookies,
    kind: 'session',
    check: (b) => {
      const s = JSON.parse(b) as {
        isAuthenticated: boolean;
        user?: { email: string; passwordHash?: string };
      };
      if (!s.isAuthenticated || !s.user?.email.startsWith('bench-user-'))
        return 'the session was not recognised';
      return 'passwordHash' in s.user ? 'the answer carries the password hash' : null;
    },
  },
  {
    name: 'GET /api/estimates/posted',
    path: '/api/estimates/posted',
    cookies: sessionCookies,
    kind: 'list',
    floor: 'posted',
    check: (b) => checkPostedPage(b),
  },
  {
    name: 'GET /api/estimates/posted?category=kitchen',
    path: '/api/estimates/posted?category=kitchen',
    cookies: sessionCookies,
    kind: 'list',
    floor: 'category',
    check: (b) => checkPostedPage(b, 'kitchen'),
  },
  {
    name: 'GET /api/tasks',
    path: '/api/tasks',
    cookies: providerCookies,
    kind: 'list',
    floor: 'tasks',
    check: (b) => {
      const problem = checkPostedPage(b);
      if (problem) return problem;
      const { items } = JSON.parse(b) as { items: { providerAccess?: { allowed: boolean } }[] };
      return items.every((e) => e.providerAccess) ? null : "an item lacks the provider's access";
    },
  },
];

/**
 * The providers' task list within a 25-mile service area around 10001 (decision 0048), held to 80 % of the same
 * list without the area in the same run.
 */
const areaTasks: Route = {
  name: 'GET /api/tasks?near=10001&radius=25',
  path: '/api/tasks?near=10001&radius=25',
  cookies: providerCookies,
  kind: 'area',
  against: { route: 'GET /api/tasks', share: 0.8 },
  check: (b) => {
    const { items } = JSON.parse(b) as { items?: { distanceMiles?: number | null }[] };
    if (!items || items.length === 0) return 'no task inside the area';
    return items.every((i) => typeof i.distanceMiles === 'number' && i.distanceMiles <= 25)
      ? null
      : 'an item outside the area or without its distance';
  },
};
allRoutes.push(areaTasks);

/** A pro's profile page, rendered on the server and kept (decision 0045); its address is set once it is seeded. */
const proPage: Route = {
  name: 'GET /pros/{id}-{slug} (server-rendered page)',
  path: '/pros/',
  kind: 'page',
  against: { route: 'GET /api/regions', share: 0.5 },
  headers: BROWSER_HEADERS,
  check: (b) =>
    b.includes('Dana Builds &amp; Sons') && b.includes('application/ld+json') && b.includes('homefix-state')
      ? null
      : 'not the rendered profile page',
};
allRoutes.push(proPage);

/**
 * A city cost guide (decision 0047), rendered on the server and kept until a hire or the next UTC day: the kitchen
 * guide of Jacksonville, FL. Its check is the typical price the quote function gives, in the HTML.
 */
const GUIDE_PLACE = 'jacksonville-fl';
const guideRegion = findPlace(GUIDE_PLACE);
if (!guideRegion) throw new Error(`no place ${GUIDE_PLACE}`);
const guideStandard = priceGuide('kitchen', guideRegion).grades.find((g) => g.grade === 'Standard')!;
const guidePage: Route = {
  name: `GET ${guidePath('kitchen', GUIDE_PLACE)} (server-rendered guide)`,
  path: guidePath('kitchen', GUIDE_PLACE),
  kind: 'page',
  against: { route: 'GET /api/regions', share: 0.8 },
  headers: BROWSER_HEADERS,
  check: (b) =>
    b.includes(formatCents(guideStandard.totalCents)) &&
    b.includes('application/ld+json') &&
    b.includes('homefix-state')
      ? null
      : 'not the rendered cost guide with its typical price',
};
allRoutes.push(guidePage);

// The conversations list and the admin users list (scripts/lib/bench-lists.ts). Their cookies are read when the
// load starts (the conversations' come from the seed).
allRoutes.push(...listRoutes);

const wanted = args.route?.split(',') ?? [];
const selected = allRoutes.filter((r) => wanted.length === 0 || wanted.some((w) => r.path.includes(w)));
if (selected.length === 0)
  throw new Error(`--route ${args.route} matches none of ${allRoutes.map((r) => r.path).join(', ')}`);

/**
 * The floor of each list measured, on the bare server only (scripts/bench-bare.ts): the session lookup, then the
 * list's page statement, nothing else (no count, no mapping), with the list's own cookies. What no implementation
 * of that list can go below on this machine; each list's target is a share of it.
 */
const floorName = (list: Route) => `floor of ${list.name.slice('GET '.length)}`;
const routes: Route[] = [];
for (const list of selected) {
  routes.push(list);
  if (!list.floor) continue;
  // Right after its list, so the two are measured back to back.
  routes.push({
    name: floorName(list),
    path: `/floor/${list.floor!}`,
    get cookies() {
      return list.cookies;
    },
    check: (b) => {
      const items = (JSON.parse(b) as { items?: unknown[] }).items;
      return Array.isArray(items) && items.length > 0 ? null : 'no rows';
    },
    kind: 'floor',
  });
}
// --floor: the posted list's page statement without the session lookup, and the whole list as one statement.
if (args.floor) {
  const tenRows = (b: string) =>
    (JSON.parse(b) as { items?: unknown[] }).items?.length === 10 ? null : 'not a page of ten';
  routes.push(
    { name: 'floor: the page statement alone', path: '/floor/page', check: tenRows, kind: 'floor' },
    {
      name: 'floor: one statement, JSON built by PostgreSQL',
      path: '/floor/one-statement',
      cookies: sessionCookies,
      check: tenRows,
      kind: 'floor',
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: every started thing registers how to stop it; they run in reverse order, once, whatever happens. The
// whole run stops by itself even if something hangs: a bound on every load it drives, plus seeding and starts.

const loads = routes.length * 2 * MODES.length * (args.db === 'both' ? 2 : 1);
const { onCleanup, cleanup } = createCleanups(
  'bench',
  (loads * (ROUNDS * DURATION + WARMUP + 5) + 600) * 1000,
);

/** The first page of the posted list: ten live posted estimates, latest posting first, priced, named. */
function checkPostedPage(b: string, category?: string): string | null {
  const p = JSON.parse(b) as {
    items?: {
      status: string;
      category: string;
      datePosted: string | null;
      finalEstimate: number;
      lineItems: unknown[];
      customerName: string;
    }[];
    total?: number;
    totalCapped?: boolean;
    page?: number;
    pageSize?: number;
  };
  const items = p.items ?? [];
  if (items.length !== 10 || p.page !== 1 || p.pageSize !== 10) return 'not a first page of 10';
  // The count stops at 1,000 (totalCapped): the seeded list is far longer.
  if (!(p.total! >= 1000 && p.totalCapped)) return `only ${p.total} posted estimates`;
  if (items.some((e) => e.status !== 'posted' || !e.datePosted)) return 'an item is not posted';
  if (category && items.some((e) => e.category !== category)) return `an item is not in ${category}`;
  const dates = items.map((e) => Date.parse(e.datePosted!));
  if (dates.some((d, i) => i > 0 && d > dates[i - 1]!)) return 'not latest posting first';
  if (items.some((e) => typeof e.finalEstimate !== 'number' || e.lineItems.length === 0))
    return 'an item has no price';
  return items.every((e) => /^First\d+ L\.$/.test(e.customerName)) ? null : 'owner names missing';
}

interface LoadResult {
  route: string;
  db: string;
  target: 'app' | 'bare';
  clients: Clients;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Bytes per response, headers included, as they went over the wire (compressed when the route asks so). */
  bytes: number;
  /** Each round's requests/s and p99 (the figures above are the median round's). */
  rounds?: { rps: number; p99: number }[];
  body?: string;
}

let clientsSoFar = 0;
/** A client address never used before in the run: 10.0.0.1, 10.0.0.2, ... (16.7 million of them). */
function newClientAddress(): string {
  const n = ++clientsSoFar;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

async function drive(url: string, route: Route, seconds: number, clients: Clients) {
  const cookies = route.cookies;
  const requests: autocannon.Request[] | undefined =
    clients === 'one'
      ? cookies?.map((cookie) => ({ method: 'GET', headers: { cookie } }))
      : (cookies ?? [null]).map((cookie) => ({
          method: 'GET',
          headers: cookie ? { cookie } : {},
          // Built again for each request, with a new address as the trusted proxy would forward it.
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': newClientAddress() },
          }),
        }));
  return autocannon({
    url: url + route.path,
    connections: CONNECTIONS,
    duration: seconds,
    ...(route.headers ? { headers: route.headers } : {}),
    ...(requests ? { requests } : {}),
  });
}

/**
 * Every route in every mode on the servers given: on PostgreSQL the app and the bare server run side by side (idle
 * but for the one under load), and each route is driven on the app, then at once on the bare server, then on its
 * floor, in turns, ROUNDS times, so a ratio compares measurements seconds apart, not minutes, on a machine whose
 * neighbours come and go; each target's median round is reported. PGlite allows one process per data dir: one
 * server at a time, every route on it.
 */
async function measure(servers: { app?: Server; bare?: Server }, db: string): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const clients of MODES)
    for (const [i, route] of routes.entries()) {
      if (route.kind === 'floor' && routes[i - 1]?.floor) continue; // measured with its list
      const floor = route.floor ? routes[i + 1] : undefined;
      type Turn = readonly [Server, 'app' | 'bare', Route];
      const turns: Turn[] = [];
      if (servers.app && route.kind !== 'floor') turns.push([servers.app, 'app', route]);
      const against = route.against && allRoutes.find((r) => r.name === route.against!.route);
      if (servers.app && against)
        turns.push([servers.app, 'app', { ...against, name: besideName(against.name, route.name) }]);
      if (servers.bare && route.kind !== 'page' && route.kind !== 'area')
        turns.push([servers.bare, 'bare', route]);
      if (servers.bare && floor) turns.push([servers.bare, 'bare', floor]);
      const bodies: string[] = [];
      for (const [server, target, r] of turns) bodies.push(await probe(server, db, target, r, clients));
      const rounds = turns.map(() => [] as autocannon.Result[]);
      for (let n = 0; n < ROUNDS; n++)
        for (const [t, [server, , r]] of turns.entries())
          rounds[t]!.push(await drive(server.url, r, DURATION, clients));
      for (const [t, [, target, r]] of turns.entries())
        out.push(report(db, target, r, clients, rounds[t]!, bodies[t]!));
    }
  return out;
}

/** Checks one answer before the load (a broken target cannot pass for a fast one), then warms the target up. */
async function probe(
  server: Server,
  db: string,
  target: 'app' | 'bare',
  route: Route,
  clients: Clients,
): Promise<string> {
  const probe = await fetch(server.url + route.path, {
    headers: {
      ...(route.cookies ? { cookie: route.cookies[0]! } : {}),
      ...(clients === 'many' ? { 'x-forwarded-for': newClientAddress() } : {}),
    },
  });
  const body = await probe.text();
  const problem = probe.status !== 200 ? `status ${probe.status}` : route.check(body);
  if (problem)
    throw new Error(`${target} on ${db}: ${route.name} is wrong (${problem}): ${body.slice(0, 300)}`);
  if (WARMUP > 0) await drive(server.url, route, WARMUP, clients);
  return body;
}

/** A target's rounds as one result: the median round's requests/s, p50 and p99; every round's errors. */
function report(
  db: string,
  target: 'app' | 'bare',
  route: Route,
  clients: Clients,
  rounds: autocannon.Result[],
  body: string,
): LoadResult {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const sum = (f: (r: autocannon.Result) => number) => rounds.reduce((a, r) => a + f(r), 0);
  const result: LoadResult = {
    route: route.name,
    db,
    target,
    clients,
    rps: median(rounds.map((r) => r.requests.average)),
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: median(rounds.map((r) => r.latency.p99)),
    errors: sum((r) => r.errors + r.timeouts + r.non2xx),
    requests: sum((r) => r.requests.total),
    bytes: Math.round(
      sum((r) => r.throughput.total) /
        Math.max(
          1,
          sum((r) => r.requests.total),
        ),
    ),
    rounds: rounds.map((r) => ({ rps: r.requests.average, p99: r.latency.p99 })),
    body,
  };
  // What the errors were, so a failure is not only a number: statuses, socket errors, timeouts.
  const statuses = new Map<string, number>();
  for (const r of rounds)
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {}))
      if (!code.startsWith('2')) statuses.set(code, (statuses.get(code) ?? 0) + (count ?? 0));
  const why = result.errors
    ? ` (${[
        ...[...statuses].map(([code, n]) => `${n} x ${code}`),
        `${sum((r) => r.errors)} socket`,
        `${sum((r) => r.timeouts)} timeouts`,
      ].join(', ')})`
    : '';
  const each = rounds.length > 1 ? `  rounds ${rounds.map((r) => fmt(r.requests.average)).join(' / ')}` : '';
  console.log(
    `  ${target.padEnd(4)} ${db.padEnd(8)} ${clients.padEnd(4)} ${route.name.padEnd(42)} ` +
      `${fmt(result.rps).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ${kB(result.bytes)}/response  ` +
      `errors ${result.errors}${why}` +
      each,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The client: first-load JS and CSS per page, from the built index.html and the Vite manifest.

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

function clientSizes(dist: string) {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // What index.html loads on every page: scripts, module preloads and style sheets.
  const base = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/([^"]+)"[^>]*>/g)) {
    const tag = m[0];
    if (tag.startsWith('<script') || /rel="(stylesheet|modulepreload)"/.test(tag)) base.add(m[1]!);
  }
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imp of chunk.imports ?? []) closure(imp, into);
  };
  const entry = Object.keys(manifest).find((k) => (manifest[k] as { isEntry?: boolean }).isEntry);
  if (entry) closure(entry, base);
  // Match lazy screens by file name: the folders they live in may move.
  const screen = (fileName: string) => Object.keys(manifest).find((k) => k.split('/').pop() === fileName);
  const pages: [string, string | undefined][] = [
    ['/', undefined],
    ['/login', 'LoginPage.tsx'],
    ['/signup', 'SignupPage.tsx'],
  ];
  const cache = new Map<string, { raw: number; gz: number; br: number }>();
  const size = (file: string) => {
    let s = cache.get(file);
    if (!s) {
      const buf = readFileSync(join(dist, file));
      s = {
        raw: buf.length,
        gz: gzipSync(buf, { level: 9 }).length,
        br: brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      cache.set(file, s);
    }
    return s;
  };
  return pages.map(([page, screenFile]) => {
    const files = new Set(base);
    let missing = false;
    if (screenFile) {
      const key = screen(screenFile);
      if (key) closure(key, files);
      else missing = true;
    }
    const sum = (ext: string) =>
      [...files]
        .filter((f) => f.endsWith(ext))
        .map(size)
        .reduce((a, s) => ({ raw: a.raw + s.raw, gz: a.gz + s.gz, br: a.br + s.br }), {
          raw: 0,
          gz: 0,
          br: 0,
        });
    return { page, js: sum('.js'), css: sum('.css'), files: files.size, missing };
  });
}

/** What the running app really sends for the page and its entry script to a browser that accepts br and gzip. */
async function servedEncodings(url: string, dist: string): Promise<string[]> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="(\/[^"]+)"/.exec(html)?.[1];
  const lines: string[] = [];
  for (const path of ['/', ...(entry ? [entry] : [])]) {
    const { encoding, bytes } = await new Promise<{ encoding: string; bytes: number }>((res, rej) => {
      get(url + path, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (r) => {
        let bytes = 0;
        r.on('data', (c: Buffer) => (bytes += c.length));
        r.on('end', () => res({ encoding: String(r.headers['content-encoding'] ?? 'none'), bytes }));
        r.on('error', rej);
      }).on('error', rej);
    });
    const raw = statSync(join(dist, path === '/' ? 'index.html' : path.slice(1))).size;
    lines.push(
      `GET ${path} goes out with content-encoding ${encoding}: ${kB(bytes)} on the wire (${kB(raw)} raw)`,
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const t0 = performance.now();
  if (pinning) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const load1 = os.loadavg()[0]!;
  const memGiB =
    Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024 ** 2;
  const machine =
    `${cores} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${memGiB.toFixed(1)} GiB, ` +
    `Node ${process.version}, ${os.type()} ${os.release()}`;
  console.log(
    `Machine: ${machine}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${ROUNDS} x ${DURATION} s per target, ` +
      'in turns with the other targets of its route (the median round reported); ' +
      (pinning ? PIN_NOTE : 'no CPU pinning (needs taskset, 2 cores and no --no-pin)'),
  );

  const dist = join(ROOT, 'dist', 'web');
  if (!args['skip-build'] || !existsSync(join(dist, 'index.html'))) {
    console.log('Building the client (npm run build) ...');
    const r = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error('the client build failed');
  }

  const tmp = mkdtempSync(join(os.tmpdir(), 'homefix-bench-'));
  if (args.keep) console.log(`The temp dir stays: ${tmp}`);
  else onCleanup('temp dir', () => rmSync(tmp, { recursive: true, force: true }));

  const appEnv = {
    NODE_ENV: 'test',
    // info, as in production: Fastify logs every request and its completion.
    LOG_LEVEL: args['log-level'],
    WEB_DIST: dist,
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    RATE_LIMIT_AUTH_PER_IP: '100000000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '100000000',
    // The load generator stands for the proxy: with many clients it names a new one in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: '',
    DATA_DIR: '',
  };
  const profArgs = args['cpu-prof']
    ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])]
    : ([] as string[]);

  const results: LoadResult[] = [];
  const starts: { db: string; target: string; freshMs?: number; readyMs: number; rss: number | null }[] = [];
  const notes: string[] = [];
  let served: string[] = [];

  const kinds = args.db === 'both' ? ['postgres', 'pglite'] : [args.db === 'pg' ? 'postgres' : 'pglite'];
  for (const kind of kinds) {
    console.log(`\n${kind}:`);
    let dbEnv: Record<string, string>;
    let seed: () => Promise<EstimateCounts>;
    let stopDb = async () => {};
    if (kind === 'postgres') {
      const started = await startPostgres();
      if (typeof started === 'string') {
        const msg = `PostgreSQL skipped: ${started}.`;
        console.log(`  ${msg}`);
        notes.push(msg);
        continue;
      }
      dbEnv = { DATABASE_URL: started.url };
      seed = () => seedPostgres(started.url);
      stopDb = started.stop;
    } else {
      const dataDir = join(tmp, 'pglite');
      dbEnv = { DATA_DIR: dataDir };
      seed = () => seedPglite(dataDir);
    }
    const log = join(tmp, `app-${kind}.log`);
    // First start on an empty database: migrations and reference data. Then seed, and start again.
    const fresh = await startServer(`app (${kind}, first start)`, APP_ENTRY, { ...appEnv, ...dbEnv }, log);
    await fresh.stop();
    const seedStarted = performance.now();
    const seeded = await seed();
    console.log(
      `  seeded ${fmt(USERS)} users, ${fmt(USERS)} sessions and ${fmt(seeded.total)} estimates ` +
        `(${fmt(seeded.posted)} posted, ${fmt(seeded.deleted)} soft-deleted, ${fmt(seeded.listed)} in the ` +
        `posted list; ${fmt(seeded.owners)} owners, ${seeded.categories} categories, ${seeded.regions} regions) ` +
        `in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`,
    );

    const startApp = async () => {
      const app = await startServer(`app (${kind})`, APP_ENTRY, { ...appEnv, ...dbEnv }, log, profArgs);
      await sleep(1000);
      starts.push({
        db: kind,
        target: 'app',
        freshMs: fresh.readyMs,
        readyMs: app.readyMs,
        rss: rssMiB(app.pid),
      });
      if (served.length === 0) served = await servedEncodings(app.url, dist);
      return app;
    };
    const startBare = async () => {
      const bare = await startServer(
        `bare (${kind})`,
        'scripts/bench-bare.ts',
        { ...dbEnv, TRUST_PROXY: appEnv.TRUST_PROXY },
        join(tmp, `bare-${kind}.log`),
      );
      await sleep(1000);
      starts.push({ db: kind, target: 'bare', readyMs: bare.readyMs, rss: rssMiB(bare.pid) });
      return bare;
    };
    if (kind === 'postgres') {
      const app = await startApp();
      const bare = await startBare();
      results.push(...(await measure({ app, bare }, kind)));
      await app.stop();
      await bare.stop();
    } else {
      const app = await startApp();
      results.push(...(await measure({ app }, kind)));
      await app.stop();
      const bare = await startBare();
      results.push(...(await measure({ bare }, kind)));
      await bare.stop();
    }
    await stopDb();
  }

  // Same answer from both: the comparison is only fair if they answer the same thing. The session answer is
  // left out (the app moves the user's lastActiveAt forward while it runs).
  for (const r of results.filter((x) => x.target === 'app' && x.route !== 'GET /api/auth/session')) {
    const b = results.find(
      (x) => x.target === 'bare' && x.db === r.db && x.route === r.route && x.clients === r.clients,
    );
    if (!b) continue; // the server-rendered page: the app's alone
    const [x, y] = [r, b].map((t) => JSON.stringify(JSON.parse(t.body!)));
    if (x !== y) {
      let i = 0;
      while (x![i] === y![i]) i++;
      const around = (t: string) => t.slice(Math.max(0, i - 60), i + 40);
      notes.push(
        `The app and the bare server answered ${r.route} differently on ${r.db} (${r.clients} client(s)): ` +
          `app ...${around(x!)}... bare ...${around(y!)}...`,
      );
    }
  }

  // ---- Report -------------------------------------------------------------------------------------------------
  const date = new Date().toISOString().slice(0, 10);
  console.log(`\n## Results ${date}\n`);
  console.log(
    `Machine: ${machine}. Load average at start ${load1.toFixed(2)}, at end ${os.loadavg()[0]!.toFixed(2)}.`,
  );
  console.log(
    `autocannon ${CONNECTIONS} connections, ${WARMUP} s warm-up, then ${ROUNDS} rounds of ${DURATION} s per ` +
      'target in turns with the others of its route, the median round reported; 127.0.0.1; ' +
      (pinning ? `${PIN_NOTE}.` : 'no CPU pinning.') +
      '\n',
  );
  const find = (target: 'app' | 'bare', db: string, clients: Clients, route: string) =>
    results.find((r) => r.target === target && r.db === db && r.clients === clients && r.route === route);
  const pct = (a: number, b: number) => `${Math.round((100 * a) / b)} %`;
  const latency = (r: LoadResult | undefined) => (r ? `${r.p50} / ${r.p99} ms` : '');
  for (const db of [...new Set(results.map((r) => r.db))]) {
    for (const clients of MODES) {
      console.log(`${db}, ${CLIENTS_NOTE[clients]}:\n`);
      const rows = routes
        .flatMap((route) =>
          route.against ? [route, { ...route, name: besideName(route.against.route, route.name) }] : [route],
        )
        .map((route) => {
          const app = find('app', db, clients, route.name);
          const bare = find('bare', db, clients, route.name);
          const floor = route.floor ? find('bare', db, clients, floorName(route)) : undefined;
          return [
            route.name,
            app ? fmt(app.rps) : '',
            latency(app),
            bare ? fmt(bare.rps) : '',
            latency(bare),
            app && bare ? pct(app.rps, bare.rps) : '',
            floor ? fmt(floor.rps) : '',
            app && floor ? pct(app.rps, floor.rps) : '',
            (app?.errors ?? 0) + (bare?.errors ?? 0),
          ];
        });
      console.log(
        table(
          [
            'route',
            'app req/s',
            'app p50 / p99',
            'bare req/s',
            'bare p50 / p99',
            'app/bare',
            'floor req/s',
            'app/floor',
            'errors',
          ],
          rows,
        ) + '\n',
      );
    }
  }

  console.log(
    '\n' +
      table(
        ['server', 'first start to ready (empty db)', 'start to ready (seeded)', 'idle RSS'],
        starts.map((s) => [
          `${s.target} (${s.db})`,
          s.freshMs != null ? `${fmt(s.freshMs)} ms` : '',
          `${fmt(s.readyMs)} ms`,
          s.rss != null ? `${s.rss} MiB` : 'n/a',
        ]),
      ),
  );

  const sizes = clientSizes(dist);
  if (sizes) {
    console.log(
      '\n' +
        table(
          ['page', 'first-load JS gzip (br, raw)', 'CSS gzip (br, raw)', 'files'],
          sizes.map((s) => [
            s.page + (s.missing ? ' (screen chunk not found)' : ''),
            `${kB(s.js.gz)} (${kB(s.js.br)}, ${kB(s.js.raw)})`,
            `${kB(s.css.gz)} (${kB(s.css.br)}, ${kB(s.css.raw)})`,
            s.files,
          ]),
        ),
    );
  } else {
    notes.push('No dist/web/.vite/manifest.json: client sizes skipped (build with build.manifest).');
  }
  for (const line of served) console.log(`- ${line}`);

  // The speed targets, each a ratio read within this run (decision 0026).
  const targets: { what: string; met: boolean }[] = [];
  const target = (met: boolean, what: string) => targets.push({ met, what });
  /** The share each app route reaches: a list of its floor, any other route of the bare server's same route. */
  const share = (app: LoadResult) => {
    const route = routes.find((r) => r.name === app.route);
    if (!route) return null; // a reference measured beside a page or the area list
    const base = find('bare', app.db, app.clients, route.floor ? floorName(route) : app.route);
    return base
      ? { ratio: app.rps / base.rps, base, of: route.floor ? 'its floor' : 'the bare server' }
      : null;
  };
  for (const app of results.filter((x) => x.target === 'app')) {
    const kind = routes.find((r) => r.name === app.route)?.kind; // none for a reference measured beside another
    const at = `${app.route} (${app.db}, ${app.clients === 'one' ? 'one client' : 'many clients'})`;
    const s = share(app);
    const minimum = kind === 'list' ? 0.8 : kind === 'session' ? 0.7 : null;
    if (s && minimum !== null)
      target(
        s.ratio >= minimum,
        `${at}: ${fmt(app.rps)} req/s, ${pct(app.rps, s.base.rps)} of ${s.of} (${fmt(s.base.rps)}); ` +
          `at least ${minimum * 100} %`,
      );
    const bare = find('bare', app.db, app.clients, app.route);
    if (bare)
      target(
        app.p99 <= 1.3 * bare.p99,
        `${at}: p99 ${app.p99} ms, ${(app.p99 / bare.p99).toFixed(2)} times the bare server's ${bare.p99} ms; ` +
          'at most 1.3 times',
      );
    target(app.errors === 0, `${at}: ${app.errors} errors; none`);
    // Many clients must cost the app no more, against the same floor or bare server, than one client.
    const one = app.clients === 'many' ? find('app', app.db, 'one', app.route) : undefined;
    const oneShare = one && share(one);
    if (s && oneShare)
      target(
        s.ratio >= 0.9 * oneShare.ratio,
        `${at}: ${pct(app.rps, s.base.rps)} of ${s.of} with a new address per request, ` +
          `${pct(one.rps, oneShare.base.rps)} from one address; at least nine tenths of it`,
      );
  }
  // The server-rendered pages against the app's own GET /api/regions, and the task list within a service area
  // against the same list without it: each against its reference driven in turns with it (same database and clients).
  for (const app of results.filter((x) => x.target === 'app')) {
    const against = routes.find((r) => r.name === app.route)?.against;
    const ref = against && find('app', app.db, app.clients, besideName(against.route, app.route));
    if (!against || !ref) continue;
    const at = `${app.route} (${app.db}, ${app.clients === 'one' ? 'one client' : 'many clients'})`;
    target(
      app.rps >= against.share * ref.rps,
      `${at}: ${fmt(app.rps)} req/s, ${pct(app.rps, ref.rps)} of the app's ${against.route} ` +
        `(${fmt(ref.rps)}); at least ${against.share * 100} %`,
    );
  }
  const missed = targets.filter((t) => !t.met).length;
  console.log(
    `\nTargets at ${CONNECTIONS} connections: each list at least 80 % of its floor's requests/s, the session ` +
      "route 70 % of the bare server's, every route's p99 at most 1.3 times the bare server's, no errors, " +
      "the server-rendered profile page 50 % of the app's GET /api/regions and a cost guide 80 %, and " +
      `with many clients the same share as with one: ${targets.length - missed} met, ${missed} missed.`,
  );
  for (const t of targets) console.log(`- ${t.met ? 'meets ' : 'MISSES'} ${t.what}`);
  notes.push('Message delivery over /ws across two instances: node --import tsx scripts/bench-messaging.ts.');
  console.log('\nNotes:');
  for (const n of notes) console.log(`- ${n}`);
  console.log(`\nTotal ${fmt((performance.now() - t0) / 1000)} s.`);

  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        {
          date,
          machine,
          connections: CONNECTIONS,
          duration: DURATION,
          rounds: ROUNDS,
          warmup: WARMUP,
          pinning,
          results: results.map(({ body: _b, ...r }) => r),
          targets,
          starts,
          sizes,
          notes,
        },
        null,
        2,
      ),
    );
  }
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
  });
