// Authorization rows of src/server/modules/site-visits (decision 0049). Every call gets a fresh posted estimate of
// customerA with a pending bid of providerWithAccess (and, past the proposal, a visit of theirs written straight
// into the table in the state the move starts from). Proposing is for providers, and only a bidder's: providerFree
// (no bid) 404. The visit's moves are its two parties'; choosing and declining the customer's (the provider 403);
// anyone else signed in, admins included, 404 (a visit's existence is not told).
import type { BuiltApp } from '#server/app';
import { bids, siteVisits } from '#server/db/schema/index';
import type { SiteVisitSide } from '#domain/site-visits';
import { makeEstimate } from '#server/test/factories';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';
import { onlyRoles, signedIn, type Expectation, type Row, type RowContext } from './table.ts';

const HOUR = 3_600_000;

/** A fresh posted estimate of customerA with providerWithAccess's pending bid; its id. */
async function biddenEstimate(app: BuiltApp, actors: Actors): Promise<string> {
  const estimate = await makeEstimate(app.ctx.db, actors.users.customerA, {
    category: FIXTURE_CATEGORY,
    status: 'posted',
    now: app.ctx.now(),
  });
  await app.ctx.db
    .insert(bids)
    .values({ estimateId: estimate.id, providerId: actors.users.providerWithAccess.id });
  return estimate.id;
}

type State = 'proposed' | 'ended' | { noShowOf: SiteVisitSide };

/** A fresh visit of providerWithAccess on customerA's estimate, in `state`; its id. */
async function visit(app: BuiltApp, actors: Actors, state: State): Promise<string> {
  const estimateId = await biddenEstimate(app, actors);
  const now = app.ctx.now().getTime();
  const start = state === 'proposed' ? now + 48 * HOUR : now - 3 * HOUR;
  const slots = [{ start: new Date(start).toISOString(), minutes: 60 }];
  const [row] = await app.ctx.db
    .insert(siteVisits)
    .values({
      estimateId,
      customerId: actors.users.customerA.id,
      providerId: actors.users.providerWithAccess.id,
      status: state === 'proposed' ? 'proposed' : 'done',
      slots,
      chosenSlot: state === 'proposed' ? null : 0,
      startsAt: new Date(start),
      endsAt: new Date(start + HOUR),
      timeZone: 'America/New_York',
      ...(typeof state === 'object' ? { noShowParty: state.noShowOf, noShowAt: new Date(now - HOUR) } : {}),
    })
    .returning({ id: siteVisits.id });
  return row!.id;
}

/** The visit's parties as given, anyone else signed in 404, signed out 401. */
function parties(customer: 'ok' | 403, provider: 'ok' | 403): Expectation {
  return {
    anonymous: 401,
    deletedUser: 401,
    customerA: customer,
    providerWithAccess: provider,
    customerB: 404,
    providerFree: 404,
    admin: 404,
    expiredAdmin: 404,
  };
}

const on =
  (state: State | ((ctx: RowContext) => State), path: string, payload?: object) =>
  async (ctx: RowContext) => ({
    url: `/api/site-visits/${await visit(ctx.app, ctx.actors, typeof state === 'function' ? state(ctx) : state)}${path}`,
    ...(payload ? { payload } : {}),
  });

export const siteVisitsRows: Row[] = [
  {
    route: 'POST /api/estimates/:id/site-visits',
    request: async (ctx) => ({
      url: `/api/estimates/${await biddenEstimate(ctx.app, ctx.actors)}/site-visits`,
      payload: {
        slots: [{ start: new Date(ctx.app.ctx.now().getTime() + 30 * HOUR).toISOString(), minutes: 60 }],
      },
    }),
    note: 'providers only, and only a bidder: a provider without a bid 404',
    expect: { ...onlyRoles('provider'), providerFree: 404 },
  },
  { route: 'GET /api/site-visits', note: "each person's own", expect: signedIn() },
  {
    route: 'POST /api/site-visits/:id/choose',
    request: on('proposed', '/choose', { slot: 0 }),
    note: "the customer's; the provider 403",
    expect: parties('ok', 403),
  },
  {
    route: 'POST /api/site-visits/:id/decline',
    request: on('proposed', '/decline', { note: 'No' }),
    note: "the customer's; the provider 403",
    expect: parties('ok', 403),
  },
  {
    route: 'POST /api/site-visits/:id/cancel',
    request: on('proposed', '/cancel', { reason: 'Changed plans' }),
    expect: parties('ok', 'ok'),
  },
  {
    route: 'POST /api/site-visits/:id/no-show',
    request: on('ended', '/no-show'),
    note: 'either party, after the visit ended',
    expect: parties('ok', 'ok'),
  },
  {
    route: 'POST /api/site-visits/:id/dispute',
    // The no-show is recorded against the caller (the party who may dispute it).
    request: on(
      (ctx) => ({ noShowOf: ctx.actor === 'providerWithAccess' ? 'provider' : 'customer' }),
      '/dispute',
      { note: 'I was there' },
    ),
    note: 'the party said not to have come',
    expect: parties('ok', 'ok'),
  },
];
