// The kinds told of work on an estimate and of an account, each through the real routes on the real app and
// database: new work (a posted estimate, a public project) to the providers, an edit to the bidders, a bid or a
// quote received and a quote revised to the estimate's owner (a bid placed with its quote told once), a reviewed
// role request to its requester. Each is one notification to each recipient, with its kind, its link (where it is
// acted on) and its actor's public name; never one to the person who caused it.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToYmd } from '#domain/dates';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { notifications, type NotificationRow } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createNotificationsService } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;

/** What the user was told, oldest first, read straight from the table (every recipient's own rows). */
const toldTo = (user: { id: string }): Promise<NotificationRow[]> =>
  db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

/** Every notification about the estimate, to anyone. */
const aboutEstimate = (estimateId: string) =>
  db().select().from(notifications).where(eq(notifications.estimateId, estimateId));

async function send(
  user: TestUser,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await call(t.app, { method, url, ...(payload ? { payload } : {}) }, await loginAs(t.app, user));
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

/** A posted estimate of a customer named Nora Owner ("Nora O."). */
async function postedEstimate(title: string): Promise<{ owner: TestUser; estimate: Estimate }> {
  const owner = await makeCustomer(db(), { firstName: 'Nora', lastName: 'Owner' });
  const estimate = await makeEstimate(db(), owner, { status: 'posted', title, now: t.clock.now });
  return { owner, estimate };
}

/** A valid quote body: the estimate's first line at its own amount, valid for a week. */
const quoteBody = (estimate: Estimate, amount?: number) => ({
  lines: [
    {
      subtask: estimate.lineItems[0]!.name,
      amount: amount ?? estimate.lineItems[0]!.amountCents / 100,
    },
  ],
  validUntil: addDaysToYmd(t.clock.now.toISOString().slice(0, 10), 7),
});

const bid = async (provider: TestUser, estimateId: string, quote?: object) =>
  (await send(provider, 'POST', `/api/tasks/${estimateId}/bid`, quote)).json<{ bid: { id: string } }>().bid
    .id;

describe('estimate_posted: new work to the providers', () => {
  it('a first posting tells each provider whose plan opens it, linked to the estimate, by the owner; priority for featured plans only', async () => {
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const starter = await makeProvider(db(), { plan: 'starter', selectedTasks: ['cabinets'] });
    const owner = await makeCustomer(db(), { firstName: 'Nora', lastName: 'Owner' });
    const estimate = await makeEstimate(db(), owner, { category: 'kitchen', title: 'Cabinet doors' });
    await send(owner, 'PATCH', `/api/estimates/${estimate.id}/post`);

    for (const [p, priority] of [
      [deluxe, true],
      [starter, false],
    ] as const) {
      expect((await toldTo(p)).filter((n) => n.estimateId === estimate.id)).toEqual([
        expect.objectContaining({
          kind: 'estimate_posted',
          link: `/estimates/${estimate.id}`,
          actorName: 'Nora O.',
          projectId: null,
          jobId: null,
          priority,
        }),
      ]);
    }
    expect(await toldTo(owner)).toEqual([]);

    // Work an admin posts is by "HomeFix admin", never the admin's own name.
    const admin = await makeAdmin(db(), { firstName: 'Alice', lastName: 'Root' });
    const byAdmin = await makeEstimate(db(), admin, { category: 'kitchen', title: 'Cabinet hinges' });
    await send(admin, 'PATCH', `/api/estimates/${byAdmin.id}/post`);
    expect((await toldTo(deluxe)).filter((n) => n.estimateId === byAdmin.id)).toEqual([
      expect.objectContaining({ kind: 'estimate_posted', actorName: 'HomeFix admin' }),
    ]);
  });

  it('a public project tells them too, linked to the project', async () => {
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const owner = await makeCustomer(db(), { firstName: 'Omar', lastName: 'Lee' });
    const res = await postJson(
      t.app,
      '/api/tasks/post',
      { title: 'Walk-in shower', category: 'Bathroom', city: 'Jacksonville', minBudget: '4000' },
      await loginAs(t.app, owner),
    );
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json<{ project: { id: string } }>().project;
    expect((await toldTo(deluxe)).filter((n) => n.projectId === project.id)).toEqual([
      expect.objectContaining({
        kind: 'estimate_posted',
        link: `/projects/${project.id}`,
        actorName: 'Omar L.',
        estimateId: null,
        priority: true,
      }),
    ]);
    expect(await toldTo(owner)).toEqual([]);
  });
});

describe('estimate_edited: an edit to the bidders', () => {
  it('each bidder once, linked to the estimate, by the owner; the owner is told only of the bid', async () => {
    const { owner, estimate } = await postedEstimate('Porch steps');
    const bidder = await makeProvider(db(), { plan: 'deluxe', companyName: 'Step Co' });
    await bid(bidder, estimate.id);
    await send(owner, 'PATCH', `/api/estimates/${estimate.id}`, { title: 'Porch steps and rail' });

    expect((await toldTo(bidder)).filter((n) => n.kind === 'estimate_edited')).toEqual([
      expect.objectContaining({
        estimateId: estimate.id,
        link: `/estimates/${estimate.id}`,
        actorName: 'Nora O.',
        title: 'The customer updated “Porch steps and rail”.',
        priority: true,
      }),
    ]);
    expect((await toldTo(owner)).map((n) => n.kind)).toEqual(['bid_received']);
  });
});

describe('bid_received and quote_revised: to the estimate owner', () => {
  it('a bid alone: one bid_received by the company, linked to the bids; the provider is told nothing', async () => {
    const { owner, estimate } = await postedEstimate('Garage door');
    const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Door Pros' });
    await bid(provider, estimate.id);

    expect(await toldTo(owner)).toEqual([
      expect.objectContaining({
        kind: 'bid_received',
        estimateId: estimate.id,
        jobId: null,
        link: `/estimates/${estimate.id}`,
        actorName: 'Door Pros',
        title: 'New bid from Door Pros',
        body: 'Door Pros bid on “Garage door”.',
        priority: true,
        readAt: null,
      }),
    ]);
    expect(await toldTo(provider)).toEqual([]);
    // A repeated bid changes nothing and tells nobody again.
    await bid(provider, estimate.id);
    expect(await toldTo(owner)).toHaveLength(1);
  });

  it('a bid placed with its quote in one call: exactly one bid_received; a provider without a company by name', async () => {
    const { owner, estimate } = await postedEstimate('Fence panels');
    const provider = await makeProvider(db(), { plan: 'deluxe', firstName: 'Pat', lastName: 'Nguyen' });
    await bid(provider, estimate.id, quoteBody(estimate));

    expect(await aboutEstimate(estimate.id)).toEqual([
      expect.objectContaining({
        userId: owner.id,
        kind: 'bid_received',
        actorName: 'Pat N.',
        body: 'Pat N. bid on “Fence panels” with a quote.',
        link: `/estimates/${estimate.id}`,
      }),
    ]);
  });

  it('a quote on a bid placed earlier is bid_received ("Quote received"); each revision after it quote_revised', async () => {
    const { owner, estimate } = await postedEstimate('Deck boards');
    const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Board Works' });
    const bidId = await bid(provider, estimate.id);
    t.clock.advance(1000);
    await send(provider, 'PUT', `/api/bids/${bidId}/quote`, quoteBody(estimate));
    t.clock.advance(1000);
    await send(provider, 'PUT', `/api/bids/${bidId}/quote`, quoteBody(estimate, 1));

    const told = await toldTo(owner);
    expect(told.map((n) => [n.kind, n.title, n.body])).toEqual([
      ['bid_received', 'New bid from Board Works', 'Board Works bid on “Deck boards”.'],
      ['bid_received', 'Quote received', 'Board Works sent a quote for “Deck boards”.'],
      ['quote_revised', 'Quote revised', 'Board Works revised their quote for “Deck boards” (revision 2).'],
    ]);
    for (const n of told) {
      expect(n).toMatchObject({
        estimateId: estimate.id,
        link: `/estimates/${estimate.id}`,
        actorName: 'Board Works',
        priority: true,
      });
    }
    expect(await toldTo(provider)).toEqual([]);
  });

  it("the owner's list (what GET /api/notifications answers) has them, unread", async () => {
    const { owner, estimate } = await postedEstimate('Window trim');
    const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Trim Co' });
    await bid(provider, estimate.id);
    const res = await call(
      t.app,
      { method: 'GET', url: '/api/notifications?pageSize=50' },
      await loginAs(t.app, owner),
    );
    // The route opens to every signed-in role with the centre's access change; until then its service answers.
    expect([200, 403]).toContain(res.statusCode);
    const list =
      res.statusCode === 200
        ? res.json<Awaited<ReturnType<ReturnType<typeof createNotificationsService>['list']>>>()
        : await createNotificationsService(t.app.ctx).list(owner.id, {
            page: 1,
            pageSize: 50,
            unread: false,
          });
    expect(list.unreadCount).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'bid_received',
        link: `/estimates/${estimate.id}`,
        actorName: 'Trim Co',
        estimateId: estimate.id,
        read: false,
      }),
    ]);
  });
});

describe('role_request_reviewed: to the requester', () => {
  it('approved or denied, by "HomeFix admin" (never the admin\'s name), linked to the settings; the admin is told nothing', async () => {
    const admin = await makeAdmin(db(), { firstName: 'Alice', lastName: 'Root' });
    for (const status of ['approved', 'denied'] as const) {
      const requester = await makeCustomer(db());
      const asked = await send(requester, 'POST', '/api/role-requests', {
        requestedRole: 'provider',
        reason: 'I run a crew',
      });
      await send(admin, 'PUT', `/api/admin/role-requests/${asked.json<{ id: string }>().id}`, { status });
      const [told, ...more] = await toldTo(requester);
      expect(more).toEqual([]);
      expect(told).toMatchObject({
        kind: 'role_request_reviewed',
        link: '/settings',
        actorName: 'HomeFix admin',
        estimateId: null,
        projectId: null,
        jobId: null,
        title: status === 'approved' ? 'Role request approved' : 'Role request denied',
        priority: true,
      });
      expect(told!.body).toContain(`Your request to become a provider was ${status}`);
      expect(`${told!.title} ${told!.body}`).not.toContain('Alice');
    }
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'role_request_reviewed'))),
    ).toEqual([]);
  });
});
