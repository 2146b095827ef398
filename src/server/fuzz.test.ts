// Property-based fuzz of the HTTP API (fast-check): for every route with a params, querystring or body schema,
// hostile requests as an anonymous caller, a customer and an admin. Every answer is below 500 and, when it is an
// error, in the one error shape; a rejected request writes nothing (row counts of every table); the server stays
// healthy. A fixed seed and a few runs per route keep this quick: `npm run fuzz` runs 10,000+ requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  createFuzzApp,
  errorShapeProblems,
  formatFailures,
  formatTally,
  fuzzableRoutes,
  healthProblems,
  MAY_CHANGE_ON_REJECTION,
  runFuzz,
} from '#server/test/fuzz/index';
import type { TestApp } from '#server/test/test-app';
import { countRows, diffCounts, tableNames } from '#server/db/table-counts';
import { postJson } from '#server/test/login';
import { requestArb, toInject, type FuzzRoute } from '#server/test/fuzz/requests';
import { jsonSchemaOf } from '#server/test/fuzz/schema-arbitrary';

const SEED = 20_240_611;
const RUNS_PER_ROUTE_AND_CALLER = 25;

let t: TestApp;
beforeAll(async () => {
  t = await createFuzzApp();
});
afterAll(async () => {
  await t?.close();
});

describe('what the fuzz checks with', () => {
  it('counts the rows of every table of the Drizzle schema in one query, and sees a write', async () => {
    expect(tableNames).toEqual(
      expect.arrayContaining(['users', 'sessions', 'auth_tokens', 'mail_outbox', 'visits']),
    );
    const before = await countRows(t.app.ctx.db);
    expect(Object.keys(before).sort()).toEqual([...tableNames]);
    expect((await postJson(t.app, '/api/visits', { page: '/counted' })).statusCode).toBe(204);
    const after = await countRows(t.app.ctx.db);
    // rate_limit_hits changes on every request when the counters live in PostgreSQL (server-pg).
    const counters = new Set(MAY_CHANGE_ON_REJECTION.keys());
    expect(diffCounts(before, after, counters)).toEqual([
      `visits: ${before.visits} -> ${(before.visits ?? 0) + 1}`,
    ]);
    expect(diffCounts(before, after, new Set([...counters, 'visits']))).toEqual([]);
  });

  it('accepts exactly the error shape', () => {
    expect(
      errorShapeProblems({ error: 'x', code: 'VALIDATION', fields: { a: 'b' }, requestId: 'r' }),
    ).toEqual([]);
    expect(errorShapeProblems({ error: 'x', code: 'NOT_FOUND', requestId: 'r' })).toEqual([]);
    expect(errorShapeProblems({ error: 'x', code: 'X', requestId: 'r', stack: 'at ...' })).toEqual([
      'unexpected key "stack"',
    ]);
    expect(errorShapeProblems({ message: 'x', statusCode: 400 })).toHaveLength(5);
    expect(errorShapeProblems({ error: 'x', code: 'X', requestId: 'r', fields: { a: 1 } })).toEqual([
      'a "fields" value is not a string',
    ]);
  });
});

describe('hostile requests to every route with an input schema', () => {
  it('finds the routes to fuzz in app.registeredRoutes', () => {
    const routes = fuzzableRoutes(t.app.registeredRoutes).map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/visits',
        'PATCH /api/estimates/:id',
        'POST /api/estimates/:id/copy',
        'POST /api/estimates/:id/bids/:bidId/accept',
        'GET /api/jobs',
        'GET /api/jobs/:id',
        'POST /api/jobs/:id/schedule',
        'POST /api/jobs/:id/complete',
        'POST /api/jobs/:id/cancel',
        'POST /api/jobs/:id/change-orders',
        'POST /api/jobs/:id/change-orders/:changeOrderId/approve',
        'GET /api/jobs/:id/photos/:photoId',
        'POST /api/tasks/:id/bid',
        'PUT /api/bids/:bidId/quote',
        'DELETE /api/bids/:bidId',
        'GET /api/bids/:bidId/quote.pdf',
      ]),
    );
    expect(routes.some((r) => r.startsWith('HEAD ') || r.includes('/api/docs'))).toBe(false);
  });

  it('fills path parameters of routes that have them (none today) with hostile segments', () => {
    const route: FuzzRoute = {
      method: 'GET',
      url: '/api/things/:id/parts/:partId',
      access: 'public',
      params: jsonSchemaOf(z.object({ id: z.string().uuid(), partId: z.coerce.number().int().positive() })),
    };
    const urls = fc
      .sample(requestArb(route), { seed: SEED, numRuns: 100 })
      .map((c) => toInject(route, c, undefined).url);
    expect(urls.every((u) => typeof u === 'string' && u.startsWith('/api/things/') && !u.includes(':'))).toBe(
      true,
    );
    expect(urls.some((u) => String(u).includes('%00') || String(u).includes('..'))).toBe(true);
  });

  it('answers below 500, in the error shape, writes nothing when it refuses, and stays healthy', async () => {
    const tally = await runFuzz({ app: t.app, seed: SEED, runsPerPair: RUNS_PER_ROUTE_AND_CALLER });
    console.log(`fuzz: ${formatTally(tally)}`);
    expect(tally.failures.length, `\n${formatFailures(tally.failures)}\n`).toBe(0);
    expect(tally.requests).toBeGreaterThan(0);
    expect(await healthProblems(t.app)).toEqual([]);
    // The one long test of the suite: it grows with every route (about 25 requests per route and caller).
  }, 300_000);
});
