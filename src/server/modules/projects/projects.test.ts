// Public projects on the real app and database (PGlite, or PostgreSQL with TEST_DB=postgres): posting rules and
// hostile input, the plan's posted limit, list filters, what each viewer reads, messages and connect.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCategory } from '#domain/catalog/home-repair';
import { MESSAGE_ERRORS } from '#domain/schemas/message-api.schema';
import { messages } from '#server/db/schema/index';
import { countRows, diffCounts } from '#server/db/table-counts';
import { makeAdmin, makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { hostileValue } from '#server/test/fuzz/hostile';
import { updateUser } from '#server/modules/users';
import { call, loginAs, postJson } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Redo the kitchen',
  category: 'Kitchen',
  description: 'New cabinets and counters',
  city: 'Jacksonville',
  minBudget: '5000',
  maxBudget: '9000',
  ...over,
});

async function premiumCustomer(traits: Parameters<typeof makeCustomer>[1] = {}) {
  return makeCustomer(t.app.ctx.db, {
    subscriptionPlan: 'premium',
    subscriptionExpiryDate: new Date(t.clock.now.getTime() + 365 * DAY),
    ...traits,
  });
}

async function post(user: TestUser, body: object) {
  return postJson(t.app, '/api/tasks/post', body, await loginAs(t.app, user));
}

async function postOk(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await post(user, form(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ project: { id: string } }>().project;
}

const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);

