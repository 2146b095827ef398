// Two app instances on one PostgreSQL database, both claiming the same due items at once (their workers' polls and
// the test's own runs, in parallel): each item runs exactly once, and both instances run some.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BuiltApp } from '#server/app';
import { scheduledWork } from '#server/db/schema/index';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';
import type { ScheduledWork } from './scheduled-work.ts';

interface TestKinds {
  'test.tally': { n: number };
}

const ITEMS = 200;

describe('scheduled work on two instances', () => {
  const { apps } = twoInstancesOnPostgres();

  it.skipIf(!hasPostgresServer)('runs each item exactly once across both', { timeout: 60_000 }, async () => {
    const works = (apps as BuiltApp[]).map((app) => app.ctx.work as unknown as ScheduledWork<TestKinds>);
    const runs: { n: number; instance: number }[] = [];
    works.forEach((work, instance) =>
      work.handle('test.tally', async ({ payload }) => {
        runs.push({ n: payload.n, instance });
        // A little work, so the two instances' claims overlap.
        await new Promise((resolve) => setImmediate(resolve));
      }),
    );
    const db = apps[0]!.ctx.db;
    await apps[0]!.ctx.events.transaction(async (tx) => {
      for (let n = 0; n < ITEMS; n++) await works[0]!.schedule(tx, 'test.tally', { n });
    });

    const left = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(scheduledWork)
          .where(sql`${scheduledWork.kind} = 'test.tally' and ${scheduledWork.doneAt} is null`)
      )[0]!.n;
    // Both instances claim as fast as they can, beside their own workers' polls, until nothing is left.
    await Promise.all(
      works.map(async (work) => {
        while ((await work.runDue()) > 0 || (await left()) > 0) {
          // keep claiming
        }
      }),
    );

    const counts = new Map<number, number>();
    for (const r of runs) counts.set(r.n, (counts.get(r.n) ?? 0) + 1);
    expect(counts.size).toBe(ITEMS);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(runs).toHaveLength(ITEMS);
    expect(new Set(runs.map((r) => r.instance))).toEqual(new Set([0, 1]));
    const rows = await db.select().from(scheduledWork).where(eq(scheduledWork.kind, 'test.tally'));
    expect(rows).toHaveLength(ITEMS);
    expect(rows.every((r) => r.doneAt !== null && r.attempts === 1)).toBe(true);
  });
});
