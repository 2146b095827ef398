// Site visits through the real routes on the real app and database (decision 0049): a bidder proposes slots, the
// owner chooses one and both parties find the mail with the calendar invite (parsed back with ical.js: the right
// UTC start, the job's zone named, no street address until 24 hours before) and a notification; the reminder once;
// cancel, decline, no-show and dispute with their refusals; a hire cancels the other bidders' visits; the list.
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteVisit, SiteVisitList } from '#domain/schemas/site-visit.schema';
import { bids, estimates, mailOutbox } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeProvider } from '#server/test/factories';
import { call } from '#server/test/login';
import { siteVisitSteps } from '#server/test/site-visits';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const { db, setClock, as, austinJob, bidder, inHours, propose, proposed, toldTo } = siteVisitSteps(() => t);

/** The site visit mails (with their invite) to the person, oldest first; notification mails left out. */
const mailTo = async (user: { email: string }) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email)))
    .filter((m) => m.subject.startsWith('Site visit'))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

function parseInvite(ics: string) {
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    startUtc: event.startDate.toJSDate().toISOString(),
    endUtc: event.endDate.toJSDate().toISOString(),
    startIsUtc: event.startDate.zone?.tzid === 'UTC',
    summary: event.summary,
    location: event.location,
    description: event.description,
    uid: event.uid,
  };
}

