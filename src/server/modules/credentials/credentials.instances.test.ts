// The credential reminders on two app instances sharing one PostgreSQL database and one moved clock (decision
// 0046): at 30 and at 7 days before expiry both instances claim the due items at once (their workers' polls and
// the test's own runs), and each approved credential's provider is told exactly once each time; a credential
// edited back to pending after its approval is told nothing; a denied document is deleted once, 90 days on.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysToYmd, utcToday } from '#domain/dates';
import { notifications, providerCredentials } from '#server/db/schema/index';
import { makeAdmin, makeProvider } from '#server/test/factories';
import { hasPostgresServer, runDueOnAll, twoInstancesOnPostgres } from '#server/test/two-instances';
import { createCredentialsService } from './index.ts';

const CREDENTIALS = 6;
const clock = { now: new Date() };

describe('credential reminders on two instances', () => {
  const { apps } = twoInstancesOnPostgres({ now: () => clock.now });

  it.skipIf(!hasPostgresServer)(
    'tells each provider once 30 and once 7 days before; none to an edited credential',
    { timeout: 60_000 },
    async () => {
      const [a, b] = apps as [NonNullable<(typeof apps)[0]>, NonNullable<(typeof apps)[0]>];
      const db = a.ctx.db;
      const service = createCredentialsService(a.ctx);
      const admin = await makeAdmin(db);
      const expiresOn = addDaysToYmd(utcToday(clock.now), 40);
      const providers: string[] = [];
      const edited: string[] = [];
      for (let i = 0; i < CREDENTIALS; i++) {
        const p = await makeProvider(db);
        const [row] = await db
          .insert(providerCredentials)
          .values({
            providerId: p.id,
            kind: 'license',
            state: 'FL',
            number: `CGC${i}`,
            trade: 'General contractor',
            expiresOn,
            documentType: 'application/pdf',
            documentBytes: 8,
            document: Buffer.from('%PDF-1.4'),
          })
          .returning({ id: providerCredentials.id });
        await service.decide(admin, row!.id, { status: 'approved', comment: '' });
        // Every third one is edited back to pending: its reminders find nothing to say.
        if (i % 3 === 0) {
          await service.patch(p, row!.id, { number: `NEW${i}` });
          edited.push(p.id);
        } else {
          providers.push(p.id);
        }
      }
      const kinds = ['credentialReminder'] as const;
      const runBoth = () => runDueOnAll([a, b], kinds, () => clock.now);
      const told = async () =>
        db
          .select({ userId: notifications.userId, title: notifications.title })
          .from(notifications)
          .where(
            and(
              eq(notifications.kind, 'credential_expiring'),
              inArray(notifications.userId, [...providers, ...edited]),
            ),
          );

      await runBoth();
      expect(await told()).toEqual([]);

      clock.now = new Date(`${addDaysToYmd(expiresOn, -30)}T16:00:00Z`);
      await runBoth();
      await runBoth();
      const at30 = await told();
      expect(at30.map((n) => n.userId).sort()).toEqual([...providers].sort());
      expect(new Set(at30.map((n) => n.title))).toEqual(new Set(['Your license expires in 30 days']));

      clock.now = new Date(`${addDaysToYmd(expiresOn, -7)}T16:00:00Z`);
      await runBoth();
      const at7 = (await told()).filter((n) => n.title === 'Your license expires in 7 days');
      expect(at7.map((n) => n.userId).sort()).toEqual([...providers].sort());
      expect(await told()).toHaveLength(providers.length * 2);
    },
  );
});
