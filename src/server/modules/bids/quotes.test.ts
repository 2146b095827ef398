// Quotes on bids through HTTP on the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
// bidding provider quotes the customer's own lines and revises the quote, the owner compares the latest with the
// estimate, the provider withdraws and bids again, the quote as a PDF, a quote's expiry as scheduled work, and
// hostile quote bodies from a real bidder.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_FIELD_MESSAGES } from '#domain/bid-quote';
import { addDaysToYmd } from '#domain/dates';
import { findCategory } from '#domain/catalog/home-repair';
import { formatMoney } from '#domain/money';
import { BID_MESSAGES, type EstimateBids, type ProviderBids } from '#domain/schemas/bid.schema';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import { QUOTE_MESSAGES, type OwnQuote } from '#domain/schemas/quote.schema';
import { countRows, diffCounts } from '#server/db/table-counts';
import { bidQuotes, bids, estimates, scheduledWork } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { MAY_CHANGE_ON_REJECTION } from '#server/test/fuzz/index';
import { responseProblems } from '#server/test/fuzz/invariants';
import { fuzzableRoutes, requestArb, toInject } from '#server/test/fuzz/requests';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  // The worker's own poll is left out (an hour): the expiry tests run what is due themselves.
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }, { work: { pollMs: 3_600_000 } });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const today = () => t.clock.now.toISOString().slice(0, 10);
const kitchen = findCategory('kitchen')!;
const task = kitchen.tasks.find((x) => x.subtaskIds.length >= 3)!;

const bid = (cookie: string, id: string, payload?: object) =>
  call(t.app, { method: 'POST', url: `/api/tasks/${id}/bid`, ...(payload ? { payload } : {}) }, cookie);
const putQuote = (cookie: string, bidId: string, payload: object) =>
  call(t.app, { method: 'PUT', url: `/api/bids/${bidId}/quote`, payload }, cookie);
const withdraw = (cookie: string, bidId: string) =>
  call(t.app, { method: 'DELETE', url: `/api/bids/${bidId}` }, cookie);
const pdf = (cookie: string | undefined, bidId: string) =>
  call(t.app, { method: 'GET', url: `/api/bids/${bidId}/quote.pdf` }, cookie);
const get = (cookie: string, url: string) => call(t.app, { method: 'GET', url }, cookie);
const ownerBids = async (cookie: string, estimateId: string) =>
  (await get(cookie, `/api/estimates/${estimateId}/bids`)).json<EstimateBids>().items;

interface Scene {
  customer: TestUser;
  owner: string;
  estimate: Estimate;
  provider: TestUser;
  pc: string;
  bidId: string;
}

/** A posted estimate of three lines with a pending bid of a deluxe provider on it. */
async function scene(): Promise<Scene> {
  const customer = await makeCustomer(db(), { firstName: 'Ann' });
  const estimate = await makeEstimate(db(), customer, {
    status: 'posted',
    task: task.id,
    subtasks: task.subtaskIds.slice(0, 3),
    title: 'Kitchen refresh',
    now: t.clock.now,
  });
  const provider = await makeProvider(db(), { plan: 'deluxe', companyName: 'Dana Builds' });
  const pc = await loginAs(t.app, provider);
  const placed = await bid(pc, estimate.id);
  expect(placed.statusCode).toBe(201);
  return {
    customer,
    owner: await loginAs(t.app, customer),
    estimate,
    provider,
    pc,
    bidId: placed.json().bid.id,
  };
}

const line = (s: Scene, i: number) => s.estimate.lineItems[i]!;
/** A valid body: the first line at the estimate's own amount, valid for a week. */
const body = (s: Scene, over: object = {}) => ({
  lines: [{ subtask: line(s, 0).name, amount: line(s, 0).amountCents / 100 }],
  validUntil: addDaysToYmd(today(), 7),
  ...over,
});

