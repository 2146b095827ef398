// Public pro profiles and the directory through HTTP on the real app and database (decision 0046): the profile's
// figures equal the reputation route's, its badges and categories, the 404s (closed, deleted, a customer, a
// malformed id), an unlisted pro still answering; the directory's filters, sorts, featured plans first, paging,
// and the providers it leaves out (free plan, lapsed trial, closed, unlisted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  directoryResponseSchema,
  publicProfileSchema,
  type DirectoryResponse,
} from '#domain/schemas/pro-profile.schema';
import { providerReputationSchema } from '#domain/schemas/review.schema';
import { projects, providerCredentials, reviews, users } from '#server/db/schema/index';
import {
  makeAdmin,
  makeCustomer,
  makeEstimate,
  makeJob,
  makeProvider,
  type ProviderTraits,
  type TestUser,
} from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  customer = await makeCustomer(db());
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;
const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url }, cookie);
const ymd = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString().slice(0, 10);

let cityCount = 0;
/** A city of one test alone, so the directory's other providers stay out of its answers. */
const freshCity = () => `Testville ${++cityCount} ${Math.random().toString(36).slice(2, 7)}`;

const pro = (traits: ProviderTraits = {}) => makeProvider(db(), { now: t.clock.now, ...traits });

/** A completed job of `provider`'s with a published customer review of `rating` (none when rating is null). */
async function completedJob(provider: TestUser, rating: number | null, opts: { removed?: boolean } = {}) {
  const estimate = await makeEstimate(db(), customer, { status: 'posted' });
  const job = await makeJob(db(), estimate, provider.id, { status: 'completed' });
  if (rating !== null) {
    await db()
      .insert(reviews)
      .values({
        jobId: job.id,
        authorId: customer.id,
        subjectId: provider.id,
        authorSide: 'customer',
        rating,
        subRatings: { quality: rating, communication: rating, punctuality: rating, value: rating },
        text: 'Careful work, on time and tidy at the end.',
        publishedAt: t.clock.now,
        moderation: opts.removed ? 'removed' : 'visible',
      });
  }
  return job;
}

/** An approved license of the provider's, expiring `days` from now. */
async function license(provider: TestUser, days: number, status: 'approved' | 'pending' = 'approved') {
  await db()
    .insert(providerCredentials)
    .values({
      providerId: provider.id,
      kind: 'license',
      status,
      state: 'FL',
      number: 'CGC1234567',
      trade: 'General contractor',
      expiresOn: ymd(days * DAY),
      documentType: 'application/pdf',
      documentBytes: 10,
      reviewedAt: status === 'approved' ? t.clock.now : null,
    });
}

async function directory(query: Record<string, string | number | boolean>): Promise<DirectoryResponse> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await get(`/api/providers?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return directoryResponseSchema.parse(res.json());
}

describe('GET /api/providers/{id}', () => {
  it("answers the public profile, with the reputation route's figures, badges, categories and the current path", async () => {
    const p = await pro({
      plan: 'deluxe',
      firstName: 'Dana',
      lastName: 'Kowalski',
      companyName: 'Dana Builds LLC',
      description: 'Kitchens and baths, twenty years.',
      city: 'Tampa',
      state: 'FL',
      selectedTasks: ['painting', 'kitchen-remodel'],
    });
    await completedJob(p, 5);
    await completedJob(p, 4);
    await completedJob(p, 1, { removed: true });
    await completedJob(p, null);
    await license(p, 60);
    await license(p, -1);

    const res = await get(`/api/providers/${p.id}`);
    expect(res.statusCode).toBe(200);
    const profile = publicProfileSchema.parse(res.json());
    const reputation = providerReputationSchema.parse(
      (await get(`/api/providers/${p.id}/reputation`)).json(),
    );
    expect(profile).toMatchObject({
      id: p.id,
      path: `/pros/${p.id}-dana-builds-llc`,
      companyName: 'Dana Builds LLC',
      name: 'Dana K.',
      city: 'Tampa',
      state: 'FL',
      description: 'Kitchens and baths, twenty years.',
      featured: true,
      listed: true,
      portfolio: [],
    });
    expect(profile.categories).toEqual([
      { key: 'home-repair', label: 'Home Repair' },
      { key: 'kitchen', label: 'Kitchen' },
    ]);
    // The same numbers as the reputation route: the removed review's rating does not count.
    expect({ rating: profile.rating, count: profile.reviewCount, jobs: profile.completedJobs }).toEqual({
      rating: reputation.rating,
      count: reputation.count,
      jobs: reputation.completedJobs,
    });
    expect(profile).toMatchObject({ rating: 4.5, reviewCount: 2, completedJobs: 4 });
    expect(profile.medianFirstResponseSeconds).toBe(reputation.medianFirstResponseSeconds);
    // Only the unexpired approved license shows.
    expect(profile.badges).toEqual([expect.objectContaining({ kind: 'license', expiresOn: ymd(60 * DAY) })]);
  });

  it('names a pro without a company by first name and last initial, and answers an unlisted pro', async () => {
    const p = await pro({ firstName: 'Sam', lastName: 'Ortiz', companyName: null, listed: false });
    const profile = publicProfileSchema.parse((await get(`/api/providers/${p.id}`)).json());
    expect(profile).toMatchObject({
      path: `/pros/${p.id}-sam-o`,
      companyName: null,
      listed: false,
      rating: null,
    });
  });

  it('answers 404 for a closed account, a customer, an admin, an unknown or a malformed id', async () => {
    const closed = await pro();
    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, closed.id));
    const admin = await makeAdmin(db());
    for (const id of [closed.id, customer.id, admin.id, crypto.randomUUID(), 'not-an-id', `${closed.id}x`]) {
      const res = await get(`/api/providers/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Pro not found' });
    }
  });
});

