// The badges read (decision 0046): only approved credentials through their expiry day show, licenses before
// insurance, several providers in one call, and a lapsed one gone the day after expiry by the date alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerCredentials } from '#server/db/schema/index';
import { makeProvider, type TestUser } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { activeBadgesFor } from './badges.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.app.ctx.db;

const reviewedAt = new Date('2026-11-20T15:00:00Z');
async function credential(
  p: TestUser,
  kind: 'license' | 'insurance',
  status: 'pending' | 'approved' | 'denied',
  expiresOn: string,
) {
  await db()
    .insert(providerCredentials)
    .values({
      providerId: p.id,
      kind,
      status,
      expiresOn,
      documentType: 'application/pdf',
      documentBytes: 10,
      document: Buffer.from('%PDF-1.4'),
      reviewedAt: status === 'pending' ? null : reviewedAt,
      ...(kind === 'license'
        ? { state: 'FL', number: 'CGC1234567', trade: 'General contractor' }
        : { insurer: 'Acme Mutual', policyNumber: 'P-1', coverageAmount: 1_000_000 }),
    });
}

describe('activeBadgesFor', () => {
  it('shows approved credentials through their expiry day, licenses first, for several providers at once', async () => {
    const a = await makeProvider(db());
    const b = await makeProvider(db());
    const none = await makeProvider(db());
    await credential(a, 'insurance', 'approved', '2027-08-31');
    await credential(a, 'license', 'approved', '2027-06-30');
    await credential(a, 'license', 'pending', '2028-01-01');
    await credential(a, 'license', 'denied', '2028-01-01');
    await credential(b, 'license', 'approved', '2026-12-31');

    const map = await activeBadgesFor(db(), [a.id, b.id, none.id], '2026-12-31');
    expect(map.get(a.id)).toEqual([
      {
        kind: 'license',
        state: 'FL',
        number: 'CGC1234567',
        trade: 'General contractor',
        coverageAmount: null,
        expiresOn: '2027-06-30',
        verifiedAt: reviewedAt.toISOString(),
      },
      {
        kind: 'insurance',
        state: null,
        number: null,
        trade: null,
        coverageAmount: 1_000_000,
        expiresOn: '2027-08-31',
        verifiedAt: reviewedAt.toISOString(),
      },
    ]);
    // The last day it shows is the expiry date itself.
    expect(map.get(b.id)?.map((x) => x.expiresOn)).toEqual(['2026-12-31']);
    expect(map.has(none.id)).toBe(false);

    // The next day b's badge is gone, with nothing having run.
    const next = await activeBadgesFor(db(), [a.id, b.id], '2027-01-01');
    expect(next.has(b.id)).toBe(false);
    expect(next.get(a.id)).toHaveLength(2);
  });

  it('answers an empty map for no providers', async () => {
    expect((await activeBadgesFor(db(), [], '2026-12-31')).size).toBe(0);
  });
});
