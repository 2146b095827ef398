// The reviews' timed work on two app instances sharing one PostgreSQL database and one moved clock (decision 0044):
// both instances claim the due items at once (their workers' polls and the test's own runs), and each reminder
// reaches each party who has not reviewed exactly once, at completion and before the close; the window's close
// publishes each job's lone review once (one reviewsPublished, one review_published to each party).
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { todayIn } from '#domain/job-words';
import { REVIEW_REMINDER_DAYS_BEFORE_CLOSE, REVIEW_WINDOW_DAYS } from '#domain/reviews';
import type { AppEvents } from '#server/core/app-events';
import { bids, notifications, reviews, scheduledWork } from '#server/db/schema/index';
import { createJobsService } from '#server/modules/jobs';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import { hasPostgresServer, runDueOnAll, twoInstancesOnPostgres } from '#server/test/two-instances';
import { createReviewsService } from './index.ts';

const JOBS = 8;
const DAY = 86_400_000;
const clock = { now: new Date() };

describe('review reminders and the close on two instances', () => {
  const { apps } = twoInstancesOnPostgres({ now: () => clock.now });

  it.skipIf(!hasPostgresServer)(
    'reminds each party once per stage and publishes each lone review once across both',
    { timeout: 90_000 },
    async () => {
      const [a, b] = apps as [NonNullable<(typeof apps)[0]>, NonNullable<(typeof apps)[0]>];
      const db = a.ctx.db;
      const jobsService = createJobsService(a.ctx);
      const reviewsService = createReviewsService(a.ctx);
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
        const { jobId } = await jobsService.accept(customer, estimate.id, bid!.id);
        await jobsService.proposeDate(p, jobId, todayIn('UTC', clock.now));
        await jobsService.confirmDate(c, jobId);
        await jobsService.start(p, jobId);
        await jobsService.complete(p, jobId, 'Done');
        await jobsService.confirm(c, jobId);
        ids.push(jobId);
      }

      const published: AppEvents['reviewsPublished'][] = [];
      const offs = [a, b].map((app) =>
        app.ctx.events.afterCommit('reviewsPublished', (e) => void published.push(e)),
      );
      const kinds = ['reviewReminder', 'reviewWindowClose'] as const;
      const runBoth = () => runDueOnAll([a, b], kinds, () => clock.now);
      const workItems = () =>
        db
          .select()
          .from(scheduledWork)
          .where(inArray(scheduledWork.kind, ['reviewReminder', 'reviewWindowClose']));
      const requested = async () =>
        db
          .select({ userId: notifications.userId, jobId: notifications.jobId, body: notifications.body })
          .from(notifications)
          .where(and(eq(notifications.kind, 'review_requested'), inArray(notifications.jobId, ids)));

      // At completion: both parties of every job, once.
      await runBoth();
      const atCompletion = (await workItems()).filter((i) => i.key?.startsWith('reviewReminder:completed:'));
      expect(atCompletion).toHaveLength(JOBS);
      expect(atCompletion.every((i) => i.doneAt !== null && i.attempts === 1)).toBe(true);
      const first = await requested();
      expect(first).toHaveLength(2 * JOBS);
      for (const id of ids) {
        expect(
          first
            .filter((n) => n.jobId === id)
            .map((n) => n.userId)
            .sort(),
        ).toEqual([customer.id, provider.id].sort());
      }

      // The customer reviews half the jobs; before the close only the provider is reminded of those.
      const reviewed = ids.slice(0, JOBS / 2);
      for (const id of reviewed) {
        await reviewsService.write(c, id, {
          rating: 5,
          quality: 5,
          communication: 5,
          punctuality: 5,
          value: 5,
          text: 'Excellent work, on time and on budget.',
        });
      }
      clock.now = new Date(
        clock.now.getTime() + (REVIEW_WINDOW_DAYS - REVIEW_REMINDER_DAYS_BEFORE_CLOSE) * DAY + 1000,
      );
      await runBoth();
      const closing = (await requested()).filter((n) => n.body.includes('days left'));
      for (const id of ids) {
        const to = closing
          .filter((n) => n.jobId === id)
          .map((n) => n.userId)
          .sort();
        expect(to).toEqual(reviewed.includes(id) ? [provider.id] : [customer.id, provider.id].sort());
      }
      expect(published).toEqual([]);

      // The close: each reviewed job's lone review published once, at one moment; the others have nothing.
      clock.now = new Date(clock.now.getTime() + REVIEW_REMINDER_DAYS_BEFORE_CLOSE * DAY);
      await runBoth();
      offs.forEach((off) => off());
      expect(published.map((e) => e.jobId).sort()).toEqual([...reviewed].sort());
      const rows = await db.select().from(reviews).where(inArray(reviews.jobId, ids));
      expect(rows).toHaveLength(reviewed.length);
      expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
      const told = await db
        .select({ userId: notifications.userId, jobId: notifications.jobId })
        .from(notifications)
        .where(and(eq(notifications.kind, 'review_published'), inArray(notifications.jobId, ids)));
      expect(told).toHaveLength(2 * reviewed.length);
      // Each item ran once (the completion reminders, finished over a week ago by now, were purged).
      const items = await workItems();
      expect(items.filter((i) => i.key?.startsWith('reviewReminder:closing:'))).toHaveLength(JOBS);
      expect(items.filter((i) => i.kind === 'reviewWindowClose')).toHaveLength(JOBS);
      expect(items.every((i) => i.doneAt !== null && i.attempts === 1)).toBe(true);
    },
  );
});
