// The kinds told of hiring and of a job, through the real routes and scheduled work on the real app and database:
// the hired provider (bid_accepted, linked to the job) and the providers not selected (bid_not_selected, linked to
// their tasks), an expired quote (quote_expired, by the system), and every step of a job told to the other party
// of whoever took it (the customer's steps to the provider, the provider's to the customer), the system's timed
// confirmation to both, a cancellation because an account closed to the party still there. Each is one
// notification to each recipient with its kind, its link and its actor's public name; never one to the actor.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToYmd } from '#domain/dates';
import type { NotificationKind } from '#domain/notification-kinds';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { notifications, type NotificationRow } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  // The worker's own poll is left out (an hour): the timed steps run what is due themselves.
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }, { work: { pollMs: 3_600_000 } });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const today = () => t.clock.now.toISOString().slice(0, 10);

/** A remembered sign-in per user: the tests move the clock by days. */
const cookies = new Map<string, string>();
async function cookieOf(user: TestUser) {
  let c = cookies.get(user.id);
  if (!c) {
    c = await loginAs(t.app, user, { persistent: true });
    cookies.set(user.id, c);
  }
  return c;
}

async function send(user: TestUser, url: string, payload?: object, method: 'POST' | 'PUT' = 'POST') {
  const res = await call(t.app, { method, url, ...(payload ? { payload } : {}) }, await cookieOf(user));
  expect(res.statusCode, res.body).toBeLessThan(300);
  // Each step a second apart: what each user was told reads in the order the steps were taken.
  t.clock.advance(1000);
  return res;
}

/** What the user was told, oldest first, read straight from the table. */
const toldTo = (user: { id: string }): Promise<NotificationRow[]> =>
  db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

/** What the user was told about this job. */
const toldOfJob = async (user: { id: string }, jobId: string) =>
  (await toldTo(user)).filter((n) => n.jobId === jobId);

const kinds = (rows: readonly NotificationRow[]) => rows.map((n) => n.kind);

interface Hire {
  customer: TestUser;
  provider: TestUser;
  other: TestUser;
  estimate: Estimate;
  jobId: string;
}

/**
 * A customer (Cora Client) hires Pia Builds over another bidder (Olly Other, no company), each bid placed through
 * the bid route, the hire through the accept route.
 */
async function hire(): Promise<Hire> {
  const customer = await makeCustomer(db(), { firstName: 'Cora', lastName: 'Client' });
  const estimate = await makeEstimate(db(), customer, {
    status: 'posted',
    title: 'Roof patch',
    now: t.clock.now,
  });
  const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Pia Builds' });
  const other = await makeProvider(db(), { plan: 'deluxe', firstName: 'Olly', lastName: 'Other' });
  const bidId = (await send(provider, `/api/tasks/${estimate.id}/bid`)).json<{ bid: { id: string } }>().bid
    .id;
  await send(other, `/api/tasks/${estimate.id}/bid`);
  t.clock.advance(1000);
  const accepted = await send(customer, `/api/estimates/${estimate.id}/bids/${bidId}/accept`);
  return { customer, provider, other, estimate, jobId: accepted.json<{ jobId: string }>().jobId };
}

/** Asserts every notification of the job to `user` is linked to it and by `actorName`, in this order of kinds. */
async function expectToldOfJob(
  user: TestUser,
  h: Hire,
  expected: readonly [NotificationKind, string][],
  actorName: string | null,
) {
  const rows = await toldOfJob(user, h.jobId);
  expect(rows.map((n) => [n.kind, n.title])).toEqual(expected);
  for (const n of rows) {
    expect(n).toMatchObject({
      estimateId: h.estimate.id,
      link: `/jobs/${h.jobId}`,
      actorName,
      priority: true,
    });
  }
  return rows;
}