describe('proposing slots', () => {
  it('a bidder proposes up to three slots: the visit is proposed in the job’s time zone and the customer is told', async () => {
    const { owner, estimate } = await austinJob();
    const p = await bidder(estimate.id);
    const slots = [
      { start: inHours(48), minutes: 60 },
      { start: inHours(72), minutes: 90 },
      { start: inHours(96), minutes: 30 },
    ];
    const visit = await proposed(p, estimate.id, slots);
    expect(visit).toMatchObject({
      status: 'proposed',
      estimateId: estimate.id,
      timeZone: 'America/Chicago',
      city: 'Austin, TX',
      side: 'provider',
      chosenSlot: null,
      startsAt: null,
      provider: { id: p.id, name: 'Acme Repairs' },
      customer: { id: owner.id, name: 'Nora O.' },
    });
    expect(visit.id).toEqual(expect.any(String));
    expect(visit.slots).toEqual(slots);
    expect(JSON.stringify(visit)).not.toContain('Elm Street');
    const told = await toldTo(owner, 'site_visit_proposed');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Acme Repairs proposed 3 times for a site visit',
      link: `/estimates/${estimate.id}`,
      actorName: 'Acme Repairs',
    });
  });

  it('the job’s time zone is its ZIP code’s, where the ZIP code prefix’s would be another', async () => {
    // Beverly Shores, IN (46301) keeps Central time; most of its prefix (463) is on Eastern time.
    const { estimate } = await austinJob('Lakeside deck');
    await db()
      .update(estimates)
      .set({ zipCode: '46301', city: 'Beverly Shores', state: 'IN' })
      .where(eq(estimates.id, estimate.id));
    const p = await bidder(estimate.id);
    expect((await proposed(p, estimate.id)).timeZone).toBe('America/Chicago');
  });

  it('refuses bad slots with a 400 naming the field', async () => {
    const { estimate } = await austinJob();
    const p = await bidder(estimate.id);
    const cases: [object[], string, string][] = [
      [[], 'slots', 'Propose 1 to 3 time slots'],
      [
        [0, 1, 2, 3].map((i) => ({ start: inHours(24 + i), minutes: 60 })),
        'slots',
        'Propose 1 to 3 time slots',
      ],
      [[{ start: inHours(24), minutes: 20 }], 'slots.0.minutes', 'A visit lasts 30 to 240 minutes'],
      [[{ start: inHours(24), minutes: 241 }], 'slots.0.minutes', 'A visit lasts 30 to 240 minutes'],
      [[{ start: inHours(-2), minutes: 60 }], 'slots.0.start', 'A visit must start in the future'],
      [
        [{ start: inHours(61 * 24), minutes: 60 }],
        'slots.0.start',
        'A visit must start within the next 60 days',
      ],
      [
        [
          { start: inHours(24), minutes: 60 },
          { start: inHours(24), minutes: 30 },
        ],
        'slots.1.start',
        'Two slots start at the same time',
      ],
      [[{ start: 'next tuesday', minutes: 60 }], 'slots.0.start', 'Use an ISO 8601'],
    ];
    for (const [slots, field, message] of cases) {
      const res = await propose(p, estimate.id, slots as { start: string; minutes: number }[]);
      expect(res.statusCode, JSON.stringify(slots)).toBe(400);
      const body = res.json<{ error: string; fields?: Record<string, string> }>();
      expect(body.fields?.[field], res.body).toContain(message);
    }
    // A slot exactly 60 days ahead is in.
    const edge = new Date(t.clock.now.getTime() + 60 * DAY).toISOString();
    expect((await propose(p, estimate.id, [{ start: edge, minutes: 30 }])).statusCode).toBe(201);
  });

  it('only a bidder with a pending bid, one open proposal per provider and job', async () => {
    const { owner, estimate } = await austinJob();
    const p = await bidder(estimate.id);
    const stranger = await makeProvider(db(), { plan: 'deluxe' });
    expect((await propose(stranger, estimate.id, [{ start: inHours(30), minutes: 60 }])).statusCode).toBe(
      404,
    );
    expect((await propose(owner, estimate.id, [{ start: inHours(30), minutes: 60 }])).statusCode).toBe(403);
    const first = await proposed(p, estimate.id);
    const again = await propose(p, estimate.id, [{ start: inHours(30), minutes: 60 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('already have an open visit proposal');
    // Once cancelled, a new proposal may follow.
    expect(
      (await as(p, 'POST', `/api/site-visits/${first.id}/cancel`, { reason: 'Wrong week' })).statusCode,
    ).toBe(200);
    await proposed(p, estimate.id);
  });
});

describe('choosing a slot', () => {
  it('confirms it; both parties get the mail with the invite at once (UTC start, zone named, no address yet) and are told in the app', async () => {
    const { owner, estimate } = await austinJob('Bathroom tiles');
    const p = await bidder(estimate.id);
    const slots = [
      { start: inHours(50), minutes: 60 },
      { start: inHours(74), minutes: 90 },
    ];
    const visit = await proposed(p, estimate.id, slots);

    expect((await as(p, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 1 })).statusCode).toBe(403);
    const other = await makeCustomer(db());
    expect((await as(other, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 1 })).statusCode).toBe(
      404,
    );
    const admin = await makeAdmin(db());
    expect((await as(admin, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 1 })).statusCode).toBe(
      404,
    );
    const bad = await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.slot).toBe(
      'Choose one of the proposed slots',
    );

    const res = await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const chosen = res.json<SiteVisit>();
    expect(chosen).toMatchObject({
      id: visit.id,
      status: 'confirmed',
      chosenSlot: 1,
      startsAt: slots[1]!.start,
      side: 'customer',
    });
    expect((await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 0 })).statusCode).toBe(
      409,
    );

    await t.app.ctx.work.runDue();
    await t.app.ctx.mailer.idle();
    for (const person of [owner, p]) {
      const mails = await mailTo(person);
      expect(mails.map((m) => m.subject)).toEqual([
        expect.stringMatching(
          /^Site visit booked: Bathroom tiles, \w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M C[SD]T$/,
        ),
      ]);
      const attachment = mails[0]!.attachments?.[0];
      expect(attachment).toMatchObject({ filename: 'site-visit.ics' });
      expect(attachment!.contentType).toMatch(/^text\/calendar/);
      const invite = parseInvite(attachment!.content);
      expect(invite.startUtc).toBe(slots[1]!.start);
      expect(invite.endUtc).toBe(new Date(Date.parse(slots[1]!.start) + 90 * 60_000).toISOString());
      expect(invite.startIsUtc).toBe(true);
      expect(invite.summary).toBe('Site visit: Bathroom tiles');
      expect(invite.location).toBe('Austin, TX');
      expect(invite.description).toContain('America/Chicago');
      expect(invite.description).not.toContain('Elm Street');
      expect(mails[0]!.text).not.toContain('Elm Street');
      const told = await toldTo(person, 'site_visit_confirmed');
      expect(told).toHaveLength(1);
      // The invite mail is the notification's mail: the notification gets none of its own.
      expect(told[0]!.emailState).toBe('none');
    }
    // Run again: nothing more is sent.
    await t.app.ctx.work.runDue();
    await t.app.ctx.mailer.idle();
    expect(await mailTo(owner)).toHaveLength(1);
  });

  it('the reminder 24 hours before: once, to both, with the street address in the invite; none for a cancelled visit', async () => {
    const { owner, estimate } = await austinJob('Deck repair');
    const p = await bidder(estimate.id);
    const start = inHours(24 * 5);
    const visit = await proposed(p, estimate.id, [{ start, minutes: 120 }]);
    await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 0 });
    const { owner: owner2, estimate: estimate2 } = await austinJob('Fence');
    const p2 = await bidder(estimate2.id);
    const cancelled = await proposed(p2, estimate2.id, [{ start, minutes: 60 }]);
    await as(owner2, 'POST', `/api/site-visits/${cancelled.id}/choose`, { slot: 0 });
    await t.app.ctx.work.runDue();
    await t.app.ctx.mailer.idle();
    await as(p2, 'POST', `/api/site-visits/${cancelled.id}/cancel`, { reason: 'Van broke down' });

    const saved = t.clock.now;
    try {
      setClock(new Date(Date.parse(start) - 24 * HOUR + 60_000));
      await t.app.ctx.work.runDue();
      await t.app.ctx.mailer.idle();
      await t.app.ctx.work.runDue();
      await t.app.ctx.mailer.idle();
    } finally {
      setClock(saved);
    }
    for (const person of [owner, p]) {
      const mails = await mailTo(person);
      // (The development outbox keeps a day of mail: the booking's mail of four days ago is gone.)
      expect(mails.map((m) => m.subject.split(':')[0])).toEqual(['Site visit tomorrow']);
      const invite = parseInvite(mails[0]!.attachments![0]!.content);
      expect(invite.location).toBe('12 Elm Street, Austin, TX');
      expect(invite.startUtc).toBe(start);
      expect(mails[0]!.text).toContain('12 Elm Street');
      expect(await toldTo(person, 'site_visit_reminder')).toHaveLength(1);
    }
    for (const person of [owner2, p2]) {
      expect(await mailTo(person)).toEqual([]);
      expect(await toldTo(person, 'site_visit_reminder')).toEqual([]);
    }
    expect((await toldTo(owner2, 'site_visit_cancelled'))[0]?.body).toContain('Van broke down');
  });
});

