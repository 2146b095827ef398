// A proposal nobody answered, on two app instances sharing one PostgreSQL database and one moved clock (decision
// 0049, "Around the edges"): both instances claim the due items at once, and the proposal whose last time started
// is cancelled once, its provider told once; one chosen in time, one declined and one cancelled are left alone.
// The expiry is scheduled work written with the proposal, so it survives a restart like any item.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bids, estimates, notifications, siteVisits } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider } from '#server/test/factories';
import {
  dueWorkLeft,
  hasPostgresServer,
  runDueOnAll,
  twoInstancesOnPostgres,
} from '#server/test/two-instances';
import { createSiteVisitsService } from './index.ts';

const HOUR = 3_600_000;
const clock = { now: new Date() };

describe('a proposal nobody answered, on two instances', () => {
  const { apps } = twoInstancesOnPostgres({ now: () => clock.now });

  it.skipIf(!hasPostgresServer)(
    'is cancelled exactly once when its last time starts, and its provider told once',
    { timeout: 60_000 },
    async () => {
      const [a, b] = apps as [NonNullable<(typeof apps)[0]>, NonNullable<(typeof apps)[0]>];
      const db = a.ctx.db;
      const service = createSiteVisitsService(a.ctx);
      const first = new Date(Math.ceil((clock.now.getTime() + 5 * HOUR) / HOUR) * HOUR);
      const last = new Date(first.getTime() + 3 * HOUR);
      const made: { visitId: string; providerId: string; customerId: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const customer = await makeCustomer(db);
        const provider = await makeProvider(db, { plan: 'deluxe' });
        const estimate = await makeEstimate(db, customer, { status: 'posted', now: clock.now });
        await db.update(estimates).set({ zipCode: '10001' }).where(eq(estimates.id, estimate.id));
        await db.insert(bids).values({ estimateId: estimate.id, providerId: provider.id });
        const visit = await service.propose(provider, estimate.id, {
          slots: [
            { start: first.toISOString(), minutes: 60 },
            { start: last.toISOString(), minutes: 60 },
          ],
        });
        made.push({ visitId: visit.id, providerId: provider.id, customerId: customer.id });
      }
      // Answered in time: one chosen (its last slot), one declined, one cancelled; the other three never answered.
      const [chosen, declined, cancelled, ...stale] = made as [(typeof made)[0], ...typeof made];
      await service.choose({ id: chosen.customerId, role: 'customer' }, chosen.visitId, 1);
      await service.decline({ id: declined!.customerId, role: 'customer' }, declined!.visitId, '');
      await service.cancel({ id: cancelled!.providerId, role: 'provider' }, cancelled!.visitId, 'Sick');

      const kinds = ['siteVisitProposalExpiry'] as const;
      const left = () => dueWorkLeft(db, kinds, clock.now);
      const runBoth = () => runDueOnAll([a, b], kinds, () => clock.now);

      // Nothing is due before the last time starts, even after the first one started.
      clock.now = new Date(first.getTime() + 60_000);
      await runBoth();
      expect(await left()).toBe(0);
      clock.now = new Date(last.getTime() + 1);
      await runBoth();
      await runBoth();

      const statuses = await db
        .select({ id: siteVisits.id, status: siteVisits.status, reason: siteVisits.cancelReason })
        .from(siteVisits)
        .where(
          inArray(
            siteVisits.id,
            made.map((m) => m.visitId),
          ),
        );
      const byId = new Map(statuses.map((s) => [s.id, [s.status, s.reason]]));
      expect(byId.get(chosen.visitId)).toEqual(['confirmed', null]);
      expect(byId.get(declined!.visitId)).toEqual(['declined', null]);
      expect(byId.get(cancelled!.visitId)).toEqual(['cancelled', 'Sick']);
      for (const s of stale) {
        expect(byId.get(s.visitId)).toEqual([
          'cancelled',
          'No time was chosen before the proposed times passed',
        ]);
      }
      const told = await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, 'site_visit_cancelled'),
            inArray(
              notifications.userId,
              made.map((m) => m.providerId),
            ),
          ),
        );
      expect(told.map((n) => n.userId).sort()).toEqual(stale.map((s) => s.providerId).sort());
    },
  );
});