describe('the hire', () => {
  it('bid_accepted to the hired provider (the job, by the customer), bid_not_selected to the other (the tasks); the customer and the job nothing more', async () => {
    const h = await hire();
    expect(await toldOfJob(h.provider, h.jobId)).toEqual([
      expect.objectContaining({
        kind: 'bid_accepted',
        estimateId: h.estimate.id,
        link: `/jobs/${h.jobId}`,
        actorName: 'Cora C.',
        title: 'Your bid was accepted',
        priority: true,
      }),
    ]);
    expect(await toldTo(h.other)).toEqual([
      expect.objectContaining({
        kind: 'bid_not_selected',
        estimateId: h.estimate.id,
        jobId: null,
        link: '/tasks',
        actorName: 'Cora C.',
        title: 'Not selected',
        body: 'The customer hired another provider for “Roof patch”.',
        priority: true,
      }),
    ]);
    // The customer hears of the two bids only; the hire's own step (`hired`) tells nobody twice.
    expect(kinds(await toldTo(h.customer))).toEqual(['bid_received', 'bid_received']);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.estimateId, h.estimate.id), isNotNull(notifications.jobId))),
    ).toHaveLength(1);
  });
});

describe("a job's steps tell the other party", () => {
  it("the whole path: the provider told of the customer's steps, the customer of the provider's, each by name", async () => {
    const h = await hire();
    const job = (step: string) => `/api/jobs/${h.jobId}/${step}`;
    await send(h.provider, job('schedule'), { date: addDaysToYmd(today(), 1) });
    await send(h.customer, job('schedule/confirm'));
    t.clock.advance(DAY);
    await send(h.provider, job('start'));
    const co = async () => {
      const res = await send(h.provider, job('change-orders'), {
        label: 'Extra flashing',
        amount: 120,
        reason: 'Rot under the old one',
      });
      return res
        .json<{ job: { changeOrders: { id: string; status: string }[] } }>()
        .job.changeOrders.find((c) => c.status === 'pending')!.id;
    };
    await send(h.customer, job(`change-orders/${await co()}/approve`));
    await send(h.customer, job(`change-orders/${await co()}/decline`));
    await send(h.provider, job('complete'), { note: 'Patched' });
    await send(h.customer, job('reopen'), { reason: 'It still leaks by the chimney' });
    await send(h.provider, job('complete'), { note: 'Chimney sealed' });
    await send(h.customer, job('confirm'));

    const toCustomer = await expectToldOfJob(
      h.customer,
      h,
      [
        ['job_schedule_proposed', 'Start date proposed'],
        ['job_started', 'Work started'],
        ['change_order_proposed', 'Change order to approve'],
        ['change_order_proposed', 'Change order to approve'],
        ['job_completion_requested', 'Work marked done'],
        ['job_completion_requested', 'Work marked done'],
      ],
      'Pia Builds',
    );
    expect(toCustomer[4]!.body).toBe('Pia Builds marked “Roof patch” done. Confirm or send it back.');
    const toProvider = await expectToldOfJob(
      h.provider,
      h,
      [
        ['bid_accepted', 'Your bid was accepted'],
        ['job_schedule_confirmed', 'Start date confirmed'],
        ['change_order_decided', 'Change order approved'],
        ['change_order_decided', 'Change order declined'],
        ['job_reopened', 'Work sent back'],
        ['job_completed', 'Work confirmed'],
      ],
      'Cora C.',
    );
    expect(toProvider.at(-1)!.body).toBe('The customer confirmed the work on “Roof patch” is done.');
  });

  it('a start date the customer proposes tells the provider; the provider confirming it tells the customer', async () => {
    const h = await hire();
    await send(h.customer, `/api/jobs/${h.jobId}/schedule`, { date: addDaysToYmd(today(), 3) });
    await send(h.provider, `/api/jobs/${h.jobId}/schedule/confirm`);
    await expectToldOfJob(
      h.provider,
      h,
      [
        ['bid_accepted', 'Your bid was accepted'],
        ['job_schedule_proposed', 'Start date proposed'],
      ],
      'Cora C.',
    );
    await expectToldOfJob(h.customer, h, [['job_schedule_confirmed', 'Start date confirmed']], 'Pia Builds');
  });

  it('a cancellation tells the other party, by the one who cancelled', async () => {
    const byProvider = await hire();
    await send(byProvider.provider, `/api/jobs/${byProvider.jobId}/cancel`, {
      reason: 'Too far away for us',
    });
    const [told] = await expectToldOfJob(
      byProvider.customer,
      byProvider,
      [['job_cancelled', 'Job cancelled']],
      'Pia Builds',
    );
    expect(told!.body).toBe('Pia Builds cancelled “Roof patch”.');
    expect(kinds(await toldOfJob(byProvider.provider, byProvider.jobId))).toEqual(['bid_accepted']);

    const byCustomer = await hire();
    await send(byCustomer.customer, `/api/jobs/${byCustomer.jobId}/cancel`, {
      reason: 'Found a cheaper option',
    });
    await expectToldOfJob(
      byCustomer.provider,
      byCustomer,
      [
        ['bid_accepted', 'Your bid was accepted'],
        ['job_cancelled', 'Job cancelled'],
      ],
      'Cora C.',
    );
    expect(await toldOfJob(byCustomer.customer, byCustomer.jobId)).toEqual([]);
  });
});