describe('POST /api/tasks/post', () => {
  it("posts a signed-in, verified customer's project; the answer is the public project", async () => {
    const owner = await premiumCustomer();
    const res = await post(owner, form({ minBudget: '$1,250.50', maxBudget: 3000 }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.project).toMatchObject({
      title: 'Redo the kitchen',
      category: 'kitchen',
      categoryLabel: 'Kitchen',
      city: 'Jacksonville',
      minBudget: 1250.5,
      maxBudget: 3000,
      budgetMin: 1250.5,
      budgetMax: 3000,
      messageCount: 0,
    });
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain(owner.id);
  });

  it('refuses anonymous visitors (401), unverified emails and providers (403)', async () => {
    const before = await countRows(t.app.ctx.db);
    expect((await postJson(t.app, '/api/tasks/post', form())).statusCode).toBe(401);
    const unverified = await makeCustomer(t.app.ctx.db, { verified: false });
    const res = await post(unverified, form());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/verify your email/i);
    const provider = await makeProvider(t.app.ctx.db, { plan: 'deluxe' });
    expect((await post(provider, form())).statusCode).toBe(403);
    // An unverified provider cannot send offers either.
    const unverifiedPro = await makeProvider(t.app.ctx.db, { plan: 'deluxe', verified: false });
    const project = await postOk(await premiumCustomer());
    const offer = await postJson(
      t.app,
      `/api/projects/${project.id}/messages`,
      { body: 'hi' },
      await loginAs(t.app, unverifiedPro),
    );
    expect(offer.statusCode).toBe(403);
    expect(offer.json().error).toMatch(/verify your email/i);
    // The one project posted tells the providers whose plan opens its category (notifications), by mail too as
    // they chose (the mail's outbox, their unsubscribe keys, the development outbox without SMTP).
    await t.app.ctx.mailer.idle();
    expect(
      diffCounts(
        before,
        await countRows(t.app.ctx.db),
        new Set([
          'sessions',
          'users',
          'projects',
          'notifications',
          'notification_mail',
          'notification_settings',
          'mail_outbox',
        ]),
      ),
    ).toEqual([]);
    expect((await countRows(t.app.ctx.db)).project_messages).toBe(before.project_messages);
  });

  it('answers field messages for a bad form and writes nothing', async () => {
    const owner = await premiumCustomer();
    const before = await countRows(t.app.ctx.db);
    const res = await post(owner, { title: ' ', category: 'Spaceships', minBudget: '-3', maxBudget: 'abc' });
    expect(res.statusCode).toBe(400);
    const { fields, code } = res.json();
    expect(code).toBe('VALIDATION');
    expect(fields).toMatchObject({
      title: 'Title is required',
      category: expect.stringContaining('Choose a category'),
      city: 'City is required',
      minBudget: 'Minimum budget cannot be negative',
      maxBudget: expect.stringContaining('amount of dollars'),
    });
    const minMax = await post(owner, form({ minBudget: 900, maxBudget: 100 }));
    expect(minMax.statusCode).toBe(400);
    expect(minMax.json().fields).toEqual({ maxBudget: 'Maximum budget must be at least the minimum budget' });
    const long = await post(owner, form({ description: 'x'.repeat(2001) }));
    expect(long.json().fields).toEqual({ description: 'Description must be at most 2000 characters' });
    expect(diffCounts(before, await countRows(t.app.ctx.db), new Set(['sessions']))).toEqual([]);
  });

  it('hostile values in every field: never a 5xx; a 201 stores exactly what the rules allow', async () => {
    const owner = await premiumCustomer();
    const cookie = await loginAs(t.app, owner);
    const keys = ['title', 'category', 'description', 'city', 'minBudget', 'maxBudget'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), hostileValue(), async (key, value) => {
        const res = await postJson(t.app, '/api/tasks/post', { ...form(), [key]: value }, cookie);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        if (res.statusCode === 201) {
          const p = res.json().project;
          expect(p.title.length).toBeLessThanOrEqual(120);
          expect(p.city.length).toBeLessThanOrEqual(80);
          expect([
            'kitchen',
            'bathroom',
            'flooring',
            'electrical',
            'siding',
            'concrete',
            'hvac',
            'landscaping',
          ]).toContain(p.category);
        } else {
          expect([400, 403, 413]).toContain(res.statusCode);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("counts against the customer plan's posted limit: free 1 a month, premium 10", async () => {
    const free = await makeCustomer(t.app.ctx.db);
    await postOk(free);
    const second = await post(free, form());
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toBe(
      'Limit reached: your Free plan includes 1 posted estimate per month (public projects count too). Upgrade to Premium to post up to 10 per month.',
    );
    const premium = await premiumCustomer();
    for (let i = 0; i < 10; i++) await postOk(premium, { title: `Job ${i}` });
    const eleventh = await post(premium, form());
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().error).toMatch(
      /^Limit reached: your Premium plan includes 10 posted estimates per month/,
    );
  });

  it('lets an admin post without the plan limit', async () => {
    const admin = await makeAdmin(t.app.ctx.db);
    for (let i = 0; i < 3; i++) await postOk(admin, { title: `Admin job ${i}` });
  });

  it('shares the allowance with posted estimates: a free customer who posted an estimate cannot post a project', async () => {
    const free = await makeCustomer(t.app.ctx.db);
    await makeEstimate(t.app.ctx.db, free, { status: 'posted' });
    expect((await post(free, form())).statusCode).toBe(403);
    const other = await makeCustomer(t.app.ctx.db);
    await postOk(other);
    const estimate = await makeEstimate(t.app.ctx.db, other);
    const res = await call(
      t.app,
      { method: 'PATCH', url: `/api/estimates/${estimate.id}/post` },
      await loginAs(t.app, other),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/public projects count too/);
  });
});

describe('GET /api/projects and /api/public/projects', () => {
  const city = `Testville-${Date.now().toString(36)}`;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const owner = await premiumCustomer();
    ids = {};
    ids.kitchen = (await postOk(owner, { title: 'K1', category: 'Kitchen', city })).id;
    t.clock.advance(1000);
    ids.bath = (await postOk(owner, { title: 'B1', category: 'Bathroom', city: city.toUpperCase() })).id;
    t.clock.advance(1000);
    ids.other = (await postOk(owner, { title: 'K2', category: 'kitchen', city: `${city}-east` })).id;
    t.clock.advance(1000);
  });

  const list = async (query: string) => {
    const res = await get(`/api/projects?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      projects: { id: string; title: string }[];
      total: number;
      page: number;
      pageSize: number;
    }>();
  };

  it('filters by city (any case) and category, newest first', async () => {
    const byCity = await list(`city=${encodeURIComponent(city.toLowerCase())}`);
    expect(byCity.projects.map((p) => p.id)).toEqual([ids.bath, ids.kitchen]);
    expect(byCity.total).toBe(2);
    const both = await list(`city=${encodeURIComponent(city)}&category=Kitchen`);
    expect(both.projects.map((p) => p.id)).toEqual([ids.kitchen]);
    const bath = await list(`city=${encodeURIComponent(city)}&category=bathroom`);
    expect(bath.projects.map((p) => p.id)).toEqual([ids.bath]);
    const none = await list(`city=${encodeURIComponent(city)}&category=hvac`);
    expect(none).toMatchObject({ projects: [], total: 0 });
    const unknown = await list(`city=${encodeURIComponent(city)}&category=spaceships`);
    expect(unknown).toMatchObject({ projects: [], total: 0 });
    const all = await list(`city=${encodeURIComponent(city)}&category=all`);
    expect(all.total).toBe(2);
    const prefixIsNotAMatch = await list(`city=${encodeURIComponent(city.slice(0, -2))}`);
    expect(prefixIsNotAMatch.total).toBe(0);
  });

  it('pages with a default size and a total; the public list is the same list', async () => {
    const first = await list(`city=${encodeURIComponent(city)}&pageSize=1`);
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(first.projects.map((p) => p.id)).toEqual([ids.bath]);
    const second = await list(`city=${encodeURIComponent(city)}&pageSize=1&page=2`);
    expect(second.projects.map((p) => p.id)).toEqual([ids.kitchen]);
    const everything = await list('');
    expect(everything.pageSize).toBe(20);
    const pub = await get(`/api/public/projects?city=${encodeURIComponent(city)}`);
    expect(pub.json().projects.map((p: { id: string }) => p.id)).toEqual([ids.bath, ids.kitchen]);
    expect((await get('/api/projects?pageSize=1000')).statusCode).toBe(400);
  });

  it('cities: live cities with counts, region cities, Jacksonville by default', async () => {
    const res = await get('/api/projects/cities');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.defaultCity).toBe('Jacksonville');
    expect(body.live).toContainEqual({ city: expect.stringMatching(new RegExp(`^${city}$`, 'i')), count: 2 });
    expect(body.cities).toContain('Jacksonville');
    expect(body.cities).toContain('Anchorage');
    expect(body.cities.some((c: string) => c.includes('('))).toBe(false);
  });
});

describe('a project, its messages and connect', () => {
  let owner: TestUser;
  let deluxe: TestUser;
  let deluxe2: TestUser;
  let projectId: string;
  const phone = '904-555-0142';

  beforeAll(async () => {
    owner = await premiumCustomer({ phone, firstName: 'Olive', lastName: 'Owner' });
    deluxe = await makeProvider(t.app.ctx.db, { plan: 'deluxe', companyName: 'Deluxe Kitchens' });
    deluxe2 = await makeProvider(t.app.ctx.db, { plan: 'deluxe', firstName: 'Dana', lastName: 'Second' });
    projectId = (await postOk(owner, { category: 'Kitchen' })).id;
  });

  const sendAs = async (user: TestUser, body: object, id = projectId) =>
    postJson(t.app, `/api/projects/${id}/messages`, body, await loginAs(t.app, user));
  const connectAs = async (user: TestUser, providerUserId: string, id = projectId) =>
    postJson(t.app, `/api/projects/${id}/connect`, { providerUserId }, await loginAs(t.app, user));
  const detailAs = async (user?: TestUser) => {
    const res = await get(`/api/projects/${projectId}`, user ? await loginAs(t.app, user) : undefined);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('404 for unknown ids, malformed ids included', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' or '1'='1", '%00']) {
      const res = await get(`/api/projects/${encodeURIComponent(id)}`);
      expect([404, 400]).toContain(res.statusCode);
      if (id !== '%00') expect(res.statusCode).toBe(404);
    }
    const res = await sendAs(deluxe, { body: 'hi' }, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect((await connectAs(owner, deluxe.id, 'nope')).statusCode).toBe(404);
  });

  it('providers with access to the category send messages and offers; others are refused', async () => {
    const sent = await sendAs(deluxe, { body: 'I can start Monday', offerAmount: '7500.50' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({
      body: 'I can start Monday',
      offerAmount: 7500.5,
      senderUserId: deluxe.id,
      senderName: 'Deluxe Kitchens',
      connected: false,
    });
    t.clock.advance(1000);
    expect((await sendAs(deluxe2, { body: 'Me too' })).statusCode).toBe(201);

    const free = await makeProvider(t.app.ctx.db, { plan: 'free' });
    const refusedFree = await sendAs(free, { body: 'hello' });
    expect(refusedFree.statusCode).toBe(403);
    expect(refusedFree.json().error).toBe('No permission to message');
    // Starter in home-repair/painting: kitchen is not its category.
    const starter = await makeProvider(t.app.ctx.db, { plan: 'starter' });
    const refusedStarter = await sendAs(starter, { body: 'hello' });
    expect(refusedStarter.statusCode).toBe(403);
    expect(refusedStarter.json().error).toBe('Not subscribed to this category');
    const expired = await makeProvider(t.app.ctx.db, { plan: 'deluxe', billing: 'expired-trial' });
    expect((await sendAs(expired, { body: 'hello' })).statusCode).toBe(403);
    expect((await sendAs(owner, { body: 'hello' })).statusCode).toBe(403);
    expect((await postJson(t.app, `/api/projects/${projectId}/messages`, { body: 'x' })).statusCode).toBe(
      401,
    );

    const bad = await sendAs(deluxe, { body: '  ', offerAmount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      body: 'Message is required',
      offerAmount: 'Offer cannot be negative',
    });
  });

  it('the owner reads every message; a provider only their own; the public and other users none', async () => {
    const asOwner = (await detailAs(owner)).json();
    expect(asOwner.viewer).toMatchObject({ role: 'owner', canMessage: false });
    expect(asOwner.messages.map((m: { senderUserId: string }) => m.senderUserId)).toEqual([
      deluxe.id,
      deluxe2.id,
    ]);
    expect(asOwner.messages[1].senderName).toBe('Dana S.');
    expect(asOwner.project.messageCount).toBe(2);
    expect(asOwner.contact).toBeNull();

    const asProvider = (await detailAs(deluxe2)).json();
    expect(asProvider.viewer).toMatchObject({ role: 'provider', canMessage: true, connected: false });
    expect(asProvider.messages.map((m: { body: string }) => m.body)).toEqual(['Me too']);

    const starter = await makeProvider(t.app.ctx.db, { plan: 'starter' });
    const blocked = (await detailAs(starter)).json();
    expect(blocked.viewer).toMatchObject({
      canMessage: false,
      messageBlockedReason: 'Not subscribed to this category',
    });

    for (const viewer of [undefined, await makeCustomer(t.app.ctx.db)]) {
      const res = await detailAs(viewer);
      const body = res.json();
      expect(body.messages).toEqual([]);
      expect(body.project.messageCount).toBe(2);
      expect(body.contact).toBeNull();
      expect(res.body).not.toContain(owner.email);
      expect(res.body).not.toContain(phone);
      expect(res.body).not.toContain(owner.id);
      expect(res.body).not.toContain('I can start Monday');
    }
  });

  it('connect: owner only, with a provider who messaged; then that provider alone sees the contact', async () => {
    expect((await connectAs(deluxe, deluxe.id)).statusCode).toBe(403);
    expect((await connectAs(await makeCustomer(t.app.ctx.db), deluxe.id)).statusCode).toBe(403);
    expect(
      (await postJson(t.app, `/api/projects/${projectId}/connect`, { providerUserId: deluxe.id })).statusCode,
    ).toBe(401);
    const stranger = await makeProvider(t.app.ctx.db, { plan: 'deluxe' });
    const notMessaged = await connectAs(owner, stranger.id);
    expect(notMessaged.statusCode).toBe(400);
    expect(notMessaged.json().error).toBe('That provider has not sent a message on this project');
    expect((await connectAs(owner, 'not-a-uuid')).statusCode).toBe(400);

    const before = (await detailAs(deluxe)).json();
    expect(before.contact).toBeNull();
    expect(before.viewer.connected).toBe(false);

    const ok = await connectAs(owner, deluxe.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: "Contact shared. You're connected!" });
    expect((await connectAs(owner, deluxe.id)).statusCode).toBe(200);

    const after = (await detailAs(deluxe)).json();
    expect(after.viewer.connected).toBe(true);
    expect(after.contact).toEqual({ name: 'Olive Owner', email: owner.email, phone });
    expect(after.messages.every((m: { connected: boolean }) => m.connected)).toBe(true);

    const ownerView = (await detailAs(owner)).json();
    expect(ownerView.messages.map((m: { connected: boolean }) => m.connected)).toEqual([true, false]);

    for (const viewer of [undefined, deluxe2, stranger, await makeCustomer(t.app.ctx.db)]) {
      const res = await detailAs(viewer);
      expect(res.json().contact).toBeNull();
      expect(res.body).not.toContain(owner.email);
      expect(res.body).not.toContain(phone);
    }
    for (const url of ['/api/projects', '/api/public/projects', '/api/projects/cities']) {
      const res = await get(url);
      expect(res.body).not.toContain(owner.email);
      expect(res.body).not.toContain(owner.id);
      expect(res.body).not.toContain(phone);
    }
  });
});

describe('closing a project', () => {
  const db = () => t.app.ctx.db;
  let cities = 0;
  /** A city of its own per test, so the lists and counts there are the test's projects alone. */
  const newCity = () => `Closeville-${Date.now().toString(36)}-${++cities}`;
  const close = async (id: string, user?: TestUser) =>
    call(
      t.app,
      { method: 'POST', url: `/api/projects/${encodeURIComponent(id)}/close` },
      user ? await loginAs(t.app, user) : undefined,
    );
  const offer = async (id: string, provider: TestUser) =>
    postJson(t.app, `/api/projects/${id}/messages`, { body: 'I can do it' }, await loginAs(t.app, provider));
  const listed = async (id: string, city: string) => {
    for (const url of [`/api/projects?city=${city}`, `/api/public/projects?city=${city}`]) {
      const body = (await get(url)).json<{ projects: { id: string }[]; total: number }>();
      if (body.projects.some((p) => p.id === id)) return true;
    }
    return false;
  };
  const liveCount = async (city: string) =>
    (await get('/api/projects/cities'))
      .json<{ live: { city: string; count: number }[] }>()
      .live.find((c) => c.city.toLowerCase() === city.toLowerCase())?.count ?? 0;

  it('the owner closes their project: it leaves the lists and counts, refuses offers, and stays readable', async () => {
    const owner = await premiumCustomer();
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const city = newCity();
    const project = await postOk(owner, { city });
    expect((await offer(project.id, provider)).statusCode).toBe(201);
    expect(await listed(project.id, city)).toBe(true);
    expect(await liveCount(city)).toBe(1);

    const res = await close(project.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, project: { id: project.id, status: 'closed' } });
    // Closing again changes nothing and answers the same.
    const again = await close(project.id, owner);
    expect([again.statusCode, again.json().project.status]).toEqual([200, 'closed']);

    expect(await listed(project.id, city)).toBe(false);
    expect(await liveCount(city)).toBe(0);
    const refused = await offer(project.id, provider);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This project is no longer taking offers');
    // The owner still reads the offers they got; a provider sees why they cannot send more.
    const asOwner = (await get(`/api/projects/${project.id}`, await loginAs(t.app, owner))).json();
    expect(asOwner.project.status).toBe('closed');
    expect(asOwner.messages).toHaveLength(1);
    const asProvider = (await get(`/api/projects/${project.id}`, await loginAs(t.app, provider))).json();
    expect(asProvider.viewer).toMatchObject({
      canMessage: false,
      messageBlockedReason: 'This project is no longer taking offers',
    });
  });

  it('only the owner: others signed in get 404 (the project stays live), anonymous 401, unknown ids 404', async () => {
    const owner = await premiumCustomer();
    const city = newCity();
    const project = await postOk(owner, { city });
    for (const someone of [
      await makeCustomer(db()),
      await makeProvider(db(), { plan: 'deluxe' }),
      await makeAdmin(db()),
    ]) {
      const res = await close(project.id, someone);
      expect([res.statusCode, res.json().error]).toEqual([404, 'Project not found']);
    }
    expect((await close(project.id)).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' or '1'='1"]) {
      expect((await close(id, owner)).statusCode).toBe(404);
    }
    expect(await listed(project.id, city)).toBe(true);
  });

  it("a closed account's projects close with it: 404 by id, out of every list and count, offers refused", async () => {
    const owner = await premiumCustomer();
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const city = newCity();
    const project = await postOk(owner, { city });
    expect(await liveCount(city)).toBe(1);
    const cancel = await call(
      t.app,
      { method: 'POST', url: '/api/account/cancel' },
      await loginAs(t.app, owner),
    );
    expect(cancel.statusCode).toBe(200);
    for (const viewer of [undefined, await loginAs(t.app, provider)]) {
      expect((await get(`/api/projects/${project.id}`, viewer)).statusCode).toBe(404);
    }
    expect(await listed(project.id, city)).toBe(false);
    expect(await liveCount(city)).toBe(0);
    expect((await offer(project.id, provider)).statusCode).toBe(404);
  });

  it('an account closed any other way (its row marked deleted) hides its projects as well', async () => {
    const owner = await premiumCustomer();
    const city = newCity();
    const project = await postOk(owner, { city });
    await updateUser(db(), owner.id, { deletedAt: t.clock.now });
    expect((await get(`/api/projects/${project.id}`)).statusCode).toBe(404);
    expect(await listed(project.id, city)).toBe(false);
    expect(await liveCount(city)).toBe(0);
    expect((await offer(project.id, await makeProvider(db(), { plan: 'deluxe' }))).statusCode).toBe(404);
  });
});

describe("offers count against the provider's customers per month", () => {
  const db = () => t.app.ctx.db;
  const hello = 'Hello, I can help with this job.';

  /** A starter provider (a kitchen task) who started conversations with `n` customers this month. */
  async function starterWithCustomers(n: number) {
    const provider = await makeProvider(db(), {
      plan: 'starter',
      selectedCategory: 'kitchen',
      selectedTasks: [findCategory('kitchen')!.tasks[0]!.id],
    });
    const customers = await Promise.all(Array.from({ length: n }, () => makeCustomer(db())));
    const drafts = await Promise.all(customers.map((c) => makeEstimate(db(), c)));
    await db()
      .insert(messages)
      .values(
        customers.map((c, i) => ({
          estimateId: drafts[i]!.id,
          senderId: provider.id,
          receiverId: c.id,
          content: hello,
          createdAt: t.clock.now,
        })),
      );
    return { provider, customers, cookie: await loginAs(t.app, provider) };
  }
  const offer = (cookie: string, projectId: string, body = 'I can do this next week') =>
    postJson(t.app, `/api/projects/${projectId}/messages`, { body, offerAmount: '900' }, cookie);

  it('at 25 customers an offer to a new customer is refused with the cap message; known customers still get offers', async () => {
    const { customers, cookie } = await starterWithCustomers(25);
    const stranger = await postOk(await premiumCustomer());
    const refused = await offer(cookie, stranger.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGE_ERRORS.providerCap(25));
    // One of the 25 posts a project: an offer to them is not a new customer.
    const known = await postOk(customers[0]!);
    expect((await offer(cookie, known.id)).statusCode).toBe(201);
    expect((await call(t.app, { method: 'GET', url: '/api/trial/status' }, cookie)).json()).toMatchObject({
      customersThisMonth: 25,
      customersPerMonth: 25,
    });
  });

  it('an offer makes its owner one of the customers: the next new customer is refused, messaging them is not', async () => {
    const { cookie } = await starterWithCustomers(24);
    const owner = await premiumCustomer();
    const project = await postOk(owner);
    expect((await offer(cookie, project.id)).statusCode).toBe(201);
    // A second message on the same project is not a new contact.
    expect((await offer(cookie, project.id, 'One more detail')).statusCode).toBe(201);
    expect((await call(t.app, { method: 'GET', url: '/api/trial/status' }, cookie)).json()).toMatchObject({
      customersThisMonth: 25,
    });

    // The owner, contacted first by offer, then messaged about an estimate: still one customer.
    const estimate = await makeEstimate(db(), owner, { status: 'posted' });
    const message = await postJson(
      t.app,
      '/api/messages',
      { estimateId: estimate.id, receiverId: owner.id, content: hello },
      cookie,
    );
    expect(message.statusCode, message.body).toBe(201);

    // A 26th customer is refused, by offer and by message alike.
    const newcomer = await premiumCustomer();
    const other = await makeEstimate(db(), newcomer, { status: 'posted' });
    const byMessage = await postJson(
      t.app,
      '/api/messages',
      { estimateId: other.id, receiverId: newcomer.id, content: hello },
      cookie,
    );
    expect(byMessage.statusCode).toBe(403);
    expect(byMessage.json().error).toBe(MESSAGE_ERRORS.providerCap(25));
    const byOffer = await offer(cookie, (await postOk(newcomer)).id);
    expect(byOffer.statusCode).toBe(403);
    expect(byOffer.json().error).toBe(MESSAGE_ERRORS.providerCap(25));
  });

  it('holds under parallel offers: at 24 customers only one of several new project owners is reached', async () => {
    const { cookie } = await starterWithCustomers(24);
    const projects = await Promise.all([1, 2, 3].map(async () => postOk(await premiumCustomer())));
    const results = await Promise.all(projects.map((p) => offer(cookie, p.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
  });
});

describe('month boundary', () => {
  it('a free customer may post again the next calendar month', async () => {
    const free = await makeCustomer(t.app.ctx.db);
    await postOk(free);
    expect((await post(free, form())).statusCode).toBe(403);
    const n = t.clock.now;
    t.clock.now = new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + 1, 1, 0, 0, 1));
    await postOk(free);
  });
});
