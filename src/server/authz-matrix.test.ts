// The authorization matrix: every route the app really registers
// (app.registeredRoutes, not a hand-kept list) called as every actor, against one declarative table
// (src/server/test/authz). A route without a row, a row without a route, and any outcome that differs fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import {
  actorNames,
  createActors,
  createFixtures,
  excluded,
  formatMismatches,
  ownedRoutes,
  rows,
  runMatrix,
  type Actors,
  type Fixtures,
} from '#server/test/authz/index';

const HIGH = '1000000';
let t: TestApp;
let actors: Actors;
let fixtures: Fixtures;
let routes: string[];

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_GLOBAL_PER_MINUTE: HIGH,
    RATE_LIMIT_AUTH_PER_IP: HIGH,
    RATE_LIMIT_AUTH_PER_ACCOUNT: HIGH,
    RATE_LIMIT_LOGIN_PER_ACCOUNT: HIGH,
  });
  actors = await createActors(t.app);
  fixtures = await createFixtures(t.app, actors);
  routes = ownedRoutes(t.app, excluded);
});
afterAll(async () => {
  await t?.close();
});

describe('authorization matrix', () => {
  it('has a row for every registered route', () => {
    const withRow = new Set(rows.map((r) => r.route));
    expect(
      routes.filter((r) => !withRow.has(r)),
      'registered routes without a row',
    ).toEqual([]);
  });

  it('leaves out only HEAD twins that carry the access of their GET route', () => {
    const { registeredRoutes } = t.app;
    const access = (method: string, url: string) =>
      JSON.stringify(registeredRoutes.find((r) => r.method === method && r.url === url)?.access);
    const heads = registeredRoutes.filter((r) => r.method === 'HEAD' && routes.includes(`GET ${r.url}`));
    expect(heads.length).toBeGreaterThan(0);
    expect(heads.filter((r) => access('HEAD', r.url) !== access('GET', r.url)).map((r) => r.url)).toEqual([]);
  });

  it('names only registered routes, each once, with an outcome for every actor', () => {
    const registered = new Set(routes);
    expect(
      rows.filter((r) => !registered.has(r.route)).map((r) => r.route),
      'rows of no route',
    ).toEqual([]);
    const seen = new Set<string>();
    const duplicates = rows.map((r) => r.route).filter((r) => seen.size === seen.add(r).size);
    expect(duplicates, 'routes with more than one row').toEqual([]);
    const incomplete = rows
      .filter((r) => Object.keys(r.expect).sort().join() !== [...actorNames].sort().join())
      .map((r) => r.route);
    expect(incomplete, 'rows that do not state every actor').toEqual([]);
  });

  it('answers every actor on every route as the table says', async () => {
    const registered = new Set(routes);
    const runnable = rows.filter((r) => registered.has(r.route)); // the others fail the test above
    const { calls, mismatches } = await runMatrix(t.app, runnable, actors, fixtures);
    console.log(
      `authorization matrix: ${runnable.length} routes x ${actorNames.length} actors = ${calls} calls`,
    );
    expect(calls).toBe(runnable.length * actorNames.length);
    // One readable line per differing call: route, actor, expected, got, the start of the body.
    expect(formatMismatches(mismatches), `${mismatches.length} outcomes differ from the table`).toBe('');
  });
});
