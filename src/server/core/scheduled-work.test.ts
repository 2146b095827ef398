// Scheduled work on the real app and database: an item exists exactly when the write that scheduled it does, runs
// once with its payload, is tried again after a failure (its error kept) and given up after its last attempt; and
// it survives a restart: claimed by an instance that stops before finishing, it is run by the next instance once
// the claim's lease passed. The two-instance race is in scheduled-work.instances.test.ts (PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { scheduledWork } from '#server/db/schema/index';
import { createTestDatabase } from '#server/test/test-database';
import type { ScheduledWork, WorkItem } from './scheduled-work.ts';

interface TestKinds {
  'test.noted': { text: string };
  'test.flaky': { text: string };
  'test.slow': { text: string };
}

let database: Database;
const apps: BuiltApp[] = [];
const clock = {
  now: new Date(),
  advance(ms: number) {
    clock.now = new Date(clock.now.getTime() + ms);
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

const LEASE_MS = 60_000;

/** An app instance on the shared database and clock; its worker's own poll is left out (the tests run it). */
async function instance(): Promise<{ app: BuiltApp; work: ScheduledWork<TestKinds> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    NOTIFICATION_DIGEST_SECONDS: '0',
  });
  const app = await buildApp(config, {
    database,
    now: () => clock.now,
    logger: false,
    work: { pollMs: 3_600_000, leaseMs: LEASE_MS, stopWaitMs: 50 },
  });
  await app.ready();
  apps.push(app);
  return { app, work: app.ctx.work as unknown as ScheduledWork<TestKinds> };
}

const item = async (id: string) =>
  (await database.db.select().from(scheduledWork).where(eq(scheduledWork.id, id)))[0];
const itemsOf = (kind: string) =>
  database.db.select().from(scheduledWork).where(eq(scheduledWork.kind, kind));

describe('scheduled work', () => {
  it('an item scheduled in a write that rolls back never exists; a committed one runs once, with its payload', async () => {
    const { app, work } = await instance();
    const runs: WorkItem<{ text: string }>[] = [];
    work.handle('test.noted', async (i) => void runs.push(i));
    await expect(
      app.ctx.events.transaction(async (tx) => {
        await work.schedule(tx, 'test.noted', { text: 'rolled back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await app.ctx.events.transaction((tx) => work.schedule(tx, 'test.noted', { text: 'kept' }));
    // Not before it is due.
    await work.schedule(
      database.db,
      'test.noted',
      { text: 'later' },
      { dueAt: new Date(clock.now.getTime() + 1000) },
    );

    expect(await work.runDue()).toBe(1);
    expect(await work.runDue()).toBe(0);
    expect(runs.map((r) => r.payload.text)).toEqual(['kept']);
    expect(await item(runs[0]!.id)).toMatchObject({ attempts: 1, lastError: null, doneAt: clock.now });
    clock.advance(1000);
    expect(await work.runDue()).toBe(1);
    expect(runs.map((r) => r.payload.text)).toEqual(['kept', 'later']);
    expect((await itemsOf('test.noted')).map((r) => r.payload)).not.toContainEqual({ text: 'rolled back' });
  });

  it('a failing item is tried again later with its error, and given up after its last attempt', async () => {
    const { work } = await instance();
    let failures = 0;
    work.handle(
      'test.flaky',
      async () => {
        failures++;
        throw new Error(`failure ${failures}`);
      },
      { maxAttempts: 3 },
    );
    await work.schedule(database.db, 'test.flaky', { text: 'x' });
    expect(await work.runDue()).toBe(1);
    const [first] = await itemsOf('test.flaky');
    expect(first).toMatchObject({ attempts: 1, lastError: 'failure 1', doneAt: null, claimedBy: null });
    // Tried again only after a pause (a minute, then two).
    expect(first!.dueAt.getTime()).toBe(clock.now.getTime() + 60_000);
    expect(await work.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await work.runDue()).toBe(1);
    clock.advance(120_000);
    expect(await work.runDue()).toBe(1);
    const [last] = await itemsOf('test.flaky');
    expect(last).toMatchObject({ attempts: 3, lastError: 'failure 3', doneAt: clock.now });
    clock.advance(3_600_000);
    expect(await work.runDue()).toBe(0);
    expect(failures).toBe(3);
  });

  it('survives a restart: claimed by an instance that stops before finishing, run by the next once the lease passed', async () => {
    const first = await instance();
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    let finishFirst!: () => void;
    first.work.handle('test.slow', async () => {
      started();
      // The instance stops before this run ends.
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    await first.work.schedule(database.db, 'test.slow', { text: 'survivor' });
    const running = first.work.runDue();
    await claimed;
    const [item0] = await itemsOf('test.slow');
    expect(item0).toMatchObject({ attempts: 1, claimedBy: first.work.instanceId, doneAt: null });
    await first.app.close();

    const next = await instance();
    const ran: string[] = [];
    next.work.handle('test.slow', async (i) => void ran.push(`${i.payload.text} (attempt ${i.attempts})`));
    // The lease still holds: the next instance leaves it alone.
    expect(await next.work.runDue()).toBe(0);
    clock.advance(LEASE_MS);
    expect(await next.work.runDue()).toBe(1);
    expect(ran).toEqual(['survivor (attempt 2)']);
    const [done] = await itemsOf('test.slow');
    expect(done).toMatchObject({ attempts: 2, claimedBy: next.work.instanceId, doneAt: clock.now });

    // The stopped instance's run ending late changes nothing: its claim was taken over.
    finishFirst();
    await running;
    expect(await itemsOf('test.slow')).toEqual([done]);
    expect(ran).toHaveLength(1);
  });
});
