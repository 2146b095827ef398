// Two server instances on one fresh PostgreSQL database, listening on 127.0.0.1 (as behind a load balancer), for
// the tests of what crosses between instances. Call inside a describe: it registers its own beforeAll/afterAll.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { WorkKinds } from '#server/core/scheduled-work';
import { openPostgres, type Database, type Executor } from '#server/db/client';
import { scheduledWork } from '#server/db/schema/index';
import { loadReferenceData } from '#server/db/reference-data';
import { createPostgresDatabase } from './test-database.ts';
import { ORIGIN, type TestSocket } from './ws-client.ts';

/** Needs a PostgreSQL server to share (TEST_DATABASE_URL); PGlite is one process's database. */
export const hasPostgresServer = Boolean(process.env.TEST_DATABASE_URL);

export interface TwoInstances {
  /** Filled by the beforeAll: the two apps, their base URLs and database handles, in the same order. */
  apps: BuiltApp[];
  bases: string[];
  databases: Database[];
  /** Sockets a test opens, terminated after the suite. */
  sockets: TestSocket[];
}

/**
 * `now`: one clock for both instances (a test moves it to make timed work due); the real clock without it. `env`:
 * more configuration, read when the instances start (an SMTP capture's address, known only then).
 */
export function twoInstancesOnPostgres(
  opts: { now?: () => Date; env?: () => Record<string, string> } = {},
): TwoInstances {
  const two: TwoInstances = { apps: [], bases: [], databases: [], sockets: [] };
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!hasPostgresServer) return;
    const created = await createPostgresDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: ORIGIN,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'silent',
      DATABASE_URL: created.url,
      ...opts.env?.(),
    });
    for (let i = 0; i < 2; i++) {
      const database = openPostgres(created.url);
      two.databases.push(database);
      await database.migrate();
      if (i === 0) await loadReferenceData(database.db);
      const app = await buildApp(config, { database, logger: false, ...(opts.now ? { now: opts.now } : {}) });
      await app.ready();
      two.apps.push(app);
      two.bases.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    }
  });
  afterAll(async () => {
    for (const s of two.sockets) s.ws.terminate();
    for (const app of two.apps) await app.close();
    for (const database of two.databases) await database.close();
    await drop?.();
  });
  return two;
}

/** How many items of these kinds are due at `now` and not done yet. */
export async function dueWorkLeft(
  db: Executor,
  kinds: readonly (keyof WorkKinds)[],
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scheduledWork)
    .where(
      and(
        inArray(scheduledWork.kind, [...kinds]),
        isNull(scheduledWork.doneAt),
        sql`${scheduledWork.dueAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
  return row!.n;
}

/**
 * Every instance claims the due items of these kinds at once, each until none is left due: the instances race for
 * the same items, as behind a load balancer.
 */
export async function runDueOnAll(
  apps: readonly BuiltApp[],
  kinds: readonly (keyof WorkKinds)[],
  now: () => Date,
): Promise<void> {
  const db = apps[0]!.ctx.db;
  await Promise.all(
    apps.map(async (app) => {
      while ((await app.ctx.work.runDue()) > 0 || (await dueWorkLeft(db, kinds, now())) > 0) {
        // keep claiming
      }
    }),
  );
}
