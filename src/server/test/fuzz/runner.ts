// Runs the fuzz properties: for every fuzzable route and every caller (anonymous, a customer, an admin), fast-check
// sends hostile requests and checks each answer (invariants.ts) and, for a rejection, that no table changed. Used by
// src/server/fuzz.test.ts (few runs, fixed seed) and scripts/fuzz.ts (10,000+ requests).
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { BuiltApp } from '#server/app';
import { countRows, diffCounts, type TableCounts } from '#server/db/table-counts';
import { makeAdmin, makeCustomer, type TestUser } from '#server/test/factories';
import { loginAs, signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { responseProblems } from './invariants.ts';
import { fuzzableRoutes, requestArb, toInject, type FuzzCase } from './requests.ts';

/**
 * Tables whose row count may change on a rejected request, each with the reason. Empty today: a failed sign-in
 * is counted in memory (account-limiter.ts), and the rate limits live in memory too. A future store of failed
 * attempts or rate-limit hits in the database belongs here, with its reason.
 */
export const MAY_CHANGE_ON_REJECTION: ReadonlyMap<string, string> = new Map<string, string>([
  [
    'rate_limit_hits',
    'with PostgreSQL the rate-limit counters live in this table and count every request, refused ones too (decision 0007)',
  ],
]);

/** A test app on a fresh database with rate limits far out of reach, so hostile requests reach validation. */
export function createFuzzApp(): Promise<TestApp> {
  return createTestApp({
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    RATE_LIMIT_AUTH_PER_IP: '100000000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '100000000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000000',
  });
}

export interface FuzzFailure {
  route: string;
  caller: string;
  problems: string[];
  input: string;
  response: string;
  /** fast-check's seed and path: `fc.check(..., { seed, path })` replays this case. */
  seed: number;
  path?: string;
}

export interface Tally {
  requests: number;
  byClass: Record<string, number>;
  byStatus: Record<string, number>;
  /** Requests inject() refused to send (malformed on our side, not the server's answer). */
  unsent: number;
  pairs: number;
  failures: FuzzFailure[];
  durationMs: number;
}

export interface FuzzOptions {
  app: BuiltApp;
  seed: number;
  /** Runs per route and caller... */
  runsPerPair?: number;
  /** ...or this many in all, shared evenly by the route and caller pairs (rounded up). */
  totalRuns?: number;
  /** Shrink a failing case to a smaller one before reporting it (default true). */
  shrink?: boolean;
  /** Only the routes whose "METHOD url" contains this. */
  routeFilter?: string;
  onPairDone?: (route: string, caller: string, tally: Tally) => void;
}

type Caller = { name: 'anonymous'; user: null } | { name: string; user: TestUser };

/** A long string as its start and end, its length, and where its first NUL or control character is. */
function shorten(v: string): string {
  // eslint-disable-next-line no-control-regex
  const odd = /[\u0000-\u001f\u007f\ud800-\udfff]/.exec(v.slice(60, -20));
  const where = odd ? `, ${JSON.stringify(odd[0])} at ${odd.index + 60}` : '';
  return `${v.slice(0, 60)}...${v.slice(-20)} (${v.length} chars${where})`;
}

/** Long strings and deep values cut down so a report stays readable. */
export function truncate(value: unknown, max = 1200): string {
  let objects = 0;
  let text: string;
  try {
    text =
      JSON.stringify(value, function (_key, v: unknown) {
        if (typeof v === 'string' && v.length > 120) return shorten(v);
        if (v !== null && typeof v === 'object' && ++objects > 400) return '...';
        return v;
      }) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}...(${text.length} chars)` : text;
}

export const describeResponse = (res: LightMyRequestResponse) =>
  `${res.statusCode} ${String(res.headers['content-type'] ?? '-')} ${res.body.length > 600 ? `${res.body.slice(0, 600)}...` : res.body}`;

class InvariantError extends Error {
  constructor(readonly failure: Omit<FuzzFailure, 'seed' | 'path'>) {
    super(
      `${failure.route} as ${failure.caller}: ${failure.problems.join('; ')}\n  input: ${failure.input}\n  response: ${failure.response}`,
    );
  }
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function emptyTally(): Tally {
  return { requests: 0, byClass: {}, byStatus: {}, unsent: 0, pairs: 0, failures: [], durationMs: 0 };
}

export async function runFuzz(opts: FuzzOptions): Promise<Tally> {
  const { app } = opts;
  const { db } = app.ctx;
  const started = Date.now();
  const tally = emptyTally();
  const allowed = new Set(MAY_CHANGE_ON_REJECTION.keys());

  const callers: Caller[] = [
    { name: 'anonymous', user: null },
    { name: 'customer', user: await makeCustomer(db) },
    { name: 'admin', user: await makeAdmin(db) },
  ];
  const routes = fuzzableRoutes(app.registeredRoutes).filter(
    (r) => !opts.routeFilter || `${r.method} ${r.url}`.includes(opts.routeFilter),
  );
  if (routes.length === 0)
    throw new Error('no fuzzable routes (routes with a params, querystring or body schema)');
  const pairs = routes.length * callers.length;
  const runsPerPair = opts.runsPerPair ?? Math.ceil((opts.totalRuns ?? 10_000) / pairs);

  // The caller's session: made once, made again after any answer that may have ended or replaced it.
  const cookies = new Map<string, string>();
  let counts: TableCounts | null = null;
  const cookieOf = async (caller: Caller) => {
    if (!caller.user) return undefined;
    let cookie = cookies.get(caller.name);
    if (!cookie) {
      cookie = await loginAs(app, caller.user);
      cookies.set(caller.name, cookie);
      counts = null; // a session row was written
    }
    return cookie;
  };

  let pairIndex = 0;
  for (const route of routes) {
    for (const caller of callers) {
      const label = `${route.method} ${route.url}`;
      const property = fc.asyncProperty(requestArb(route), async (c: FuzzCase) => {
        const cookie = await cookieOf(caller);
        const before = counts ?? (await countRows(db));
        let res: LightMyRequestResponse;
        try {
          res = await app.inject(toInject(route, c, cookie));
        } catch {
          tally.unsent++;
          return;
        }
        await app.ctx.mailer.idle(); // mail queued by this request is this request's write
        const after = await countRows(db);
        counts = after;
        tally.requests++;
        tally.byClass[statusClass(res.statusCode)] = (tally.byClass[statusClass(res.statusCode)] ?? 0) + 1;
        tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
        if (res.headers['set-cookie'] || (res.statusCode < 300 && route.method !== 'GET')) {
          cookies.delete(caller.name);
        }

        const problems = responseProblems(res);
        if (res.statusCode >= 400) {
          for (const change of diffCounts(before, after, allowed)) {
            problems.push(`rows changed on a rejected request (${change})`);
          }
        }
        if (problems.length) {
          throw new InvariantError({
            route: label,
            caller: caller.name,
            problems,
            input: truncate(c),
            response: describeResponse(res),
          });
        }
      });
      const seed = (opts.seed + pairIndex * 7919) | 0;
      pairIndex++;
      const details = await fc.check(property, {
        seed,
        numRuns: runsPerPair,
        endOnFailure: opts.shrink === false,
      });
      tally.pairs++;
      if (details.failed) {
        const err = details.errorInstance;
        const failure =
          err instanceof InvariantError
            ? err.failure
            : {
                route: label,
                caller: caller.name,
                problems: [`the property threw: ${err instanceof Error ? err.message : String(err)}`],
                input: truncate(details.counterexample?.[0]),
                response: '-',
              };
        tally.failures.push({
          ...failure,
          seed,
          ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
        });
      }
      opts.onPairDone?.(label, caller.name, tally);
    }
  }
  tally.durationMs = Date.now() - started;
  return tally;
}

/** After the run: the health and readiness checks answer 200, a real sign-in works, no prototype was polluted. */
export async function healthProblems(app: BuiltApp): Promise<string[]> {
  const problems: string[] = [];
  for (const url of ['/healthz', '/readyz']) {
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) problems.push(`GET ${url}: ${describeResponse(res)}`);
  }
  // The bodies and queries tried `__proto__` and `constructor.prototype`: nothing may have reached the prototype.
  const polluted = Object.keys(Object.prototype);
  if (polluted.length > 0 || 'polluted' in {})
    problems.push(`Object.prototype polluted: ${polluted.join(', ')}`);
  const user = await makeCustomer(app.ctx.db);
  const { res } = await signIn(app, user.email, user.password);
  if (res.statusCode !== 200) problems.push(`sign-in after the fuzz: ${describeResponse(res)}`);
  return problems;
}

/** "540 requests in 12.3 s: 2xx 40, 4xx 500, 5xx 0 (400: 480, 401: 10, 413: 4, 415: 6); 0 failures" */
export function formatTally(t: Tally): string {
  const classes = ['2xx', '3xx', '4xx', '5xx'].map((c) => `${c} ${t.byClass[c] ?? 0}`).join(', ');
  const statuses = Object.entries(t.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  return (
    `${t.requests} requests (${t.pairs} route x caller pairs) in ${(t.durationMs / 1000).toFixed(1)} s: ${classes} ` +
    `(${statuses})${t.unsent ? `, ${t.unsent} not sendable` : ''}; ${t.failures.length} failure${t.failures.length === 1 ? '' : 's'}`
  );
}

export function formatFailures(failures: readonly FuzzFailure[]): string {
  return failures
    .map(
      (f, i) =>
        `${i + 1}. ${f.route} as ${f.caller}: ${f.problems.join('; ')}\n` +
        `   input: ${f.input}\n   response: ${f.response}\n   replay: seed ${f.seed}${f.path ? `, path "${f.path}"` : ''}`,
    )
    .join('\n');
}
