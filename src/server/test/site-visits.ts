// The site visit tests' common steps (decision 0049), over one test app: sign in as a user (again after the clock
// moves), a posted job in Austin, TX with a bidder, proposals through the real route, and what a user was told.
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SiteVisit } from '#domain/schemas/site-visit.schema';
import { bids, estimates, notifications, type NotificationRow } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider, type TestUser } from './factories.ts';
import { call, loginAs } from './login.ts';
import type { TestApp } from './test-app.ts';

const HOUR = 3_600_000;

export function siteVisitSteps(app: () => TestApp) {
  const db = () => app().app.ctx.db;
  const cookies = new Map<string, string>();

  /** Moves the app's clock (sessions made before may have lapsed: sign in again). */
  function setClock(at: Date) {
    app().clock.now = at;
    cookies.clear();
  }

  async function as(
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    let cookie = cookies.get(user.id);
    if (!cookie) cookies.set(user.id, (cookie = await loginAs(app().app, user)));
    return call(app().app, { method, url, ...(payload ? { payload } : {}) }, cookie);
  }

  /**
   * A posted estimate in Austin, TX (ZIP 78701: America/Chicago) with a street address, and its owner (a new
   * customer, Nora O., unless given).
   */
  async function austinJob(title = 'Kitchen cabinets', owner?: TestUser) {
    const o = owner ?? (await makeCustomer(db(), { firstName: 'Nora', lastName: 'Owner' }));
    const estimate = await makeEstimate(db(), o, { status: 'posted', title, now: app().clock.now });
    await db()
      .update(estimates)
      .set({ zipCode: '78701', city: 'Austin', state: 'TX', address: '12 Elm Street' })
      .where(eq(estimates.id, estimate.id));
    return { owner: o, estimate };
  }

  /** A provider with a pending bid on the estimate; the bid's id on `bidId`. */
  async function bidder(estimateId: string, companyName = 'Acme Repairs') {
    const p = await makeProvider(db(), { plan: 'deluxe', companyName });
    const [bid] = await db().insert(bids).values({ estimateId, providerId: p.id }).returning();
    return Object.assign(p, { bidId: bid!.id });
  }

  /** A whole hour `hours` from the app's clock, as an ISO instant. */
  const inHours = (hours: number) =>
    new Date(Math.ceil((app().clock.now.getTime() + hours * HOUR) / HOUR) * HOUR).toISOString();

  const propose = (provider: TestUser, estimateId: string, slots: { start: string; minutes: number }[]) =>
    as(provider, 'POST', `/api/estimates/${estimateId}/site-visits`, { slots });

  async function proposed(
    provider: TestUser,
    estimateId: string,
    slots = [{ start: inHours(72), minutes: 60 }],
  ) {
    const res = await propose(provider, estimateId, slots);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SiteVisit>();
  }

  /** The user's notifications of a kind, oldest first. */
  const toldTo = (user: { id: string }, kind: string): Promise<NotificationRow[]> =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, kind)))
      .orderBy(asc(notifications.createdAt));

  return { db, setClock, as, austinJob, bidder, inHours, propose, proposed, toldTo };
}