describe("the system's steps", () => {
  it('the timed confirmation after 7 days tells both parties, by nobody', async () => {
    const h = await hire();
    await send(h.provider, `/api/jobs/${h.jobId}/schedule`, { date: today() });
    await send(h.customer, `/api/jobs/${h.jobId}/schedule/confirm`);
    await send(h.provider, `/api/jobs/${h.jobId}/start`);
    await send(h.provider, `/api/jobs/${h.jobId}/complete`, { note: 'Done' });
    t.clock.advance(7 * DAY + 1000);
    while ((await t.app.ctx.work.runDue()) > 0);

    const body = 'The work on “Roof patch” was confirmed done after 7 days without an answer.';
    for (const user of [h.customer, h.provider]) {
      const completed = (await toldOfJob(user, h.jobId)).filter((n) => n.kind === 'job_completed');
      expect(completed).toEqual([
        expect.objectContaining({ link: `/jobs/${h.jobId}`, actorName: null, title: 'Work confirmed', body }),
      ]);
    }
  });

  it('an account closed cancels its jobs: the other party is told who closed, the one who closed nothing', async () => {
    const providerLeaves = await hire();
    await send(providerLeaves.provider, '/api/account/cancel');
    const [toCustomer] = await expectToldOfJob(
      providerLeaves.customer,
      providerLeaves,
      [['job_cancelled', 'Job cancelled']],
      null,
    );
    expect(toCustomer!.body).toContain('the provider closed their account');
    expect(kinds(await toldOfJob(providerLeaves.provider, providerLeaves.jobId))).toEqual(['bid_accepted']);

    const customerLeaves = await hire();
    await send(customerLeaves.customer, '/api/account/cancel');
    const rows = await toldOfJob(customerLeaves.provider, customerLeaves.jobId);
    expect(rows.map((n) => [n.kind, n.actorName])).toEqual([
      ['bid_accepted', 'Cora C.'],
      ['job_cancelled', null],
    ]);
    expect(rows[1]).toMatchObject({
      link: `/jobs/${customerLeaves.jobId}`,
      title: 'Job cancelled',
      body: '“Roof patch” was cancelled: the customer closed their account.',
    });
    expect(await toldOfJob(customerLeaves.customer, customerLeaves.jobId)).toEqual([]);
  });

  it('quote_expired: the provider whose quote passed its date, linked to the estimate, by nobody', async () => {
    const customer = await makeCustomer(db());
    const estimate = await makeEstimate(db(), customer, {
      status: 'posted',
      title: 'Gutter cleaning',
      now: t.clock.now,
    });
    const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Gutter Guys' });
    await send(provider, `/api/tasks/${estimate.id}/bid`, {
      lines: [{ subtask: estimate.lineItems[0]!.name, amount: 100 }],
      validUntil: today(),
    });
    t.clock.advance(2 * DAY);
    while ((await t.app.ctx.work.runDue()) > 0);

    expect(await toldTo(provider)).toEqual([
      expect.objectContaining({
        kind: 'quote_expired',
        estimateId: estimate.id,
        jobId: null,
        link: `/estimates/${estimate.id}`,
        actorName: null,
        title: 'Your quote expired',
        body: 'Your quote on “Gutter cleaning” passed its valid-until date. Revise it to keep your bid in the running.',
        priority: true,
      }),
    ]);
    expect(kinds(await toldTo(customer))).toEqual(['bid_received']);
  });
});