describe('declining and cancelling', () => {
  it('the owner declines with a note; the provider is told; a cancel needs a reason; nothing moves twice', async () => {
    const { owner, estimate } = await austinJob();
    const p = await bidder(estimate.id);
    const visit = await proposed(p, estimate.id);
    expect((await as(p, 'POST', `/api/site-visits/${visit.id}/decline`, { note: '' })).statusCode).toBe(403);
    const res = await as(owner, 'POST', `/api/site-visits/${visit.id}/decline`, { note: 'Weekends only' });
    expect(res.json<SiteVisit>()).toMatchObject({ status: 'declined', declineNote: 'Weekends only' });
    expect((await toldTo(p, 'site_visit_declined'))[0]?.body).toContain('Weekends only');
    const cancel = await as(owner, 'POST', `/api/site-visits/${visit.id}/cancel`, { reason: 'x' });
    expect(cancel.statusCode).toBe(409);

    const next = await proposed(p, estimate.id);
    const empty = await as(owner, 'POST', `/api/site-visits/${next.id}/cancel`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.reason).toBe('Say why you cancel');
    const ok = await as(owner, 'POST', `/api/site-visits/${next.id}/cancel`, { reason: 'Found someone' });
    expect(ok.json<SiteVisit>()).toMatchObject({ status: 'cancelled', cancelledBy: 'customer' });
    expect((await toldTo(p, 'site_visit_cancelled'))[0]?.title).toBe('Nora O. cancelled the site visit');
  });

  it('a hire cancels the other bidders’ open visits and tells them; the hired provider’s visit stays', async () => {
    const { owner, estimate } = await austinJob('Roof');
    const hired = await bidder(estimate.id, 'Hired Co');
    const other = await bidder(estimate.id, 'Other Co');
    const mine = await proposed(hired, estimate.id);
    const theirs = await proposed(other, estimate.id);
    const res = await as(owner, 'POST', `/api/estimates/${estimate.id}/bids/${hired.bidId}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    const list = (await as(other, 'GET', `/api/site-visits?estimateId=${estimate.id}`)).json<SiteVisitList>();
    expect(list.items.map((v) => [v.id, v.status, v.cancelledBy, v.cancelReason])).toEqual([
      [theirs.id, 'cancelled', null, 'The customer hired another provider'],
    ]);
    expect((await toldTo(other, 'site_visit_cancelled'))[0]).toMatchObject({
      title: 'Site visit cancelled',
      actorName: null,
    });
    const kept = (await as(hired, 'GET', `/api/site-visits?estimateId=${estimate.id}`)).json<SiteVisitList>();
    expect(kept.items.map((v) => [v.id, v.status])).toEqual([[mine.id, 'proposed']]);
  });
});

describe('a cancelled job', () => {
  it('cancels the hired provider’s open visit on behalf of whoever cancelled, and the other party is told', async () => {
    for (const side of ['customer', 'provider'] as const) {
      const { owner, estimate } = await austinJob(`Fence (${side})`);
      const hired = await bidder(estimate.id, 'Fence Co');
      const visit = await proposed(hired, estimate.id);
      const res = await as(owner, 'POST', `/api/estimates/${estimate.id}/bids/${hired.bidId}/accept`, {});
      expect(res.statusCode, res.body).toBe(200);
      const { jobId } = res.json<{ jobId: string }>();
      const [by, other] = side === 'customer' ? [owner, hired] : [hired, owner];
      const cancel = await as(by, 'POST', `/api/jobs/${jobId}/cancel`, { reason: 'Plans changed' });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const list = (
        await as(other, 'GET', `/api/site-visits?estimateId=${estimate.id}`)
      ).json<SiteVisitList>();
      expect(
        list.items.map((v) => [v.id, v.status, v.cancelledBy, v.cancelReason]),
        side,
      ).toEqual([[visit.id, 'cancelled', side, 'The job was cancelled']]);
      const told = await toldTo(other, 'site_visit_cancelled');
      expect(
        told.map((n) => n.title),
        side,
      ).toEqual([
        side === 'customer' ? 'Nora O. cancelled the site visit' : 'Fence Co cancelled the site visit',
      ]);
      expect(await toldTo(by, 'site_visit_cancelled'), side).toEqual([]);
    }
  });
});

describe('a withdrawn bid', () => {
  it('cancels the provider’s open visit on the job, and the customer is told', async () => {
    const { owner, estimate } = await austinJob('Porch');
    const p = await bidder(estimate.id);
    const visit = await proposed(p, estimate.id);
    const res = await as(p, 'DELETE', `/api/bids/${p.bidId}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await as(owner, 'GET', `/api/site-visits?estimateId=${estimate.id}`)).json<SiteVisitList>();
    expect(list.items.map((v) => [v.id, v.status, v.cancelledBy, v.cancelReason])).toEqual([
      [visit.id, 'cancelled', 'provider', 'The provider withdrew their bid'],
    ]);
    expect((await toldTo(owner, 'site_visit_cancelled'))[0]?.title).toBe(
      'Acme Repairs cancelled the site visit',
    );
  });
});

