// Authorization rows of src/server/modules/bids. The fixture is customerA's posted kitchen estimate (made once
// per app, posted last month so it uses none of the month's posting allowance). Providers bid and read their
// own bids, quote and withdraw them; the owner (and admins) read an estimate's bids and its quotes as PDFs, and
// accept one. Each accept, quote, withdrawal and PDF row makes its own bid so the caller always has a pending one;
// the estimate it is on is made fresh for that call.
import type { BuiltApp } from '#server/app';
import { bidQuotes, bids } from '#server/db/schema/index';
import { makeEstimate } from '#server/test/factories';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';
import { onlyRoles, type Row } from './table.ts';

const made = new WeakMap<BuiltApp, Promise<string>>();

function fixtureEstimate(app: BuiltApp, actors: Actors): Promise<string> {
  let found = made.get(app);
  if (!found) {
    found = makeEstimate(app.ctx.db, actors.users.customerA, {
      category: FIXTURE_CATEGORY,
      status: 'posted',
      title: 'Matrix bids',
      now: new Date(app.ctx.now().getTime() - 40 * 86_400_000),
    }).then((e) => e.id);
    made.set(app, found);
  }
  return found;
}

/** A fresh posted estimate of customerA with a pending bid of providerWithAccess on it. */
async function estimateWithBid(app: BuiltApp, actors: Actors) {
  const estimate = await makeEstimate(app.ctx.db, actors.users.customerA, {
    category: FIXTURE_CATEGORY,
    status: 'posted',
    now: new Date(app.ctx.now().getTime() - 40 * 86_400_000),
  });
  const [bid] = await app.ctx.db
    .insert(bids)
    .values({ estimateId: estimate.id, providerId: actors.users.providerWithAccess.id })
    .returning();
  return { estimateId: estimate.id, bidId: bid!.id };
}

const ownerOrAdmin = { ...onlyRoles('customer', 'admin'), customerB: 404, expiredAdmin: 404 } as const;

/** A quote body valid today: one extra, valid until today (UTC). */
const quoteBody = (app: BuiltApp) => ({
  extras: [{ label: 'Matrix extra', amount: 100 }],
  validUntil: app.ctx.now().toISOString().slice(0, 10),
});

/** Only the bidding provider (providerWithAccess); another provider 404; other roles 403. */
const bidderOnly = { ...onlyRoles('provider'), providerFree: 404 } as const;

export const bidsRows: Row[] = [
  {
    route: 'POST /api/tasks/:id/bid',
    request: async ({ app, actors }) => ({ url: `/api/tasks/${await fixtureEstimate(app, actors)}/bid` }),
    note: 'providers only; a free provider has no access to the category (403)',
    expect: { ...onlyRoles('provider'), providerFree: 403 },
  },
  { route: 'GET /api/tasks/bids', expect: onlyRoles('provider') },
  { route: 'GET /api/bids/provider', expect: onlyRoles('provider') },
  {
    route: 'GET /api/estimates/:id/bids',
    request: async ({ app, actors }) => ({
      url: `/api/estimates/${await fixtureEstimate(app, actors)}/bids`,
    }),
    note: 'the owner and admins; another customer (or an expired admin, now a customer) gets 404',
    expect: ownerOrAdmin,
  },
  {
    route: 'PUT /api/bids/:bidId/quote',
    request: async ({ app, actors }) => {
      const { bidId } = await estimateWithBid(app, actors);
      return { url: `/api/bids/${bidId}/quote`, payload: quoteBody(app) };
    },
    note: "providerWithAccess's own pending bid; another provider's call on it is 404",
    expect: bidderOnly,
  },
  {
    route: 'DELETE /api/bids/:bidId',
    request: async ({ app, actors }) => {
      const { bidId } = await estimateWithBid(app, actors);
      return { url: `/api/bids/${bidId}` };
    },
    note: "providerWithAccess withdraws their own pending bid; another provider's call on it is 404",
    expect: bidderOnly,
  },
  {
    route: 'GET /api/bids/:bidId/quote.pdf',
    request: async ({ app, actors }) => {
      const { bidId } = await estimateWithBid(app, actors);
      const today = app.ctx.now().toISOString().slice(0, 10);
      await app.ctx.db.insert(bidQuotes).values({
        bidId,
        revision: 1,
        lines: [],
        extras: [{ label: 'Matrix extra', amountCents: 10_000 }],
        validUntil: today,
        totalCents: 10_000,
      });
      return { url: `/api/bids/${bidId}/quote.pdf` };
    },
    note: "the estimate's owner (customerA), the bidding provider (providerWithAccess) and admins; anyone else 404",
    expect: { ...ownerOrAdmin, providerWithAccess: 'ok', providerFree: 404 },
  },
  {
    route: 'POST /api/estimates/:id/bids/:bidId/accept',
    request: async ({ app, actors }) => {
      const { estimateId, bidId } = await estimateWithBid(app, actors);
      return { url: `/api/estimates/${estimateId}/bids/${bidId}/accept` };
    },
    note: "only the estimate's owner accepts (an admin reads bids but does not choose for the customer: 404)",
    expect: { ...ownerOrAdmin, admin: 404 },
  },
];