describe('quoting a pending bid', () => {
  it('the first quote is 201 (revision 1); a revision is 200 (revision 2, revisedAt set); every revision is kept', async () => {
    const s = await scene();
    const first = await putQuote(s.pc, s.bidId, body(s, { exclusions: 'Permits', note: 'Thanks' }));
    expect(first.statusCode).toBe(201);
    const q1 = first.json<{ message: string; quote: OwnQuote }>();
    expect(q1.message).toBe(QUOTE_MESSAGES.saved);
    expect(q1.quote).toMatchObject({
      revision: 1,
      revisedAt: null,
      exclusions: 'Permits',
      note: 'Thanks',
      lines: [
        { subtaskId: line(s, 0).subtaskId, subtask: line(s, 0).name, amount: line(s, 0).amountCents / 100 },
      ],
    });
    t.clock.advance(60_000);
    const second = await putQuote(s.pc, s.bidId, body(s, { extras: [{ label: 'Haul away', amount: 150 }] }));
    expect(second.statusCode).toBe(200);
    const q2 = second.json<{ message: string; quote: OwnQuote }>();
    expect(q2.message).toBe(QUOTE_MESSAGES.revised);
    expect(q2.quote).toMatchObject({
      revision: 2,
      createdAt: q1.quote.createdAt,
      revisedAt: t.clock.now.toISOString(),
    });
    expect(q2.quote.total).toBe(line(s, 0).amountCents / 100 + 150);
    const rows = await db().select().from(bidQuotes).where(eq(bidQuotes.bidId, s.bidId));
    expect(rows.map((r) => r.revision).sort()).toEqual([1, 2]);
    // The owner sees the latest, revised; the provider's list carries it too.
    const [seen] = await ownerBids(s.owner, s.estimate.id);
    expect(seen?.quote).toMatchObject({
      revisedAt: q2.quote.revisedAt,
      extras: [{ label: 'Haul away', amount: 150 }],
    });
    const mine = (await get(s.pc, '/api/bids/provider')).json<ProviderBids>();
    expect(mine.items.find((i) => i.id === s.bidId)?.quote).toMatchObject({ id: q2.quote.id, revision: 2 });
  });

  it('parallel saves make consecutive revisions, exactly one of them the first (201)', async () => {
    const s = await scene();
    const results = await Promise.all(Array.from({ length: 5 }, () => putQuote(s.pc, s.bidId, body(s))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(results.map((r) => r.json().quote.revision).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores a total sent by the client: the total is the sum of the lines and extras', async () => {
    const s = await scene();
    const res = await putQuote(
      s.pc,
      s.bidId,
      body(s, {
        lines: [
          { subtask: line(s, 0).subtaskId, amount: 1000.1 },
          { subtask: line(s, 1).name.toUpperCase(), amount: 0.2 },
        ],
        extras: [{ label: 'Disposal', amount: 99.99 }],
        total: 5,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().quote.total).toBe(1100.29);
    const [row] = await db().select().from(bidQuotes).where(eq(bidQuotes.bidId, s.bidId));
    expect(Number(row!.totalCents)).toBe(110_029);
  });

  it('a subtask not on the estimate, or named twice, is a 400 naming it in fields', async () => {
    const s = await scene();
    const res = await putQuote(
      s.pc,
      s.bidId,
      body(s, {
        lines: [
          { subtask: line(s, 0).name, amount: 10 },
          { subtask: 'Roof Replacement', amount: 10 },
          { subtask: line(s, 0).subtaskId, amount: 10 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'lines.1.subtask': 'Not on this estimate: Roof Replacement',
      'lines.2.subtask': `Named twice: ${line(s, 0).name}`,
    });
    expect(await db().select().from(bidQuotes).where(eq(bidQuotes.bidId, s.bidId))).toEqual([]);
  });

  it('refuses amounts with 3 decimals, of 0 or above $1,000,000, and a quote that prices nothing', async () => {
    const s = await scene();
    for (const amount of [10.005, 0, 1_000_000.01, -1]) {
      const res = await putQuote(s.pc, s.bidId, body(s, { lines: [{ subtask: line(s, 0).name, amount }] }));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['lines.0.amount']);
    }
    const extra = await putQuote(
      s.pc,
      s.bidId,
      body(s, { lines: [], extras: [{ label: 'X', amount: 0.001 }] }),
    );
    expect(Object.keys(extra.json().fields)).toEqual(['extras.0.amount']);
    const nothing = await putQuote(s.pc, s.bidId, body(s, { lines: [] }));
    expect(nothing.json().fields).toEqual({ lines: QUOTE_FIELD_MESSAGES.nothingPriced });
    const max = await putQuote(
      s.pc,
      s.bidId,
      body(s, { lines: [{ subtask: line(s, 0).name, amount: 1_000_000 }] }),
    );
    expect(max.statusCode).toBe(201);
  });

  it('validUntil from today to 90 days ahead; the start window in order and within a year', async () => {
    const s = await scene();
    const fields = async (over: object) => {
      const res = await putQuote(s.pc, s.bidId, body(s, over));
      expect(res.statusCode).toBe(400);
      return res.json().fields;
    };
    expect(await fields({ validUntil: addDaysToYmd(today(), -1) })).toEqual({
      validUntil: QUOTE_FIELD_MESSAGES.validPast,
    });
    expect(await fields({ validUntil: addDaysToYmd(today(), 91) })).toEqual({
      validUntil: QUOTE_FIELD_MESSAGES.validTooFar,
    });
    expect(await fields({ startFrom: addDaysToYmd(today(), 10), startTo: addDaysToYmd(today(), 5) })).toEqual(
      {
        startTo: QUOTE_FIELD_MESSAGES.startOrder,
      },
    );
    expect(await fields({ startFrom: addDaysToYmd(today(), 366) })).toEqual({
      startFrom: QUOTE_FIELD_MESSAGES.startTooFar,
    });
    expect(await fields({ validUntil: '2026-02-30' })).toHaveProperty('validUntil');
    const ok = await putQuote(
      s.pc,
      s.bidId,
      body(s, {
        validUntil: addDaysToYmd(today(), 90),
        startFrom: today(),
        startTo: addDaysToYmd(today(), 365),
      }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().quote).toMatchObject({ startFrom: today(), startTo: addDaysToYmd(today(), 365) });
  });
});

describe("the owner's comparison", () => {
  it('each line beside the estimate amount: difference, percent, flagged above 20 %, "Not quoted", a zero estimate amount', async () => {
    const s = await scene();
    // The third line's own amount is 0 (a line without a rate).
    const items = s.estimate.lineItems.map((l, i) => (i === 2 ? { ...l, amountCents: 0, amount: 0 } : l));
    await db().update(estimates).set({ lineItems: items }).where(eq(estimates.id, s.estimate.id));
    const a = line(s, 0).amountCents;
    const res = await putQuote(
      s.pc,
      s.bidId,
      body(s, {
        lines: [
          { subtask: line(s, 0).name, amount: (a * 1.5) / 100 },
          { subtask: line(s, 2).name, amount: 40 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const [seen] = await ownerBids(s.owner, s.estimate.id);
    expect(seen?.quote?.lines).toEqual([
      {
        subtask: line(s, 0).name,
        subtaskId: line(s, 0).subtaskId,
        amount: (a * 1.5) / 100,
        estimateAmount: a / 100,
        difference: (a * 0.5) / 100,
        differencePercent: 50,
        flagged: true,
      },
      {
        subtask: line(s, 1).name,
        subtaskId: line(s, 1).subtaskId,
        amount: null,
        estimateAmount: line(s, 1).amountCents / 100,
        difference: null,
        differencePercent: null,
        flagged: false,
      },
      {
        subtask: line(s, 2).name,
        subtaskId: line(s, 2).subtaskId,
        amount: 40,
        estimateAmount: 0,
        difference: 40,
        differencePercent: null,
        flagged: false,
      },
    ]);
  });

  it('a line exactly 20 % above is not flagged; one cent more is', async () => {
    const s = await scene();
    // The first line's own amount made $1,000.00, so 20 % of it is whole cents.
    const a = 100_000;
    const items = s.estimate.lineItems.map((l, i) =>
      i === 0 ? { ...l, amountCents: a, amount: a / 100 } : l,
    );
    await db().update(estimates).set({ lineItems: items }).where(eq(estimates.id, s.estimate.id));
    await putQuote(
      s.pc,
      s.bidId,
      body(s, { lines: [{ subtask: line(s, 0).name, amount: (a * 1.2) / 100 }] }),
    );
    let [seen] = await ownerBids(s.owner, s.estimate.id);
    expect(seen?.quote?.lines[0]).toMatchObject({ differencePercent: 20, flagged: false });
    await putQuote(
      s.pc,
      s.bidId,
      body(s, { lines: [{ subtask: line(s, 0).name, amount: (a * 1.2 + 1) / 100 }] }),
    );
    [seen] = await ownerBids(s.owner, s.estimate.id);
    expect(seen?.quote?.lines[0]).toMatchObject({ flagged: true });
  });

  it('the total below, within or above the estimate range, and by how much; a bid without a quote has null', async () => {
    const s = await scene();
    const { minBudget: min, maxBudget: max } = s.estimate;
    const other = await makeProvider(db(), { plan: 'deluxe' });
    await bid(await loginAs(t.app, other), s.estimate.id);
    const extrasOnly = (amount: number) => body(s, { lines: [], extras: [{ label: 'All of it', amount }] });
    const position = async () =>
      (await ownerBids(s.owner, s.estimate.id)).find((b) => b.id === s.bidId)?.quote;

    await putQuote(s.pc, s.bidId, extrasOnly(min - 100));
    expect(await position()).toMatchObject({ position: 'below', positionAmount: 100, total: min - 100 });
    await putQuote(s.pc, s.bidId, extrasOnly(min));
    expect(await position()).toMatchObject({ position: 'within', positionAmount: 0 });
    await putQuote(s.pc, s.bidId, extrasOnly(max + 250.5));
    expect(await position()).toMatchObject({ position: 'above', positionAmount: 250.5, expired: false });
    const theirs = (await ownerBids(s.owner, s.estimate.id)).find((b) => b.providerId === other.id);
    expect(theirs?.quote).toBeNull();
  });
});

describe('who may quote, withdraw and read the PDF', () => {
  it('another provider gets 404 for PUT, DELETE and the PDF; a customer who is not the owner 404 for the PDF', async () => {
    const s = await scene();
    expect((await putQuote(s.pc, s.bidId, body(s))).statusCode).toBe(201);
    const stranger = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    expect((await putQuote(stranger, s.bidId, body(s))).statusCode).toBe(404);
    expect((await withdraw(stranger, s.bidId)).statusCode).toBe(404);
    expect((await pdf(stranger, s.bidId)).statusCode).toBe(404);
    const otherCustomer = await loginAs(t.app, await makeCustomer(db()));
    expect((await pdf(otherCustomer, s.bidId)).statusCode).toBe(404);
    expect((await get(otherCustomer, `/api/estimates/${s.estimate.id}/bids`)).statusCode).toBe(404);
    expect((await pdf(undefined, s.bidId)).statusCode).toBe(401);
    expect((await putQuote(s.pc, '00000000-0000-4000-8000-000000000000', body(s))).statusCode).toBe(404);
    expect((await putQuote(s.pc, 'not-an-id', body(s))).statusCode).toBe(404);
    for (const cookie of [s.owner, s.pc, await loginAs(t.app, await makeAdmin(db()))]) {
      expect((await pdf(cookie, s.bidId)).statusCode).toBe(200);
    }
  });

  it('a bid without a quote has no PDF (404)', async () => {
    const s = await scene();
    const res = await pdf(s.owner, s.bidId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(QUOTE_MESSAGES.noQuote);
  });
});

describe('withdrawing and bidding again', () => {
  it('the provider withdraws a pending bid: it leaves the owner’s bids and the bid count; then 409; quoting it 409', async () => {
    const s = await scene();
    await putQuote(s.pc, s.bidId, body(s));
    const events: string[] = [];
    const off = t.app.ctx.events.afterCommit('bidWithdrawn', (p) => void events.push(p.bidId));
    try {
      const res = await withdraw(s.pc, s.bidId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: QUOTE_MESSAGES.withdrawn,
        bid: { id: s.bidId, status: 'withdrawn' },
      });
      expect(events).toEqual([s.bidId]);
    } finally {
      off();
    }
    expect(await ownerBids(s.owner, s.estimate.id)).toEqual([]);
    expect((await get(s.owner, `/api/estimates/${s.estimate.id}`)).json<Estimate>().bidCount).toBe(0);
    const again = await withdraw(s.pc, s.bidId);
    expect(again.statusCode).toBe(409);
    const quoted = await putQuote(s.pc, s.bidId, body(s));
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json().error).toBe(QUOTE_MESSAGES.notPending);
    // The owner no longer gets its PDF; the provider still does (their own quote).
    expect((await pdf(s.owner, s.bidId)).statusCode).toBe(404);
    expect((await pdf(s.pc, s.bidId)).statusCode).toBe(200);
    // Their own list keeps it, withdrawn.
    const mine = (await get(s.pc, '/api/bids/provider')).json<ProviderBids>();
    expect(mine.items.find((i) => i.id === s.bidId)?.status).toBe('withdrawn');
  });

  it('placing the bid again revives it as pending (201), back in the owner’s bids with its quote', async () => {
    const s = await scene();
    await putQuote(s.pc, s.bidId, body(s));
    await withdraw(s.pc, s.bidId);
    t.clock.advance(1000);
    const res = await bid(s.pc, s.estimate.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created: true,
      bid: { id: s.bidId, status: 'pending', decidedAt: null, createdAt: t.clock.now.toISOString() },
    });
    const [seen] = await ownerBids(s.owner, s.estimate.id);
    expect(seen).toMatchObject({
      id: s.bidId,
      status: 'pending',
      quote: { total: line(s, 0).amountCents / 100 },
    });
    expect((await get(s.owner, `/api/estimates/${s.estimate.id}`)).json<Estimate>().bidCount).toBe(1);
    // A plain repeat still answers the same bid with 200.
    expect((await bid(s.pc, s.estimate.id)).statusCode).toBe(200);
  });

  it('a declined bid cannot be quoted or withdrawn (409)', async () => {
    const s = await scene();
    await db().update(bids).set({ status: 'declined', decidedAt: t.clock.now }).where(eq(bids.id, s.bidId));
    expect((await putQuote(s.pc, s.bidId, body(s))).statusCode).toBe(409);
    expect((await withdraw(s.pc, s.bidId)).statusCode).toBe(409);
    const repeat = await bid(s.pc, s.estimate.id, body(s));
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe(QUOTE_MESSAGES.notPending);
  });

  it('an estimate no longer posted takes no quote (409)', async () => {
    const s = await scene();
    await db().update(estimates).set({ status: 'draft' }).where(eq(estimates.id, s.estimate.id));
    const res = await putQuote(s.pc, s.bidId, body(s));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BID_MESSAGES.notPosted);
  });
});

describe('placing a bid with its quote', () => {
  it('one call places the bid and its first quote; a bad quote places nothing; a repeat with a quote revises it', async () => {
    const customer = await makeCustomer(db());
    const estimate = await makeEstimate(db(), customer, {
      status: 'posted',
      task: task.id,
      subtasks: task.subtaskIds.slice(0, 2),
      now: t.clock.now,
    });
    const pc = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    const name = estimate.lineItems[0]!.name;
    const validUntil = addDaysToYmd(today(), 30);

    const bad = await bid(pc, estimate.id, { lines: [{ subtask: 'Nope', amount: 5 }], validUntil });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'lines.0.subtask': 'Not on this estimate: Nope' });
    expect(await db().select().from(bids).where(eq(bids.estimateId, estimate.id))).toEqual([]);

    const placed = await bid(pc, estimate.id, { lines: [{ subtask: name, amount: 321.5 }], validUntil });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      message: BID_MESSAGES.placed,
      created: true,
      bid: { status: 'pending' },
      quote: { revision: 1, total: 321.5, validUntil },
    });
    const repeat = await bid(pc, estimate.id, { lines: [{ subtask: name, amount: 300 }], validUntil });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ created: false, quote: { revision: 2, total: 300 } });
    // The one-click bid: an empty body answers the bid, no quote.
    const plain = await bid(pc, estimate.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().quote).toBeUndefined();
  });
});

describe('the quote as a PDF', () => {
  it('a real PDF whose text holds the provider, the customer’s first name and city, lines, extras, terms and the total; never the street address', async () => {
    const s = await scene();
    await db().update(estimates).set({ address: '12 Hidden Lane' }).where(eq(estimates.id, s.estimate.id));
    const amount = line(s, 0).amountCents / 100 + 0.37;
    await putQuote(
      s.pc,
      s.bidId,
      body(s, {
        lines: [{ subtask: line(s, 0).name, amount }],
        extras: [{ label: 'Haul away old cabinets', amount: 1234.56 }],
        exclusions: 'Painting and permits',
        startFrom: addDaysToYmd(today(), 3),
      }),
    );
    const res = await pdf(s.owner, s.bidId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="quote-kitchen-refresh-r1.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(doc, { mergePages: true });
    const total = formatMoney(amount + 1234.56);
    for (const expected of [
      'Dana Builds',
      `Ann, ${s.estimate.city}`,
      'Kitchen refresh',
      line(s, 0).name,
      line(s, 1).name,
      'Not quoted',
      'Haul away old cabinets',
      '$1,234.56',
      'Painting and permits',
      `Total: ${total}`,
      formatMoney(s.estimate.minBudget),
      formatMoney(s.estimate.maxBudget),
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Hidden Lane');
  });
});

describe("a quote's expiry", () => {
  it('at the end of its validUntil day (UTC) publishes quoteExpired once, only while the bid is pending and the quote is its latest', async () => {
    const expired: string[] = [];
    const off = t.app.ctx.events.afterCommit('quoteExpired', (p) => void expired.push(p.bidId));
    try {
      const a = await scene();
      const b = await scene();
      const c = await scene();
      const validUntil = today();
      await putQuote(a.pc, a.bidId, body(a, { validUntil }));
      // b revises: its first quote's expiry finds a later revision and says nothing; the revision's says it.
      await putQuote(b.pc, b.bidId, body(b, { validUntil }));
      await putQuote(b.pc, b.bidId, body(b, { validUntil: addDaysToYmd(validUntil, 1) }));
      // c withdraws: nothing.
      await putQuote(c.pc, c.bidId, body(c, { validUntil }));
      await withdraw(c.pc, c.bidId);
      const items = await db().select().from(scheduledWork).where(eq(scheduledWork.kind, 'quoteExpiry'));
      expect(
        items.filter((i) => [a.bidId, b.bidId, c.bidId].includes((i.payload as { bidId: string }).bidId)),
      ).toHaveLength(4);

      // Not yet: the day is not over.
      while ((await t.app.ctx.work.runDue()) > 0);
      expect(expired).toEqual([]);
      const [y, m, d] = validUntil.split('-').map(Number) as [number, number, number];
      t.clock.now = new Date(Date.UTC(y, m - 1, d + 1, 0, 0, 1));
      while ((await t.app.ctx.work.runDue()) > 0);
      expect(expired).toEqual([a.bidId]);
      // The owner sees it expired (signed in again: the clock moved past the session's idle limit).
      const owner = await loginAs(t.app, a.customer);
      expect((await ownerBids(owner, a.estimate.id))[0]?.quote?.expired).toBe(true);
      t.clock.advance(86_400_000);
      while ((await t.app.ctx.work.runDue()) > 0);
      expect(expired).toEqual([a.bidId, b.bidId]);
    } finally {
      off();
    }
  });
});

describe('hostile quote bodies from the bidding provider', () => {
  // The bidder's own bid (and its estimate), so hostile bodies reach the quote rules rather than a 403 or 404.
  it.each([
    ['PUT', '/api/bids/:bidId/quote', (s: Scene) => `/api/bids/${s.bidId}/quote`],
    ['POST', '/api/tasks/:id/bid', (s: Scene) => `/api/tasks/${s.estimate.id}/bid`],
  ] as const)(
    '%s %s answers below 500, in the error shape, and writes nothing when refused',
    async (method, url, own) => {
      const s = await scene();
      // The scene's bid is mailed to the estimate's owner in the background: done before counting.
      await t.app.ctx.mailer.idle();
      const route = fuzzableRoutes(t.app.registeredRoutes).find((r) => r.method === method && r.url === url)!;
      const allowed = new Set(MAY_CHANGE_ON_REJECTION.keys());
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (c) => {
          const request = toInject(route, c, s.pc);
          if (c.path?.kind !== 'raw') request.url = own(s) + String(request.url).replace(/^[^?]*/, '');
          const before = await countRows(db());
          const res = await t.app.inject(request);
          const problems = responseProblems(res);
          if (res.statusCode >= 400) problems.push(...diffCounts(before, await countRows(db()), allowed));
          expect(problems, `${res.statusCode} ${res.body.slice(0, 300)}`).toEqual([]);
        }),
        { seed: 20_261_126, numRuns: 100 },
      );
    },
    120_000,
  );
});
