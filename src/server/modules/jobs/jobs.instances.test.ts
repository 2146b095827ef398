// The timed confirmation on two app instances sharing one PostgreSQL database and one moved clock: when the seven
// days have passed, both instances claim the due items at once (their workers' polls and the test's own runs),
// and every job completes exactly once: one timeline entry, one jobChanged, one run of its item.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayIn } from '#domain/job-words';
import type { AppEvents } from '#server/core/app-events';
import { bids, jobEvents, jobs as jobsTable, scheduledWork } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { hasPostgresServer, runDueOnAll, twoInstancesOnPostgres } from '#server/test/two-instances';
import { createJobsService } from './index.ts';

const JOBS = 12;
const clock = { now: new Date() };

describe('the timed confirmation on two instances', () => {
  const { apps } = twoInstancesOnPostgres({ now: () => clock.now });

  it.skipIf(!hasPostgresServer)(
    'completes each unanswered job once across both',
    { timeout: 60_000 },
    async () => {
      const [a, b] = apps as [NonNullable<(typeof apps)[0]>, NonNullable<(typeof apps)[0]>];
      const db = a.ctx.db;
      const service = createJobsService(a.ctx);
      const customer = await makeCustomer(db);
      const provider = await makeProvider(db, { plan: 'deluxe' });
      const c = { id: customer.id, role: 'customer' };
      const p = { id: provider.id, role: 'provider' };
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i++) {
        const estimate = await makeEstimate(db, customer, { status: 'posted', now: clock.now });
        const [bid] = await db
          .insert(bids)
          .values({ estimateId: estimate.id, providerId: provider.id })
          .returning();
        const { jobId } = await service.accept(customer, estimate.id, bid!.id);
        await service.proposeDate(p, jobId, todayIn('UTC', clock.now));
        await service.confirmDate(c, jobId);
        await service.start(p, jobId);
        await service.complete(p, jobId, 'Done');
        ids.push(jobId);
      }

      const told: AppEvents['jobChanged'][] = [];
      const offs = [a, b].map((app) =>
        app.ctx.events.afterCommit('jobChanged', (e) => {
          if (e.event === 'completed') told.push(e);
        }),
      );
      // Not yet due: nothing happens.
      await Promise.all([a.ctx.work.runDue(), b.ctx.work.runDue()]);
      expect(told).toEqual([]);

      clock.now = new Date(clock.now.getTime() + 7 * 86_400_000 + 1000);
      await runDueOnAll([a, b], ['jobAutoConfirm'], () => clock.now);
      offs.forEach((off) => off());

      const rows = await db.select({ id: jobsTable.id, status: jobsTable.status }).from(jobsTable);
      expect(rows.filter((r) => ids.includes(r.id)).every((r) => r.status === 'completed')).toBe(true);
      const entries = await db
        .select({ jobId: jobEvents.jobId, actorId: jobEvents.actorId })
        .from(jobEvents)
        .where(eq(jobEvents.event, 'completed'));
      expect(entries.map((e) => e.jobId).sort()).toEqual([...ids].sort());
      expect(entries.every((e) => e.actorId === null)).toBe(true);
      expect(told.map((e) => e.jobId).sort()).toEqual([...ids].sort());
      const items = await db.select().from(scheduledWork).where(eq(scheduledWork.kind, 'jobAutoConfirm'));
      expect(items).toHaveLength(JOBS);
      expect(items.every((i) => i.doneAt !== null && i.attempts === 1)).toBe(true);
    },
  );
});
