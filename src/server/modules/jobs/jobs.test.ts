// Hiring and the job through HTTP on the real app and database: one job however many accepts arrive together, an
// expired quote refused, the agreed price frozen at hire, the customer's address and phone for the hired provider
// only, strangers 404, the wrong party 403, a wrong state 409 naming it, the whole path to completed, reopening,
// change orders and their totals, late cancellation, the timed confirmation, and closing an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppEvents } from '#server/core/app-events';
import { addDays } from '#domain/dates';
import { formatJobDate, todayIn } from '#domain/job-words';
import { BID_MESSAGES } from '#domain/schemas/bid.schema';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { Job, JobListItem } from '#domain/schemas/job.schema';
import { QUOTE_MESSAGES } from '#domain/schemas/quote.schema';
import { bidQuotes, bids, jobs, notifications, scheduledWork } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs as signIn } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { JOB_MESSAGES } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
/** A remembered sign-in: the tests move the clock by days. */
const loginAs = (app: TestApp['app'], user: { id: string }) => signIn(app, user, { persistent: true });
const DAY = 86_400_000;
const ymd = (d: Date) => todayIn('UTC', d);
const get = (cookie: string | undefined, url: string) => call(t.app, { method: 'GET', url }, cookie);
const post = (cookie: string | undefined, url: string, payload?: object) =>
  call(t.app, { method: 'POST', url, ...(payload ? { payload } : {}) }, cookie);

interface Hire {
  customer: TestUser;
  provider: TestUser;
  other: TestUser;
  estimate: Estimate;
  bidId: string;
  otherBidId: string;
  cc: string;
  pc: string;
  oc: string;
}

/** A provider's pending bid, stored as the bid route stores one. */
async function placeBid(estimateId: string, providerId: string) {
  const [row] = await db()
    .insert(bids)
    .values({ estimateId, providerId, createdAt: t.clock.now })
    .returning();
  return row!.id;
}

/** A posted estimate of a customer with an address, two providers' pending bids on it. */
async function withBids(): Promise<Hire> {
  const customer = await makeCustomer(db(), {
    firstName: 'Cora',
    lastName: 'Client',
    address: '12 Elm Street',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    phone: '512-555-0101',
  });
  const estimate = await makeEstimate(db(), customer, { status: 'posted', now: t.clock.now });
  const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Pia Builds' });
  const other = await makeProvider(db(), { plan: 'deluxe' });
  const [cc, pc, oc] = await Promise.all([
    loginAs(t.app, customer),
    loginAs(t.app, provider),
    loginAs(t.app, other),
  ]);
  const bidId = await placeBid(estimate.id, provider.id);
  const otherBidId = await placeBid(estimate.id, other.id);
  return { customer, provider, other, estimate, bidId, otherBidId, cc, pc, oc };
}

const acceptUrl = (h: Hire, bidId = h.bidId) => `/api/estimates/${h.estimate.id}/bids/${bidId}/accept`;

async function hired(price?: number) {
  const h = await withBids();
  const res = await post(h.cc, acceptUrl(h), price === undefined ? undefined : { price });
  expect(res.statusCode).toBe(200);
  return { ...h, jobId: res.json<{ jobId: string }>().jobId };
}

async function quote(bidId: string, revision: number, totalCents: number, validUntil: string) {
  await db().insert(bidQuotes).values({ bidId, revision, lines: [], extras: [], validUntil, totalCents });
}

const job = async (cookie: string, id: string) =>
  (await get(cookie, `/api/jobs/${id}`)).json<{ job: Job }>().job;

/** Hired, a start date `inDays` ahead proposed by the provider and confirmed by the customer. */
async function scheduled(inDays: number) {
  const h = await hired();
  const date = ymd(new Date(t.clock.now.getTime() + inDays * DAY));
  expect((await post(h.pc, `/api/jobs/${h.jobId}/schedule`, { date })).statusCode).toBe(200);
  expect((await post(h.cc, `/api/jobs/${h.jobId}/schedule/confirm`)).statusCode).toBe(200);
  return { ...h, date };
}

async function inProgress() {
  const h = await scheduled(0);
  expect((await post(h.pc, `/api/jobs/${h.jobId}/start`)).statusCode).toBe(200);
  return h;
}