describe('GET /api/providers', () => {
  it('lists paid and trial pros, featured plans first, and leaves out free, lapsed, closed and unlisted ones', async () => {
    const city = freshCity();
    const starter = await pro({ city, plan: 'starter' });
    const trial = await pro({ city, plan: 'starter', billing: 'trial' });
    const deluxe = await pro({ city, plan: 'deluxe' });
    const enterprise = await pro({ city, plan: 'enterprise' });
    await pro({ city, plan: 'free' });
    await pro({ city, plan: 'deluxe', billing: 'expired-trial' });
    await pro({ city, plan: 'deluxe', listed: false });
    const closed = await pro({ city, plan: 'deluxe' });
    await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, closed.id));
    await makeCustomer(db(), { city });
    // Reviews would put the starter pro first by ranking: the featured plans still come before it.
    await completedJob(starter, 5);
    await completedJob(starter, 5);

    const page = await directory({ city: city.toUpperCase() });
    expect(page.total).toBe(4);
    const featuredIds = [deluxe.id, enterprise.id].sort();
    expect(page.items.slice(0, 2).map((c) => c.id)).toEqual(featuredIds);
    expect(page.items.slice(2).map((c) => c.id)).toEqual([starter.id, trial.id]);
    expect(page.items.map((c) => c.featured)).toEqual([true, true, false, false]);
    expect(page.items[2]).toMatchObject({ rating: 5, reviewCount: 2, completedJobs: 2 });
  });

  it('sorts by ranking, newest or completed jobs', async () => {
    const city = freshCity();
    const joined = async (days: number) => {
      const p = await pro({ city });
      const createdAt = new Date(t.clock.now.getTime() - days * DAY);
      await db().update(users).set({ createdAt }).where(eq(users.id, p.id));
      return p;
    };
    const many = await joined(30);
    const one = await joined(20);
    const none = await joined(10);
    for (let i = 0; i < 6; i++) await completedJob(many, 5);
    await completedJob(one, 5);
    await completedJob(one, 5);
    await completedJob(one, 5);

    const ids = async (sort: string) => (await directory({ city, sort })).items.map((c) => c.id);
    // A long record of fives outranks a short one; a pro without reviews ranks at the prior (4.0).
    expect(await ids('ranking')).toEqual([many.id, one.id, none.id]);
    expect(await ids('newest')).toEqual([none.id, one.id, many.id]);
    expect(await ids('jobs')).toEqual([many.id, one.id, none.id]);
  });

  it('filters by category, minimum rating and verified badges, and pages on the server', async () => {
    const city = freshCity();
    const kitchen = await pro({ city, selectedTasks: ['kitchen-remodel'] });
    const painter = await pro({ city, selectedTasks: ['painting'] });
    const verified = await pro({ city, selectedTasks: ['painting'] });
    const lapsed = await pro({ city, selectedTasks: ['painting'] });
    await license(verified, 0);
    await license(lapsed, -1);
    await license(painter, 90, 'pending');
    await completedJob(kitchen, 4);
    await completedJob(kitchen, 3);
    await completedJob(painter, 5);

    const ids = async (q: Record<string, string | number | boolean>) =>
      (await directory({ city, ...q })).items.map((c) => c.id).sort();
    expect(await ids({ category: 'kitchen' })).toEqual([kitchen.id]);
    expect(await ids({ category: 'home-repair' })).toHaveLength(4);
    expect(await ids({ minRating: 3.5 })).toEqual([kitchen.id, painter.id].sort());
    expect(await ids({ minRating: 4.5 })).toEqual([painter.id]);
    expect(await ids({ verified: true })).toEqual([verified.id]);
    const withBadge = (await directory({ city, verified: true })).items[0];
    expect(withBadge?.badges).toHaveLength(1);

    const all = (await directory({ city, sort: 'newest' })).items.map((c) => c.id);
    const first = await directory({ city, sort: 'newest', pageSize: 3, page: 1 });
    const second = await directory({ city, sort: 'newest', pageSize: 3, page: 2 });
    const past = await directory({ city, sort: 'newest', pageSize: 3, page: 5 });
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(all);
    expect({ first: first.total, second: second.total, past: past.total }).toEqual({
      first: 4,
      second: 4,
      past: 4,
    });
    expect(past.items).toEqual([]);
  });

  it('near a ZIP code: each pro says how far their base is; a radius keeps the pros based inside it', async () => {
    const city = freshCity();
    // Based by the business ZIP code (10.1 miles from 10001), by a chosen area (39.98 miles), and nowhere known.
    const hackensack = await pro({ city, zipCode: '07601' });
    const chosen = await pro({ city, zipCode: '07601' });
    await call(
      t.app,
      { method: 'PUT', url: '/api/provider/service-area', payload: { zip: '08888', radiusMiles: 50 } },
      await loginAs(t.app, chosen),
    );
    const unknown = await pro({ city, zipCode: null });
    const distances = (r: DirectoryResponse) =>
      Object.fromEntries(r.items.map((c) => [c.id, c.distanceMiles]));

    expect(distances(await directory({ city, near: '10001' }))).toEqual({
      [hackensack.id]: 10.1,
      [chosen.id]: 40,
      [unknown.id]: null,
    });
    const inside = await directory({ city, near: '10001', radius: 25 });
    expect(distances(inside)).toEqual({ [hackensack.id]: 10.1 });
    expect(inside.total).toBe(1);
    expect((await directory({ city, near: '10001', radius: 40, pageSize: 1, page: 3 })).total).toBe(2);
    expect((await directory({ city })).items.every((c) => c.distanceMiles === undefined)).toBe(true);
    for (const q of ['near=00000', 'radius=25', 'near=1000']) {
      const res = await get(`/api/providers?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().fields), q).toEqual(['near']);
    }
  });

  it('refuses a query outside its schema with 400', async () => {
    for (const q of ['sort=best', 'minRating=9', 'page=0', 'pageSize=500', 'verified=yes']) {
      expect((await get(`/api/providers?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('what tells the public pages they changed', () => {
  const changes: { page: string; id: string }[] = [];
  beforeAll(() => {
    t.app.ctx.events.afterCommit('publicPageChanged', (p) => void changes.push(p));
  });
  const send = (method: 'PATCH' | 'POST', url: string, payload: object, cookie: string) =>
    call(t.app, { method, url, payload }, cookie);

  it("a provider's profile edit, which also hides the page from the directory with listed: false", async () => {
    const city = freshCity();
    const p = await pro({
      city,
      companyName: 'Shown Co',
      phone: '555-0100',
      state: 'TX',
      description: 'Decks.',
    });
    const cookie = await loginAs(t.app, p);
    expect((await directory({ city })).items.map((c) => c.id)).toEqual([p.id]);
    changes.length = 0;

    const res = await send('PATCH', '/api/provider/profile', { listed: false }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ listed: false, companyName: 'Shown Co' });
    expect((await get('/api/provider/profile', cookie)).json()).toMatchObject({ listed: false });
    expect(changes).toEqual([{ page: 'pro', id: p.id }]);
    expect((await directory({ city })).items).toEqual([]);
    // Still open by its address, saying it is unlisted (the page says noindex).
    expect((await get(`/api/providers/${p.id}`)).json()).toMatchObject({ listed: false });

    await send('PATCH', '/api/provider/profile', { listed: true }, cookie);
    expect((await directory({ city })).items.map((c) => c.id)).toEqual([p.id]);
    // A customer's profile has no listed flag to set: it is not even read.
    const c = await makeCustomer(db());
    const own = await call(
      t.app,
      {
        method: 'PUT',
        url: '/api/profile/customer',
        payload: { firstName: 'Cy', lastName: 'Doe', listed: false },
      },
      await loginAs(t.app, c),
    );
    expect(own.json()).toMatchObject({ listed: true });
  });

  it("an admin's edit of a provider, and a role change to or from provider", async () => {
    const p = await pro({ firstName: 'Ada', lastName: 'Stone' });
    const admin = await loginAs(t.app, await makeAdmin(db()));
    changes.length = 0;
    const edit = await call(
      t.app,
      {
        method: 'PUT',
        url: `/api/admin/users/${p.id}`,
        payload: { firstName: 'Ada', lastName: 'Rivers', email: p.email, role: 'provider' },
      },
      admin,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(changes).toEqual([{ page: 'pro', id: p.id }]);
    expect((await get(`/api/providers/${p.id}`)).json()).toMatchObject({ name: 'Ada R.' });

    changes.length = 0;
    const role = await call(
      t.app,
      { method: 'PUT', url: `/api/admin/users/${p.id}/role`, payload: { role: 'customer' } },
      admin,
    );
    expect(role.statusCode, role.body).toBe(200);
    expect(changes).toEqual([{ page: 'pro', id: p.id }]);
    expect((await get(`/api/providers/${p.id}`)).statusCode).toBe(404);
  });

  it("a provider's plan: starting a trial puts the pro in the directory", async () => {
    const city = freshCity();
    const p = await pro({ city, plan: 'free' });
    expect((await directory({ city })).items).toEqual([]);
    changes.length = 0;
    const res = await send('POST', '/api/subscription', { plan: 'deluxe' }, await loginAs(t.app, p));
    expect(res.statusCode, res.body).toBe(200);
    expect(changes).toEqual([{ page: 'pro', id: p.id }]);
    expect((await directory({ city })).items).toEqual([
      expect.objectContaining({ id: p.id, featured: true }),
    ]);
  });

  it('an account closed by its owner: the pro page and its projects go', async () => {
    const p = await pro();
    const owner = await makeCustomer(db());
    const cookie = await loginAs(t.app, owner);
    changes.length = 0;
    const posted = await send(
      'POST',
      '/api/tasks/post',
      { title: 'Fence repair', category: 'Kitchen', city: 'Austin', description: 'Two panels.' },
      cookie,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const projectId: string = posted.json().project.id;
    expect(changes).toEqual([{ page: 'project', id: projectId }]);

    changes.length = 0;
    expect((await send('POST', `/api/projects/${projectId}/close`, {}, cookie)).statusCode).toBe(200);
    expect(changes).toEqual([{ page: 'project', id: projectId }]);

    const again = await send(
      'POST',
      '/api/tasks/post',
      { title: 'Deck stain', category: 'Kitchen', city: 'Austin', description: 'Small deck.' },
      await loginAs(t.app, await makeCustomer(db())),
    );
    const second: string = again.json().project.id;
    await db().update(projects).set({ ownerId: owner.id }).where(eq(projects.id, second));
    changes.length = 0;
    expect((await send('POST', '/api/account/cancel', {}, cookie)).statusCode).toBe(200);
    expect(changes).toEqual([
      { page: 'pro', id: owner.id },
      { page: 'project', id: second },
    ]);

    changes.length = 0;
    expect((await send('POST', '/api/account/cancel', {}, await loginAs(t.app, p))).statusCode).toBe(200);
    expect(changes).toEqual([{ page: 'pro', id: p.id }]);
    expect((await get(`/api/providers/${p.id}`)).statusCode).toBe(404);
  });
});
