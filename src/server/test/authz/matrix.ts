// Runs the authorization matrix: the routes the app owns, and every row called as every actor.
import type { BuiltApp } from '#server/app';
import { call } from '#server/test/login';
import { actorNames, type ActorName, type Actors } from './actors.ts';
import type { Fixtures } from './fixtures.ts';
import type { Outcome, Row } from './table.ts';

type Exclusion = {
  test: (method: string, url: string, registered: ReadonlySet<string>) => boolean;
};

/** 'METHOD /url' of every registered route, less the excluded ones, in registration order. */
export function ownedRoutes(app: BuiltApp, excluded: readonly Exclusion[]): string[] {
  const all = new Set(app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
  const owned = app.registeredRoutes.filter((r) => !excluded.some((e) => e.test(r.method, r.url, all)));
  return [...new Set(owned.map((r) => `${r.method} ${r.url}`))];
}

export interface Mismatch {
  route: string;
  actor: ActorName;
  expected: Outcome;
  got: Outcome | number;
  body: string;
}

/** 2xx and 3xx are 'ok' (allowed); anything else is its status. */
const outcomeOf = (status: number): Outcome | number => (status < 400 ? 'ok' : status);

/** Calls every row as every actor, one call at a time (rows that end or start sessions stay apart). */
export async function runMatrix(
  app: BuiltApp,
  rows: readonly Row[],
  actors: Actors,
  fixtures: Fixtures,
): Promise<{ calls: number; mismatches: Mismatch[] }> {
  const mismatches: Mismatch[] = [];
  let calls = 0;
  for (const row of rows) {
    const [method = '', routeUrl = ''] = row.route.split(' ');
    for (const actor of actorNames) {
      const user = actor === 'anonymous' ? null : actors.users[actor];
      const req = (await row.request?.({ app, actor, user, actors, fixtures })) ?? {};
      const url = req.url ?? routeUrl;
      if (/[:*]/.test(url)) {
        throw new Error(`${row.route}: the row's request must give a concrete url (got ${url})`);
      }
      const cookie = await actors.sessionFor(actor);
      const res = await call(
        app,
        {
          method: method as 'GET',
          url,
          ...(req.query ? { query: req.query } : {}),
          ...(req.payload ? { payload: req.payload } : {}),
          ...(req.headers ? { headers: req.headers } : {}),
        },
        cookie,
      );
      calls++;
      const got = outcomeOf(res.statusCode);
      const expected = row.expect[actor];
      if (got !== expected) {
        mismatches.push({ route: row.route, actor, expected, got, body: res.body.slice(0, 160) });
      }
    }
  }
  return { calls, mismatches };
}

/** One line per mismatch: route, actor, expected, got, the start of the body. */
export function formatMismatches(mismatches: readonly Mismatch[]): string {
  return mismatches
    .map(
      (m) =>
        `${m.route.padEnd(40)} ${m.actor.padEnd(18)} expected ${String(m.expected).padEnd(3)} got ${String(m.got).padEnd(3)} ${m.body.replace(/\s+/g, ' ')}`,
    )
    .join('\n');
}