describe('hiring', () => {
  it('two accepts at the same moment make one job; the other caller gets 409', async () => {
    const h = await withBids();
    const results = await Promise.all([
      post(h.cc, acceptUrl(h)),
      post(h.cc, acceptUrl(h, h.otherBidId)),
      post(h.cc, acceptUrl(h)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await db().select().from(jobs).where(eq(jobs.estimateId, h.estimate.id));
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 200)!.json<{ jobId: string; bid: { id: string } }>();
    expect(rows[0]!.id).toBe(winner.jobId);
    expect(rows[0]!.bidId).toBe(winner.bid.id);
    const states = await db()
      .select({ id: bids.id, status: bids.status })
      .from(bids)
      .where(eq(bids.estimateId, h.estimate.id));
    expect(states.filter((b) => b.status === 'accepted')).toEqual([
      { id: winner.bid.id, status: 'accepted' },
    ]);
    expect(states.filter((b) => b.status === 'declined')).toHaveLength(1);
  });

  it('hires in one go: the bid accepted, the others declined, the estimate hired, the job started, both told', async () => {
    const h = await withBids();
    const accepted: AppEvents['bidAccepted'][] = [];
    const declined: AppEvents['bidsDeclined'][] = [];
    const off = [
      t.app.ctx.events.afterCommit('bidAccepted', (p) => void accepted.push(p)),
      t.app.ctx.events.afterCommit('bidsDeclined', (p) => void declined.push(p)),
    ];
    const res = await post(h.cc, acceptUrl(h));
    off.forEach((f) => f());
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; bid: { id: string; status: string }; jobId: string }>();
    expect(body).toMatchObject({ message: BID_MESSAGES.accepted, bid: { id: h.bidId, status: 'accepted' } });
    expect(accepted).toEqual([
      expect.objectContaining({ bidId: h.bidId, providerId: h.provider.id, jobId: body.jobId }),
    ]);
    expect(declined).toEqual([
      expect.objectContaining({ estimateId: h.estimate.id, providerIds: [h.other.id] }),
    ]);
    expect((await get(h.cc, `/api/estimates/${h.estimate.id}`)).json<Estimate>().status).toBe('hired');
    // No longer posted, the estimate stays readable by the provider hired on it (the job page links to it), without
    // the street address; the provider not selected no longer reads it.
    const forHired = await get(h.pc, `/api/estimates/${h.estimate.id}`);
    expect(forHired.statusCode).toBe(200);
    expect(forHired.json<Estimate>()).toMatchObject({ status: 'hired', address: null });
    expect((await get(h.oc, `/api/estimates/${h.estimate.id}`)).statusCode).toBe(404);
    const seen = await job(h.cc, body.jobId);
    expect(seen).toMatchObject({ status: 'hired', estimateId: h.estimate.id, viewerRole: 'customer' });
    expect(seen.timeline).toEqual([expect.objectContaining({ actor: 'customer', event: 'hired' })]);
    // Nothing left to accept.
    expect((await post(h.cc, acceptUrl(h, h.otherBidId))).statusCode).toBe(409);
  });

  it('refuses a quote past its validUntil with 409 saying so, and hires nothing', async () => {
    const h = await withBids();
    await quote(h.bidId, 1, 500_00, ymd(new Date(t.clock.now.getTime() - DAY)));
    const res = await post(h.cc, acceptUrl(h));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_MESSAGES.expired);
    expect(await db().select().from(jobs).where(eq(jobs.estimateId, h.estimate.id))).toEqual([]);
    expect((await get(h.cc, `/api/estimates/${h.estimate.id}`)).json<Estimate>().status).toBe('posted');
    // A quote valid through today is still accepted.
    await quote(h.bidId, 2, 450_00, ymd(t.clock.now));
    expect((await post(h.cc, acceptUrl(h))).statusCode).toBe(200);
  });

  it("freezes the latest quote's total, whatever price the body names", async () => {
    const h = await withBids();
    const valid = ymd(new Date(t.clock.now.getTime() + 10 * DAY));
    await quote(h.bidId, 1, 900_00, valid);
    await quote(h.bidId, 2, 812_34, valid);
    const res = await post(h.cc, acceptUrl(h), { price: 1 });
    const seen = await job(h.cc, res.json<{ jobId: string }>().jobId);
    expect([seen.agreedPrice, seen.total]).toEqual([812.34, 812.34]);
  });

  it('freezes the price the customer confirms for a bid without a quote, else the final estimate', async () => {
    const confirmed = await hired(1234.5);
    expect((await job(confirmed.cc, confirmed.jobId)).agreedPrice).toBe(1234.5);
    const plain = await hired();
    const seen = await job(plain.cc, plain.jobId);
    expect(seen.agreedPrice).toBe(plain.estimate.finalEstimate);
    expect(seen.total).toBe(plain.estimate.finalEstimate);
  });

  it('answers 404 to another customer and for an unknown bid, 409 for a draft estimate', async () => {
    const h = await withBids();
    const stranger = await loginAs(t.app, await makeCustomer(db()));
    expect((await post(stranger, acceptUrl(h))).statusCode).toBe(404);
    expect((await post(h.cc, acceptUrl(h, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await post(h.cc, acceptUrl(h), { price: -5 })).statusCode).toBe(400);
  });
});

describe('who sees a job', () => {
  it("shows the customer's address and phone to the hired provider and admins only; strangers 404, signed out 401", async () => {
    const h = await hired();
    const asProvider = await job(h.pc, h.jobId);
    expect(asProvider.viewerRole).toBe('provider');
    expect(asProvider.customer).toMatchObject({ name: 'Cora Client', phone: '512-555-0101' });
    expect(asProvider.customer.address).toContain('12 Elm Street');
    expect(asProvider.allowedActions).toEqual(['proposeDate', 'cancel', 'proposeChange']);

    const asCustomer = await job(h.cc, h.jobId);
    expect(asCustomer.customer.address ?? null).toBeNull();
    expect(asCustomer.customer.phone ?? null).toBeNull();
    expect(asCustomer.provider).toMatchObject({ id: h.provider.id, companyName: 'Pia Builds' });

    const admin = await loginAs(t.app, await makeAdmin(db()));
    const asAdmin = await job(admin, h.jobId);
    expect(asAdmin).toMatchObject({ viewerRole: 'admin', allowedActions: [] });
    expect(asAdmin.customer.address).toContain('12 Elm Street');

    // The bidder not selected, another customer, signed out.
    expect((await get(h.oc, `/api/jobs/${h.jobId}`)).statusCode).toBe(404);
    const stranger = await loginAs(t.app, await makeCustomer(db()));
    expect((await get(stranger, `/api/jobs/${h.jobId}`)).statusCode).toBe(404);
    expect(
      (await post(stranger, `/api/jobs/${h.jobId}/cancel`, { reason: 'Not my job at all' })).statusCode,
    ).toBe(404);
    expect((await get(undefined, `/api/jobs/${h.jobId}`)).statusCode).toBe(401);
    expect((await get(h.cc, '/api/jobs/not-a-job')).statusCode).toBe(404);
  });

  it('lists my jobs as either party, newest first, by status and estimate, paged', async () => {
    const a = await hired();
    const provider = a.provider;
    // A second job of the same provider, a moment later.
    t.clock.advance(1000);
    const b = await withBids();
    const pc = await loginAs(t.app, provider);
    const bidId = await placeBid(b.estimate.id, provider.id);
    const second = (await post(b.cc, acceptUrl(b, bidId))).json<{ jobId: string }>().jobId;
    await post(pc, `/api/jobs/${second}/cancel`, { reason: 'Cannot make it after all' });

    const mine = (await get(pc, '/api/jobs')).json<{ items: JobListItem[]; total: number }>();
    expect(mine.total).toBe(2);
    expect(mine.items.map((i) => i.id)).toEqual([second, a.jobId]);
    expect(mine.items[1]).toMatchObject({
      viewerRole: 'provider',
      otherParty: 'Cora Client',
      status: 'hired',
    });
    const theirs = (await get(a.cc, '/api/jobs')).json<{ items: JobListItem[] }>();
    expect(theirs.items).toEqual([
      expect.objectContaining({ id: a.jobId, viewerRole: 'customer', otherParty: 'Pia Builds' }),
    ]);
    const cancelled = (await get(pc, '/api/jobs?status=cancelled')).json<{ items: JobListItem[] }>();
    expect(cancelled.items.map((i) => i.id)).toEqual([second]);
    // The dashboards' Active jobs: every state before the end.
    const open = (await get(pc, '/api/jobs?status=open')).json<{ items: JobListItem[]; total: number }>();
    expect([open.items.map((i) => i.id), open.total]).toEqual([[a.jobId], 1]);
    const byEstimate = (await get(pc, `/api/jobs?estimateId=${a.estimate.id}`)).json<{
      items: JobListItem[];
    }>();
    expect(byEstimate.items.map((i) => i.id)).toEqual([a.jobId]);
    const page2 = (await get(pc, '/api/jobs?page=2&pageSize=1')).json<{
      items: JobListItem[];
      total: number;
    }>();
    expect([page2.items.map((i) => i.id), page2.total]).toEqual([[a.jobId], 2]);
    expect((await get(undefined, '/api/jobs')).statusCode).toBe(401);
    expect((await get(pc, '/api/jobs?status=nope')).statusCode).toBe(400);
  });
});

describe('the job from hire to completion', () => {
  it('goes hired -> scheduled -> in progress -> completion requested -> completed, the estimate following', async () => {
    const h = await hired();
    const url = (p: string) => `/api/jobs/${h.jobId}/${p}`;
    const inTwo = ymd(new Date(t.clock.now.getTime() + 2 * DAY));

    // A date before today is refused; the provider proposes, and may not confirm their own proposal.
    const past = await post(h.pc, url('schedule'), { date: ymd(new Date(t.clock.now.getTime() - DAY)) });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ date: JOB_MESSAGES.dateInPast });
    expect((await post(h.cc, url('schedule/confirm'))).statusCode).toBe(409);
    expect((await post(h.pc, url('schedule'), { date: inTwo })).json<{ job: Job }>().job).toMatchObject({
      proposedDate: inTwo,
      proposedBy: 'provider',
    });
    expect((await post(h.pc, url('schedule/confirm'))).statusCode).toBe(403);
    expect((await job(h.cc, h.jobId)).allowedActions).toContain('confirmDate');
    const confirmed = (await post(h.cc, url('schedule/confirm'))).json<{ job: Job }>().job;
    expect(confirmed).toMatchObject({ status: 'scheduled', scheduledDate: inTwo, proposedDate: null });

    // Only the provider starts, and not before the confirmed date.
    expect((await post(h.cc, url('start'))).statusCode).toBe(403);
    const early = await post(h.pc, url('start'));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(
      `This job is scheduled: it cannot be started before ${formatJobDate(inTwo)}.`,
    );
    t.clock.advance(2 * DAY);
    expect((await post(h.pc, url('start'))).json<{ job: Job }>().job.status).toBe('in_progress');

    const done = (await post(h.pc, url('complete'), { note: 'All tiles laid' })).json<{ job: Job }>().job;
    expect(done).toMatchObject({ status: 'completion_requested', completionNote: 'All tiles laid' });
    expect(done.autoConfirmAt).toBe(addDays(t.clock.now, 7).toISOString());
    // A confirmation the provider cannot give; a completed job cannot start again.
    expect((await post(h.pc, url('confirm'))).statusCode).toBe(403);
    const end = (await post(h.cc, url('confirm'))).json<{ job: Job }>().job;
    expect(end.status).toBe('completed');
    expect(end.allowedActions).toEqual([]);
    expect(end.timeline.map((e) => [e.actor, e.event])).toEqual([
      ['customer', 'hired'],
      ['provider', 'scheduleProposed'],
      ['customer', 'scheduleConfirmed'],
      ['provider', 'started'],
      ['provider', 'completionRequested'],
      ['customer', 'completed'],
    ]);
    // Dates read as people write them.
    expect(end.timeline[2]!.detail).toBe(`The customer confirmed ${formatJobDate(inTwo)} as the start date`);
    expect(formatJobDate(inTwo)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect((await get(h.cc, `/api/estimates/${h.estimate.id}`)).json<Estimate>().status).toBe('completed');
    const again = await post(h.pc, url('start'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This job is completed: it cannot be started.');
  });

  it('names the state in a 409 and refuses the wrong party with 403', async () => {
    const h = await hired();
    const res = await post(h.cc, `/api/jobs/${h.jobId}/confirm`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This job is hired: its completion cannot be confirmed.');
    expect((await post(h.pc, `/api/jobs/${h.jobId}/confirm`)).statusCode).toBe(403);
    expect((await post(h.cc, `/api/jobs/${h.jobId}/complete`, { note: '' })).statusCode).toBe(403);
    const admin = await loginAs(t.app, await makeAdmin(db()));
    expect(
      (await post(admin, `/api/jobs/${h.jobId}/cancel`, { reason: 'An admin tries this' })).statusCode,
    ).toBe(403);
  });

  it('lets the customer send the work back with a reason, and the provider mark it done again with photos', async () => {
    const h = await inProgress();
    await post(h.pc, `/api/jobs/${h.jobId}/complete`, { note: 'Done' });
    expect((await post(h.cc, `/api/jobs/${h.jobId}/reopen`, { reason: 'short' })).statusCode).toBe(400);
    const back = (
      await post(h.cc, `/api/jobs/${h.jobId}/reopen`, { reason: 'The grout is still missing' })
    ).json<{ job: Job }>().job;
    expect(back).toMatchObject({ status: 'in_progress', autoConfirmAt: null });
    expect(back.timeline.at(-1)).toMatchObject({ actor: 'customer', event: 'reopened' });

    // Multipart: the note and a photo carrying EXIF, re-encoded as WebP without it.
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a52' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS here' } } })
      .toBuffer();
    const boundary = '----jobphotos';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nGrout done\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await call(
      t.app,
      {
        method: 'POST',
        url: `/api/jobs/${h.jobId}/complete`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      h.pc,
    );
    expect(res.statusCode).toBe(200);
    const done = res.json<{ job: Job }>().job;
    expect(done).toMatchObject({ status: 'completion_requested', completionNote: 'Grout done' });
    expect(done.photos).toHaveLength(1);
    const photo = await get(h.cc, done.photos[0]!.url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const meta = await sharp(photo.rawPayload).metadata();
    expect([meta.format, meta.exif]).toEqual(['webp', undefined]);
    expect((await get(h.oc, done.photos[0]!.url)).statusCode).toBe(404);
    expect((await get(h.pc, done.photos[0]!.url)).statusCode).toBe(200);
  });
});

describe('change orders', () => {
  it('keeps the total at the agreed price plus the approved ones, never below 0', async () => {
    const h = await hired(1000);
    const url = `/api/jobs/${h.jobId}/change-orders`;
    expect((await post(h.cc, url, { label: 'Extra outlet', amount: 50 })).statusCode).toBe(403);
    const added = await post(h.pc, url, { label: 'Extra outlet', amount: 150.25, reason: 'Asked on site' });
    expect(added.statusCode).toBe(201);
    const [co] = added.json<{ job: Job }>().job.changeOrders;
    expect(co).toMatchObject({ label: 'Extra outlet', amount: 150.25, status: 'pending' });
    expect(added.json<{ job: Job }>().job.total).toBe(1000);

    expect((await post(h.pc, `${url}/${co!.id}/approve`)).statusCode).toBe(403);
    const approved = (await post(h.cc, `${url}/${co!.id}/approve`)).json<{ job: Job }>().job;
    expect([approved.agreedPrice, approved.total, approved.changeOrders[0]!.status]).toEqual([
      1000,
      1150.25,
      'approved',
    ]);
    expect((await post(h.cc, `${url}/${co!.id}/decline`)).statusCode).toBe(409);

    // A saving is fine; one that takes the total below 0 is refused.
    const below = await post(h.pc, url, { label: 'Skip it all', amount: -1150.26 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toBe(JOB_MESSAGES.belowZero);
    t.clock.advance(1000);
    const saving = (await post(h.pc, url, { label: 'Reuse old tiles', amount: -200 })).json<{ job: Job }>()
      .job;
    const savingId = saving.changeOrders.find((c) => c.label === 'Reuse old tiles')!.id;
    expect((await post(h.cc, `${url}/${savingId}/approve`)).json<{ job: Job }>().job.total).toBe(950.25);
    t.clock.advance(1000);
    const declined = (await post(h.pc, url, { label: 'Paint', amount: 80 })).json<{ job: Job }>().job;
    const paintId = declined.changeOrders.find((c) => c.label === 'Paint')!.id;
    expect((await post(h.cc, `${url}/${paintId}/decline`)).json<{ job: Job }>().job.total).toBe(950.25);
    expect(
      (await get(h.cc, `/api/jobs/${h.jobId}`)).json<{ job: Job }>().job.changeOrders.map((c) => c.status),
    ).toEqual(['approved', 'approved', 'declined']);
    // Two savings each fine alone: approving both would take the total below 0, so the second is refused.
    t.clock.advance(1000);
    const first = (await post(h.pc, url, { label: 'Drop the tiling', amount: -900 })).json<{ job: Job }>()
      .job;
    const second = (await post(h.pc, url, { label: 'Drop the painting', amount: -900 })).json<{ job: Job }>()
      .job;
    const idOf = (j: Job, label: string) => j.changeOrders.find((c) => c.label === label)!.id;
    const one = await post(h.cc, `${url}/${idOf(first, 'Drop the tiling')}/approve`);
    expect(one.json<{ job: Job }>().job.total).toBe(50.25);
    const two = await post(h.cc, `${url}/${idOf(second, 'Drop the painting')}/approve`);
    expect([two.statusCode, two.json().error]).toEqual([400, JOB_MESSAGES.belowZero]);
    expect((await post(h.pc, url, { label: 'Zero', amount: 0 })).statusCode).toBe(400);
    expect((await post(h.cc, `${url}/00000000-0000-4000-8000-000000000000/approve`)).statusCode).toBe(404);
  });

  it('declines the change orders still pending when the job ends, and says so in the timeline', async () => {
    const h = await hired(500);
    await post(h.pc, `/api/jobs/${h.jobId}/change-orders`, { label: 'Extra shelf', amount: 40 });
    const ended = (await post(h.cc, `/api/jobs/${h.jobId}/cancel`, { reason: 'We are moving house' })).json<{
      job: Job;
    }>().job;
    expect(ended.changeOrders.map((c) => c.status)).toEqual(['declined']);
    expect(ended.total).toBe(500);
    expect(ended.timeline.slice(-2).map((e) => [e.actor, e.event])).toEqual([
      ['customer', 'cancelled'],
      ['system', 'changeOrderDeclined'],
    ]);
  });
});

describe('cancelling', () => {
  it('is late within 48 hours of the confirmed start date, or after it; the estimate is cancelled with the job', async () => {
    const soon = await scheduled(1);
    const late = (
      await post(soon.pc, `/api/jobs/${soon.jobId}/cancel`, { reason: 'Double booked, sorry' })
    ).json<{ job: Job }>().job;
    expect(late).toMatchObject({
      status: 'cancelled',
      lateCancellation: true,
      cancelReason: 'Double booked, sorry',
    });
    expect((await get(soon.cc, `/api/estimates/${soon.estimate.id}`)).json<Estimate>().status).toBe(
      'cancelled',
    );

    const later = await scheduled(5);
    const early = (
      await post(later.cc, `/api/jobs/${later.jobId}/cancel`, { reason: 'Found a cheaper option' })
    ).json<{ job: Job }>().job;
    expect(early.lateCancellation).toBe(false);

    const unscheduled = await hired();
    expect(
      (await post(unscheduled.pc, `/api/jobs/${unscheduled.jobId}/cancel`, { reason: 'too short' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await post(unscheduled.pc, `/api/jobs/${unscheduled.jobId}/cancel`, { reason: 'Too far away for us' })
      ).json<{ job: Job }>().job.lateCancellation,
    ).toBe(false);
    expect(
      (
        await post(unscheduled.cc, `/api/jobs/${unscheduled.jobId}/cancel`, {
          reason: 'Cancelling twice now',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('closing an account cancels its open jobs (not late) and tells the other party', async () => {
    const open = await scheduled(1);
    const changed: AppEvents['jobChanged'][] = [];
    const off = t.app.ctx.events.afterCommit('jobChanged', (p) => void changed.push(p));
    expect((await post(open.cc, '/api/account/cancel')).statusCode).toBe(200);
    off();
    const seen = await job(open.pc, open.jobId);
    expect(seen).toMatchObject({ status: 'cancelled', lateCancellation: false });
    expect(seen.timeline.at(-1)).toMatchObject({ actor: 'system', event: 'cancelled' });
    expect(changed).toEqual([
      expect.objectContaining({
        jobId: open.jobId,
        providerId: open.provider.id,
        actorId: null,
        event: 'cancelled',
      }),
    ]);
  });
});

describe('a provider closing their account', () => {
  it('cancels the job and tells the customer in the app that the provider closed their account', async () => {
    const open = await scheduled(2);
    expect((await post(open.pc, '/api/account/cancel')).statusCode).toBe(200);
    expect(await job(open.cc, open.jobId)).toMatchObject({ status: 'cancelled', lateCancellation: false });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.jobId, open.jobId), eq(notifications.kind, 'job_cancelled')));
    expect(told).toEqual([
      expect.objectContaining({
        userId: open.customer.id,
        link: `/jobs/${open.jobId}`,
        actorName: null,
        title: 'Job cancelled',
      }),
    ]);
    // Only the customer: the provider who closed is not told.
    expect(told[0]!.body).toContain('the provider closed their account');
  });
});

describe('an admin deleting a party', () => {
  it("a soft deletion cancels the user's open jobs as closing does; a hard deletion removes them", async () => {
    const admin = await loginAs(t.app, await makeAdmin(db()));
    const soft = await hired();
    const gone = await call(
      t.app,
      { method: 'DELETE', url: `/api/admin/users/${soft.provider.id}?mode=soft` },
      admin,
    );
    expect(gone.statusCode).toBe(200);
    expect(await job(soft.cc, soft.jobId)).toMatchObject({ status: 'cancelled', lateCancellation: false });
    expect((await get(soft.cc, `/api/estimates/${soft.estimate.id}`)).json<Estimate>().status).toBe(
      'cancelled',
    );

    const hard = await hired();
    await post(hard.pc, `/api/jobs/${hard.jobId}/schedule`, { date: ymd(t.clock.now) });
    const removed = await call(
      t.app,
      { method: 'DELETE', url: `/api/admin/users/${hard.customer.id}?mode=hard` },
      admin,
    );
    expect(removed.statusCode).toBe(200);
    expect(await db().select().from(jobs).where(eq(jobs.id, hard.jobId))).toEqual([]);
  });
});

describe('the timed confirmation', () => {
  const dueItems = (jobId: string) =>
    db()
      .select()
      .from(scheduledWork)
      .where(
        and(eq(scheduledWork.kind, 'jobAutoConfirm'), sql`${scheduledWork.payload}->>'jobId' = ${jobId}`),
      );

  it('completes an unanswered completion request after 7 days, once; an earlier request reopened does nothing early', async () => {
    const h = await inProgress();
    await post(h.pc, `/api/jobs/${h.jobId}/complete`, { note: 'First try' });
    t.clock.advance(3 * DAY);
    await post(h.cc, `/api/jobs/${h.jobId}/reopen`, { reason: 'Please fix the leaking tap' });
    await post(h.pc, `/api/jobs/${h.jobId}/complete`, { note: 'Tap fixed' });
    expect(await dueItems(h.jobId)).toHaveLength(2);

    // The first request's item falls due: the job waits for its own seven days.
    t.clock.advance(4 * DAY + 1000);
    await t.app.ctx.work.runDue();
    expect((await job(h.cc, h.jobId)).status).toBe('completion_requested');

    t.clock.advance(3 * DAY);
    await t.app.ctx.work.runDue();
    await t.app.ctx.work.runDue();
    const done = await job(h.cc, h.jobId);
    expect(done.status).toBe('completed');
    expect(done.timeline.filter((e) => e.event === 'completed')).toEqual([
      expect.objectContaining({ actor: 'system' }),
    ]);
    expect((await dueItems(h.jobId)).every((i) => i.doneAt !== null && i.attempts === 1)).toBe(true);
    expect((await get(h.cc, `/api/estimates/${h.estimate.id}`)).json<Estimate>().status).toBe('completed');
  });

  it('does nothing once the customer answered', async () => {
    const h = await inProgress();
    await post(h.pc, `/api/jobs/${h.jobId}/complete`, { note: 'Done' });
    await post(h.cc, `/api/jobs/${h.jobId}/confirm`);
    t.clock.advance(8 * DAY);
    await t.app.ctx.work.runDue();
    const seen = await job(h.cc, h.jobId);
    expect(seen.timeline.filter((e) => e.event === 'completed')).toEqual([
      expect.objectContaining({ actor: 'customer' }),
    ]);
  });
});
