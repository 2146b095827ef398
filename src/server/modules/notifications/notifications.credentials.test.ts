// The kinds of pro profiles (decision 0046), each from its event on the real app and database: an admin's verdict
// on a credential (credential_reviewed, a denial with the admin's comment), a credential about to expire
// (credential_expiring) and a customer's invitation to bid (invited_to_bid). Each goes to the provider alone,
// linked to where it is acted on; a closed account is told nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvents } from '#server/core/app-events';
import { notifications, providerCredentials, users } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.app.ctx.db;

const toldTo = (user: TestUser, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, kind)));

async function publish<K extends keyof AppEvents>(name: K, payload: AppEvents[K]) {
  const { events } = t.app.ctx;
  await events.transaction((tx) => events.publish(tx, name, payload));
}

async function credential(p: TestUser, kind: 'license' | 'insurance') {
  const [row] = await db()
    .insert(providerCredentials)
    .values({
      providerId: p.id,
      kind,
      expiresOn: '2027-08-31',
      documentType: 'application/pdf',
      documentBytes: 8,
      document: Buffer.from('%PDF-1.4'),
      ...(kind === 'license'
        ? { state: 'FL', number: 'CGC1234567', trade: 'General contractor' }
        : { insurer: 'Acme Mutual', policyNumber: 'GL-77', coverageAmount: 1_000_000 }),
    })
    .returning({ id: providerCredentials.id });
  return row!.id;
}

describe('credential_reviewed', () => {
  it('tells the provider of an approval, and of a denial with the comment, by "HomeFix admin"', async () => {
    const p = await makeProvider(db());
    const admin = await makeAdmin(db(), { firstName: 'Alice', lastName: 'Root' });
    const license = await credential(p, 'license');
    const insurance = await credential(p, 'insurance');
    const at = new Date();
    await publish('credentialReviewed', {
      credentialId: license,
      providerId: p.id,
      reviewerId: admin.id,
      kind: 'license',
      status: 'approved',
      comment: '',
      at,
    });
    await publish('credentialReviewed', {
      credentialId: insurance,
      providerId: p.id,
      reviewerId: admin.id,
      kind: 'insurance',
      status: 'denied',
      comment: 'The policy has lapsed.',
      at,
    });
    const told = await toldTo(p, 'credential_reviewed');
    expect(told.map((n) => [n.title, n.link, n.actorName])).toEqual(
      expect.arrayContaining([
        ['License verified', '/provider/credentials', 'HomeFix admin'],
        ['Insurance not approved', '/provider/credentials', 'HomeFix admin'],
      ]),
    );
    const denied = told.find((n) => n.title === 'Insurance not approved')!;
    expect(denied.body).toContain('Your insurance policy #GL-77 with Acme Mutual was not approved');
    expect(denied.body).toContain('The policy has lapsed.');
    expect(told.find((n) => n.title === 'License verified')!.body).toContain(
      'Your Florida license #CGC1234567 was checked and approved',
    );
    expect(told.every((n) => !`${n.title} ${n.body}`.includes('Alice'))).toBe(true);
  });
});

describe('credential_expiring', () => {
  it('names the license, its number and expiry; a closed account is told nothing', async () => {
    const p = await makeProvider(db());
    const id = await credential(p, 'license');
    await publish('credentialExpiring', {
      credentialId: id,
      providerId: p.id,
      kind: 'license',
      expiresOn: '2027-08-31',
      daysBefore: 30,
      at: new Date(),
    });
    expect(await toldTo(p, 'credential_expiring')).toEqual([
      expect.objectContaining({
        title: 'Your license expires in 30 days',
        body: 'Your Florida license #CGC1234567 expires on 2027-08-31: upload the renewed one.',
        link: '/provider/credentials',
        actorName: null,
      }),
    ]);

    const closed = await makeProvider(db());
    const closedId = await credential(closed, 'license');
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.id));
    await publish('credentialExpiring', {
      credentialId: closedId,
      providerId: closed.id,
      kind: 'license',
      expiresOn: '2027-08-31',
      daysBefore: 7,
      at: new Date(),
    });
    expect(await toldTo(closed, 'credential_expiring')).toEqual([]);
  });
});

describe('invited_to_bid', () => {
  it('tells the invited provider, linked to the estimate as a new posting is, by the customer', async () => {
    const p = await makeProvider(db());
    const customer = await makeCustomer(db(), { firstName: 'Nora', lastName: 'Owner' });
    const estimate = await makeEstimate(db(), customer, { status: 'posted', title: 'Porch steps' });
    await publish('providerInvited', {
      invitationId: '00000000-0000-4000-8000-000000000001',
      estimateId: estimate.id,
      estimateTitle: 'Porch steps',
      providerId: p.id,
      customerId: customer.id,
      customerName: 'Nora O.',
      at: new Date(),
    });
    expect(await toldTo(p, 'invited_to_bid')).toEqual([
      expect.objectContaining({
        estimateId: estimate.id,
        link: `/estimates/${estimate.id}`,
        actorName: 'Nora O.',
        title: 'Nora O. invited you to bid',
        body: 'Nora O. invited you to bid on "Porch steps"',
        priority: true,
      }),
    ]);
    expect(await toldTo(customer, 'invited_to_bid')).toEqual([]);
  });
});
