// The owner's title and description (PATCH /api/estimates/{id}) on the real app and database: the wizard's save
// fills the description, the owner changes both before and after posting, everyone else gets 404, the limits are
// 400s naming the field, a completed or cancelled estimate is not edited, and an edit of a posted estimate tells
// each provider who bid on it once (never before posting, never the editor).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_TEXT_MESSAGES } from '#domain/schemas/estimate.schema';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { NotificationList } from '#domain/schemas/notification.schema';
import { notifications } from '#server/db/schema/index';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;

async function edit(id: string, user: TestUser | null, payload: object) {
  const cookie = user ? await loginAs(t.app, user) : undefined;
  return call(t.app, { method: 'PATCH', url: `/api/estimates/${id}`, payload }, cookie);
}
async function read(id: string, user: TestUser) {
  return (
    await call(t.app, { method: 'GET', url: `/api/estimates/${id}` }, await loginAs(t.app, user))
  ).json<Estimate>();
}
async function act(method: 'PATCH' | 'PUT', url: string, user: TestUser, payload?: object) {
  const res = await call(t.app, { method, url, ...(payload ? { payload } : {}) }, await loginAs(t.app, user));
  expect(res.statusCode, res.body).toBe(200);
}
const post = (id: string, owner: TestUser) => act('PATCH', `/api/estimates/${id}/post`, owner);
const setStatus = (id: string, owner: TestUser, status: string) =>
  act('PUT', `/api/estimates/${id}/status`, owner, { status });
