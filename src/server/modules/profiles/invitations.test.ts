// Invitations to bid through HTTP on the real app and database (decision 0046): a draft posted first (and the
// posting's own rules applied), a pro whose plan does not open the category refused with the reason, a second
// invitation of the same pro refused, another's estimate 404, a closed estimate 409 naming its state, and the
// providerInvited event published once the invitation is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppEvents } from '#server/core/app-events';
import { estimateInvitations, estimates } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { INVITATION_MESSAGES } from './invitations.service.ts';

let t: TestApp;
const invited: AppEvents['providerInvited'][] = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  t.app.ctx.events.afterCommit('providerInvited', (p) => void invited.push(p));
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;

async function invite(user: TestUser, estimateId: string, providerId: string) {
  return call(
    t.app,
    { method: 'POST', url: `/api/estimates/${estimateId}/invitations`, payload: { providerId } },
    await loginAs(t.app, user),
  );
}

const statusOf = async (id: string) =>
  (await db().select({ s: estimates.status }).from(estimates).where(eq(estimates.id, id)))[0]?.s;
const invitationsOf = (id: string) =>
  db().select().from(estimateInvitations).where(eq(estimateInvitations.estimateId, id));

describe('POST /api/estimates/{id}/invitations', () => {
  it('posts a draft first, stores the invitation and tells the pro; a second invitation of the pro is a 409', async () => {
    const owner = await makeCustomer(db(), { firstName: 'Olivia', lastName: 'Nguyen' });
    const pro = await makeProvider(db(), { plan: 'deluxe', firstName: 'Dana', lastName: 'Kowalski' });
    const draft = await makeEstimate(db(), owner, { category: 'kitchen', title: 'New kitchen' });
    invited.length = 0;

    const res = await invite(owner, draft.id, pro.id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), estimateId: draft.id, providerId: pro.id, posted: true });
    expect(await statusOf(draft.id)).toBe('posted');
    expect(await invitationsOf(draft.id)).toEqual([
      expect.objectContaining({ id: body.id, providerId: pro.id, customerId: owner.id }),
    ]);
    expect(invited).toEqual([
      expect.objectContaining({
        invitationId: body.id,
        estimateId: draft.id,
        estimateTitle: 'New kitchen',
        providerId: pro.id,
        customerId: owner.id,
        customerName: 'Olivia N.',
      }),
    ]);

    const again = await invite(owner, draft.id, pro.id);
    expect([again.statusCode, again.json().error]).toEqual([409, INVITATION_MESSAGES.duplicate('Dana K.')]);
    // A second pro to the now posted estimate: nothing is posted this time.
    const second = await makeProvider(db(), { plan: 'enterprise' });
    const res2 = await invite(owner, draft.id, second.id);
    expect(res2.json()).toMatchObject({ posted: false });
    expect(invited).toHaveLength(2);
  });

  it("refuses a pro whose plan does not open the estimate's category, or who has no plan, and posts nothing", async () => {
    const owner = await makeCustomer(db());
    // A starter plan opens only its one task's category: flooring, not the kitchen estimate's.
    const starter = await makeProvider(db(), {
      plan: 'starter',
      firstName: 'Sam',
      lastName: 'Ortiz',
      selectedTasks: ['flooring'],
    });
    const free = await makeProvider(db(), { plan: 'free', firstName: 'Fay', lastName: 'Lee' });
    const lapsed = await makeProvider(db(), {
      plan: 'deluxe',
      billing: 'expired-trial',
      firstName: 'Lu',
      lastName: 'Ma',
    });
    const draft = await makeEstimate(db(), owner, { category: 'kitchen' });

    const refused = await invite(owner, draft.id, starter.id);
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      INVITATION_MESSAGES.category('Sam O.', 'Kitchen'),
    ]);
    expect(refused.json().error).toBe("Sam O.'s plan does not include Kitchen");
    for (const [p, name] of [
      [free, 'Fay L.'],
      [lapsed, 'Lu M.'],
    ] as const) {
      const res = await invite(owner, draft.id, p.id);
      expect([res.statusCode, res.json().error]).toEqual([409, INVITATION_MESSAGES.noPlan(name)]);
    }
    expect(await statusOf(draft.id)).toBe('draft');
    expect(await invitationsOf(draft.id)).toEqual([]);
  });

  it("answers 404 for another's estimate, an unknown pro, a customer as the pro, and 409 naming a closed estimate's state", async () => {
    const owner = await makeCustomer(db());
    const other = await makeCustomer(db());
    const admin = await makeAdmin(db());
    const pro = await makeProvider(db(), { plan: 'deluxe' });
    const posted = await makeEstimate(db(), owner, { status: 'posted' });

    for (const who of [other, admin]) {
      const res = await invite(who, posted.id, pro.id);
      expect([res.statusCode, res.json().error]).toEqual([404, INVITATION_MESSAGES.estimateNotFound]);
    }
    expect((await invite(owner, crypto.randomUUID(), pro.id)).statusCode).toBe(404);
    expect((await invite(owner, posted.id, crypto.randomUUID())).statusCode).toBe(404);
    expect((await invite(owner, posted.id, other.id)).statusCode).toBe(404);
    expect((await invite(owner, posted.id, 'not-a-uuid')).statusCode).toBe(400);

    for (const status of ['hired', 'completed', 'cancelled'] as const) {
      const e = await makeEstimate(db(), owner, { status: 'posted' });
      await db().update(estimates).set({ status }).where(eq(estimates.id, e.id));
      const res = await invite(owner, e.id, pro.id);
      expect([res.statusCode, res.json().error]).toEqual([409, INVITATION_MESSAGES.closed(status)]);
    }
    expect(await invitationsOf(posted.id)).toEqual([]);

    // A provider or a signed-out caller cannot invite at all.
    expect((await invite(pro, posted.id, pro.id)).statusCode).toBe(403);
    const anon = await call(t.app, {
      method: 'POST',
      url: `/api/estimates/${posted.id}/invitations`,
      payload: { providerId: pro.id },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("applies the posting's own rules to a draft: an unverified owner is refused and nothing is stored", async () => {
    const owner = await makeCustomer(db(), { verified: false });
    const pro = await makeProvider(db(), { plan: 'deluxe' });
    const draft = await makeEstimate(db(), owner, { category: 'kitchen' });
    const res = await invite(owner, draft.id, pro.id);
    expect(res.statusCode).toBe(403);
    expect(await statusOf(draft.id)).toBe('draft');
    expect(await invitationsOf(draft.id)).toEqual([]);
  });
});