describe('no-shows', () => {
  it('after the visit either party records the other’s no-show once; the other disputes it; the provider’s reputation counts an undisputed one', async () => {
    const reputation = async (id: string) =>
      (await call(t.app, { method: 'GET', url: `/api/providers/${id}/reputation` })).json<{
        noShows: number;
      }>().noShows;
    const { owner, estimate } = await austinJob();
    const p = await bidder(estimate.id);
    const start = inHours(30);
    const visit = await proposed(p, estimate.id, [{ start, minutes: 60 }]);
    const early = await as(owner, 'POST', `/api/site-visits/${visit.id}/no-show`);
    expect(early.statusCode).toBe(409);
    await as(owner, 'POST', `/api/site-visits/${visit.id}/choose`, { slot: 0 });
    expect((await as(owner, 'POST', `/api/site-visits/${visit.id}/no-show`)).statusCode).toBe(409);

    const saved = t.clock.now;
    try {
      setClock(new Date(Date.parse(start) + 61 * 60_000));
      const stranger = await makeCustomer(db());
      expect((await as(stranger, 'POST', `/api/site-visits/${visit.id}/no-show`)).statusCode).toBe(404);
      const res = await as(owner, 'POST', `/api/site-visits/${visit.id}/no-show`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SiteVisit>()).toMatchObject({
        status: 'done',
        noShow: { party: 'provider', disputed: false, disputeNote: null },
      });
      expect((await toldTo(p, 'site_visit_no_show'))[0]?.title).toBe(
        'Nora O. recorded that you did not come',
      );
      expect(await reputation(p.id)).toBe(1);
      const twice = await as(p, 'POST', `/api/site-visits/${visit.id}/no-show`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json<{ error: string }>().error).toBe(
        'A no-show has already been recorded for this visit',
      );

      const wrong = await as(owner, 'POST', `/api/site-visits/${visit.id}/dispute`, {
        note: 'He did not come',
      });
      expect(wrong.statusCode).toBe(409);
      const dispute = await as(p, 'POST', `/api/site-visits/${visit.id}/dispute`, { note: 'I rang twice' });
      expect(dispute.json<SiteVisit>().noShow).toMatchObject({ disputed: true, disputeNote: 'I rang twice' });
      expect((await toldTo(owner, 'site_visit_no_show'))[0]?.body).toContain('I rang twice');
      expect(await reputation(p.id)).toBe(0);
      expect(
        (await as(p, 'POST', `/api/site-visits/${visit.id}/dispute`, { note: 'Again' })).statusCode,
      ).toBe(409);
    } finally {
      setClock(saved);
    }
  });
});