async function bid(id: string, provider: TestUser) {
  const res = await call(
    t.app,
    { method: 'POST', url: `/api/tasks/${id}/bid` },
    await loginAs(t.app, provider),
  );
  expect(res.statusCode, res.body).toBe(201);
}
/** The provider's "edited" notifications about this estimate, through their own list. */
async function updatesFor(provider: TestUser, estimateId: string) {
  const res = await call(
    t.app,
    { method: 'GET', url: '/api/notifications?pageSize=50' },
    await loginAs(t.app, provider),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<NotificationList>()
    .items.filter((n) => n.kind === 'estimate_edited' && n.estimateId === estimateId);
}

describe('the description the wizard saves', () => {
  it('is "<task> project with N subtasks" when the save sends none, and the title "<task> - <category>"', async () => {
    const owner = await makeCustomer(db());
    const res = await postJson(
      t.app,
      '/api/estimates',
      {
        category: 'kitchen',
        task: 'Kitchen Remodel',
        subtasks: ['Cabinets', 'Countertops'],
        measurements: JSON.stringify({
          Cabinets: { length: '12' },
          Countertops: { length: '10', width: '2' },
        }),
        gradeLevel: 'Standard',
        region: 'Anchorage, AK',
      },
      await loginAs(t.app, owner),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Estimate>()).toMatchObject({
      title: 'Kitchen Remodel - Kitchen',
      description: 'Kitchen Remodel project with 2 subtasks',
    });
  });
});

describe('PATCH /api/estimates/{id}: the owner edits the title and the description', () => {
  it('before and after posting, trimmed; one field alone keeps the other; the same text again changes nothing', async () => {
    const owner = await makeCustomer(db());
    const e = await makeEstimate(db(), owner, { title: 'Bathroom Remodel - Bathroom' });

    const draft = await edit(e.id, owner, {
      title: '  Leaky shower  ',
      description: '  The shower valve drips when off.  ',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json<Estimate>()).toMatchObject({
      title: 'Leaky shower',
      description: 'The shower valve drips when off.',
      status: 'draft',
    });

    await post(e.id, owner);
    const posted = await edit(e.id, owner, { description: 'The shower valve drips, also the tub spout.' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await read(e.id, owner)).toMatchObject({
      title: 'Leaky shower',
      description: 'The shower valve drips, also the tub spout.',
      status: 'posted',
    });

    const titleOnly = await edit(e.id, owner, { title: 'Leaky shower and tub' });
    expect(titleOnly.json<Estimate>()).toMatchObject({
      title: 'Leaky shower and tub',
      description: 'The shower valve drips, also the tub spout.',
    });
    const before = titleOnly.json<Estimate>().updatedAt;
    t.clock.advance(1000);
    const same = await edit(e.id, owner, { title: 'Leaky shower and tub' });
    expect(same.statusCode).toBe(200);
    expect(same.json<Estimate>().updatedAt).toBe(before);

    // An empty description is allowed: the owner may clear it.
    const cleared = await edit(e.id, owner, { description: '   ' });
    expect(cleared.json<Estimate>().description).toBe('');
  });

  it("is the owner's only: another customer, a provider and an admin get 404, anonymous 401; nothing changes", async () => {
    const owner = await makeCustomer(db());
    const e = await makeEstimate(db(), owner, { title: 'Deck stain' });
    await post(e.id, owner);
    const others = [
      await makeCustomer(db()),
      await makeProvider(db(), { plan: 'deluxe' }),
      await makeAdmin(db()),
    ];
    for (const other of others) {
      const res = await edit(e.id, other, { title: 'Hijacked' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Estimate not found', code: 'NOT_FOUND' });
    }
    expect((await edit(e.id, null, { title: 'Hijacked' })).statusCode).toBe(401);
    expect((await edit('not-a-uuid', owner, { title: 'x' })).statusCode).toBe(404);
    expect((await read(e.id, owner)).title).toBe('Deck stain');
  });

  it('answers 400 naming the field: a description over 2,000 characters, an empty or too long title, nothing to change', async () => {
    const owner = await makeCustomer(db());
    const e = await makeEstimate(db(), owner, { title: 'Fence repair' });

    const long = await edit(e.id, owner, { description: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION',
      error: ESTIMATE_TEXT_MESSAGES.descriptionTooLong,
      fields: { description: 'The description can be at most 2,000 characters' },
    });
    const emptyTitle = await edit(e.id, owner, { title: '   ', description: 'ok' });
    expect(emptyTitle.statusCode).toBe(400);
    expect(emptyTitle.json().fields).toEqual({ title: 'Please enter a title' });
    const longTitle = await edit(e.id, owner, { title: 'y'.repeat(201) });
    expect(longTitle.json().fields).toEqual({ title: ESTIMATE_TEXT_MESSAGES.titleTooLong });
    const nothing = await edit(e.id, owner, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBe(ESTIMATE_TEXT_MESSAGES.nothingToChange);
    const notText = await edit(e.id, owner, { description: 42 });
    expect(notText.json().fields).toEqual({ description: ESTIMATE_TEXT_MESSAGES.notText });
    expect(await read(e.id, owner)).toMatchObject({ title: 'Fence repair' });

    // Exactly 2,000 characters (after trimming) is accepted.
    const full = await edit(e.id, owner, { description: ` ${'z'.repeat(2000)} ` });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json<Estimate>().description).toHaveLength(2000);
  });

  it('a completed or cancelled estimate is not edited (409 saying why)', async () => {
    const owner = await makeCustomer(db());
    const done = await makeEstimate(db(), owner);
    await post(done.id, owner);
    await setStatus(done.id, owner, 'completed');
    const completed = await edit(done.id, owner, { title: 'Too late' });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().error).toBe('A completed estimate cannot be edited');

    const dropped = await makeEstimate(db(), owner);
    await setStatus(dropped.id, owner, 'cancelled');
    const cancelled = await edit(dropped.id, owner, { title: 'Too late' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe('A cancelled estimate cannot be edited. Reopen it as a draft first.');
    await setStatus(dropped.id, owner, 'draft');
    expect((await edit(dropped.id, owner, { title: 'Back again' })).statusCode).toBe(200);
  });
});

describe('the bidders are told of an edit after posting', () => {
  it('each bidder once per edit, not a provider who did not bid, not the editor; nothing before posting or while unposted', async () => {
    const owner = await makeCustomer(db());
    const e = await makeEstimate(db(), owner, { category: 'kitchen', title: 'Kitchen Remodel - Kitchen' });
    // Before posting nobody can have bid, and nobody is told.
    expect((await edit(e.id, owner, { description: 'Old cabinets out, new ones in.' })).statusCode).toBe(200);
    await post(e.id, owner);

    const [first, second, bystander, withdrew] = [
      await makeProvider(db(), { plan: 'deluxe' }),
      await makeProvider(db(), { plan: 'deluxe' }),
      await makeProvider(db(), { plan: 'deluxe' }),
      await makeProvider(db(), { plan: 'deluxe' }),
    ];
    await bid(e.id, first!);
    await bid(e.id, second!);
    // A provider who withdrew their bid is no longer a bidder.
    const withdrawn = await call(
      t.app,
      { method: 'POST', url: `/api/tasks/${e.id}/bid` },
      await loginAs(t.app, withdrew!),
    );
    const withdrawnId = withdrawn.json<{ bid: { id: string } }>().bid.id;
    const gone = await call(
      t.app,
      { method: 'DELETE', url: `/api/bids/${withdrawnId}` },
      await loginAs(t.app, withdrew!),
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await updatesFor(first!, e.id)).toHaveLength(0);

    const res = await edit(e.id, owner, {
      title: 'Kitchen cabinets',
      description: 'Old cabinets out, new ones in. The sink drips.',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const p of [first!, second!]) {
      const told = await updatesFor(p, e.id);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: 'The customer updated “Kitchen cabinets”.',
        body: 'They changed the title and the description. Read it again before you message them.',
        read: false,
        priority: true,
      });
    }
    expect(await updatesFor(bystander!, e.id)).toHaveLength(0);
    expect(await updatesFor(withdrew!, e.id)).toHaveLength(0);
    // The owner (the editor) is told of the bids, never of their own edit.
    const forOwner = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.estimateId, e.id)));
    expect(forOwner.map((n) => n.kind)).toEqual(['bid_received', 'bid_received', 'bid_received']);

    // The same text again tells nobody; a second real edit is a second notice.
    await edit(e.id, owner, { title: 'Kitchen cabinets' });
    expect(await updatesFor(first!, e.id)).toHaveLength(1);
    t.clock.advance(1000);
    await edit(e.id, owner, { description: 'The sink drips when off.' });
    const again = await updatesFor(first!, e.id);
    expect(again).toHaveLength(2);
    expect(again[0]!.body).toBe('They changed the description. Read it again before you message them.');

    // Unposted, the estimate is a draft no provider can open: an edit then tells nobody.
    await setStatus(e.id, owner, 'draft');
    await edit(e.id, owner, { title: 'Kitchen cabinets and sink' });
    expect(await updatesFor(first!, e.id)).toHaveLength(2);
  });
});
