// Site visits left open by something that can no longer happen end (decision 0049, "Around the edges"): a
// proposal none of whose times was chosen before the last one started is cancelled by the scheduled work and its
// provider told, and may propose again; a slot already started cannot be chosen; unposting, closing or deleting
// the estimate and closing an account cancel its proposed and confirmed visits and tell the other party, leaving
// a visit on another estimate alone. Through the real routes on the real app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteVisit, SiteVisitList } from '#domain/schemas/site-visit.schema';
import { bids } from '#server/db/schema/index';
import { makeAdmin, type TestUser } from '#server/test/factories';
import { siteVisitSteps } from '#server/test/site-visits';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const { db, setClock, as, austinJob, bidder, inHours, proposed, toldTo } = siteVisitSteps(() => t);

/** What the user's visit list says of these visits: status, who cancelled, why. */
async function seen(user: TestUser, estimateId: string) {
  const res = await as(user, 'GET', `/api/site-visits?estimateId=${estimateId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SiteVisitList>().items.map((v) => [v.id, v.status, v.cancelledBy, v.cancelReason]);
}

describe('a proposal nobody answered', () => {
  it('a slot that has started cannot be chosen; when the last one starts the proposal is cancelled once, the provider is told and may propose again', async () => {
    const { owner, estimate } = await austinJob();
    const p = await bidder(estimate.id);
    const first = inHours(5);
    const last = inHours(8);
    const visit = await proposed(p, estimate.id, [
      { start: first, minutes: 60 },
      { start: last, minutes: 60 },
    ]);
    // Two more, answered in time, which the expiry leaves alone.
    const { estimate: e2 } = await austinJob('Roof', owner);
    const { estimate: e3 } = await austinJob('Porch', owner);
    await db()
      .insert(bids)
      .values([
        { estimateId: e2.id, providerId: p.id },
        { estimateId: e3.id, providerId: p.id },
      ]);
    const chosen = await proposed(p, e2.id, [{ start: inHours(12), minutes: 60 }]);
    const declined = await proposed(p, e3.id, [{ start: inHours(7), minutes: 60 }]);
    expect((await as(owner, 'POST', `/api/site-visits/${chosen.id}/choose`, { slot: 0 })).statusCode).toBe(
      200,
    );
    expect(
      (await as(owner, 'POST', `/api/site-visits/${declined.id}/decline`, { note: '' })).statusCode,
    ).toBe(200);

    const saved = t.clock.now;
    try {
      setClock(new Date(Date.parse(first) + 60_000));
      await t.app.ctx.work.runDue();
      const late = await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 0 });
      expect(late.statusCode).toBe(400);
      expect(late.json<{ error: string; fields: Record<string, string> }>().fields).toEqual({
        slot: 'A visit must start in the future',
      });
      expect(await seen(p, estimate.id)).toEqual([[visit.id, 'proposed', null, null]]);

      setClock(new Date(Date.parse(last) + 60_000));
      await t.app.ctx.work.runDue();
      await t.app.ctx.work.runDue();
      expect(await seen(p, estimate.id)).toEqual([
        [visit.id, 'cancelled', null, 'No time was chosen before the proposed times passed'],
      ]);
      expect(await seen(owner, estimate.id)).toEqual([
        [visit.id, 'cancelled', null, 'No time was chosen before the proposed times passed'],
      ]);
      const told = await toldTo(p, 'site_visit_cancelled');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: 'No time was chosen for your site visit',
        link: `/estimates/${estimate.id}`,
        actorName: null,
      });
      expect(told[0]!.body).toContain('Propose new times');
      expect(await toldTo(owner, 'site_visit_cancelled')).toEqual([]);
      expect((await seen(p, e2.id))[0]?.[1]).toBe('confirmed');
      expect((await seen(p, e3.id))[0]?.[1]).toBe('declined');
      const again = await proposed(p, estimate.id, [{ start: inHours(48), minutes: 60 }]);
      expect(again.status).toBe('proposed');
      const late2 = await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 1 });
      expect(late2.statusCode).toBe(409);
    } finally {
      setClock(saved);
    }
  });
});

/** A posted job with a proposed visit (one provider) and a confirmed one (another), and one elsewhere. */
async function jobWithVisits(title: string) {
  const { owner, estimate } = await austinJob(title);
  const proposer = await bidder(estimate.id, 'Proposer Co');
  const booker = await bidder(estimate.id, 'Booked Co');
  const open = await proposed(proposer, estimate.id);
  const booked = await proposed(booker, estimate.id);
  expect((await as(owner, 'POST', `/api/site-visits/${booked.id}/choose`, { slot: 0 })).statusCode).toBe(200);
  // The same provider's visit on another customer's job stays.
  const { owner: otherOwner, estimate: elsewhere } = await austinJob('Elsewhere');
  await db().insert(bids).values({ estimateId: elsewhere.id, providerId: proposer.id });
  const untouched = await proposed(proposer, elsewhere.id);
  return { owner, estimate, proposer, booker, open, booked, otherOwner, elsewhere, untouched };
}

describe('the estimate stops being open to visits', () => {
  for (const [how, act, reason] of [
    [
      'unposted',
      (u: TestUser, id: string) => as(u, 'PUT', `/api/estimates/${id}/status`, { status: 'draft' }),
      'The customer unposted the job',
    ],
    [
      'closed',
      (u: TestUser, id: string) => as(u, 'PUT', `/api/estimates/${id}/status`, { status: 'cancelled' }),
      'The customer closed the job',
    ],
    [
      'deleted',
      (u: TestUser, id: string) => as(u, 'DELETE', `/api/estimates/${id}`),
      'The customer deleted the job',
    ],
  ] as const) {
    it(`${how}: its proposed and confirmed visits are cancelled by the customer and each provider is told`, async () => {
      const j = await jobWithVisits(`Job ${how}`);
      const res = await act(j.owner, j.estimate.id);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await seen(j.proposer, j.estimate.id)).toEqual([[j.open.id, 'cancelled', 'customer', reason]]);
      expect(await seen(j.booker, j.estimate.id)).toEqual([[j.booked.id, 'cancelled', 'customer', reason]]);
      for (const p of [j.proposer, j.booker]) {
        const told = await toldTo(p, 'site_visit_cancelled');
        expect(told).toHaveLength(1);
        expect(told[0]).toMatchObject({ title: 'Nora O. cancelled the site visit', actorName: 'Nora O.' });
        expect(told[0]!.body).toContain(reason);
      }
      expect(await seen(j.proposer, j.elsewhere.id)).toEqual([[j.untouched.id, 'proposed', null, null]]);
      // The reminder and the end of the cancelled booking do nothing.
      await t.app.ctx.work.runDue();
      expect((await seen(j.booker, j.estimate.id))[0]?.[1]).toBe('cancelled');
    });
  }

  it('a proposal sent while the job is unposted is either refused or cancelled: never left open', async () => {
    for (let i = 0; i < 6; i++) {
      const { owner, estimate } = await austinJob(`Race ${i}`);
      const p = await bidder(estimate.id);
      await as(owner, 'GET', '/api/site-visits');
      await as(p, 'GET', '/api/site-visits');
      const [proposal, unpost] = await Promise.all([
        as(p, 'POST', `/api/estimates/${estimate.id}/site-visits`, {
          slots: [{ start: inHours(72), minutes: 60 }],
        }),
        as(owner, 'PUT', `/api/estimates/${estimate.id}/status`, { status: 'draft' }),
      ]);
      expect(unpost.statusCode, unpost.body).toBe(200);
      if (proposal.statusCode === 201) {
        expect(await seen(p, estimate.id)).toEqual([
          [proposal.json<SiteVisit>().id, 'cancelled', 'customer', 'The customer unposted the job'],
        ]);
      } else {
        expect(proposal.statusCode, proposal.body).toBe(409);
        expect(await seen(p, estimate.id)).toEqual([]);
      }
    }
  });

  it('a repost after the unpost lets the provider propose again', async () => {
    const j = await jobWithVisits('Job reposted');
    await as(j.owner, 'PUT', `/api/estimates/${j.estimate.id}/status`, { status: 'draft' });
    const again = await as(j.owner, 'PUT', `/api/estimates/${j.estimate.id}/status`, { status: 'posted' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await proposed(j.proposer, j.estimate.id)).status).toBe('proposed');
  });
});

describe('an account closed', () => {
  it('the customer closing their account cancels their visits and tells each provider', async () => {
    const j = await jobWithVisits('Job of a closed account');
    const res = await as(j.owner, 'POST', '/api/account/cancel');
    expect(res.statusCode, res.body).toBe(200);
    const reason = 'The customer closed their account';
    expect(await seen(j.proposer, j.estimate.id)).toEqual([[j.open.id, 'cancelled', 'customer', reason]]);
    expect(await seen(j.booker, j.estimate.id)).toEqual([[j.booked.id, 'cancelled', 'customer', reason]]);
    for (const p of [j.proposer, j.booker]) {
      const told = await toldTo(p, 'site_visit_cancelled');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: 'Site visit cancelled', actorName: null });
      expect(told[0]!.body).toContain(reason);
    }
    expect(await seen(j.proposer, j.elsewhere.id)).toEqual([[j.untouched.id, 'proposed', null, null]]);
  });

  it('an admin deleting a provider cancels their visits and tells the customer', async () => {
    const j = await jobWithVisits('Job of a deleted provider');
    const admin = await makeAdmin(db());
    const res = await as(admin, 'DELETE', `/api/admin/users/${j.proposer.id}?mode=soft`);
    expect(res.statusCode, res.body).toBe(200);
    const reason = 'The provider closed their account';
    expect(await seen(j.owner, j.estimate.id)).toEqual(
      expect.arrayContaining([
        [j.open.id, 'cancelled', 'provider', reason],
        [j.booked.id, 'confirmed', null, null],
      ]),
    );
    expect(await seen(j.otherOwner, j.elsewhere.id)).toEqual([
      [j.untouched.id, 'cancelled', 'provider', reason],
    ]);
    const told = await toldTo(j.owner, 'site_visit_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Site visit cancelled', actorName: null });
    expect(told[0]!.body).toContain(reason);
    expect(await toldTo(j.booker, 'site_visit_cancelled')).toEqual([]);
  });

  it('an admin removing a provider for good tells the customer their visit is off', async () => {
    const j = await jobWithVisits('Job of a removed provider');
    const admin = await makeAdmin(db());
    const res = await as(admin, 'DELETE', `/api/admin/users/${j.booker.id}?mode=hard`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await seen(j.owner, j.estimate.id)).toEqual([[j.open.id, 'proposed', null, null]]);
    const told = await toldTo(j.owner, 'site_visit_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('The provider closed their account');
  });
});