describe('GET /api/site-visits', () => {
  it('lists the caller’s visits, upcoming first (soonest first) then past ones, paginated; nobody else’s', async () => {
    const { owner, estimate } = await austinJob('A');
    const { estimate: e2 } = await austinJob('B');
    const { estimate: e3 } = await austinJob('C');
    const p = await bidder(estimate.id);
    await db()
      .insert(bids)
      .values([
        { estimateId: e2.id, providerId: p.id },
        { estimateId: e3.id, providerId: p.id },
      ]);
    const late = await proposed(p, estimate.id, [{ start: inHours(100), minutes: 60 }]);
    const soon = await proposed(p, e2.id, [{ start: inHours(3), minutes: 60 }]);
    const past = await proposed(p, e3.id, [{ start: inHours(2), minutes: 30 }]);
    const saved = t.clock.now;
    try {
      setClock(new Date(Date.parse(inHours(2)) + 31 * 60_000));
      const all = (await as(p, 'GET', '/api/site-visits')).json<SiteVisitList>();
      expect(all.items.map((v) => v.id)).toEqual([soon.id, late.id, past.id]);
      expect(all.total).toBe(3);
      const page2 = (await as(p, 'GET', '/api/site-visits?page=2&pageSize=2')).json<SiteVisitList>();
      expect(page2.items.map((v) => v.id)).toEqual([past.id]);
      expect(page2.total).toBe(3);
    } finally {
      setClock(saved);
    }
    const ownerList = (await as(owner, 'GET', '/api/site-visits')).json<SiteVisitList>();
    expect(ownerList.items.map((v) => [v.id, v.side])).toEqual([[late.id, 'customer']]);
    const stranger = await makeCustomer(db());
    expect((await as(stranger, 'GET', '/api/site-visits')).json<SiteVisitList>().items).toEqual([]);
    const filtered = (
      await as(p, 'GET', `/api/site-visits?status=proposed&estimateId=${e2.id}`)
    ).json<SiteVisitList>();
    expect(filtered.items.map((v) => v.id)).toEqual([soon.id]);
    const bad = await as(p, 'GET', '/api/site-visits?estimateId=nope');
    expect(bad.statusCode).toBe(400);
  });
});
