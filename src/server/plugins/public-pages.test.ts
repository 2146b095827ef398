// The server-rendered public pages (decision 0045), fetched as a browser without JavaScript or a link preview
// would: what the HTML holds, its head and JSON-LD against the API, the redirects and the 404, the data the client
// hydrates from, no inline script or style for the CSP to refuse, and the kept page dropped when what it shows
// changes (also on another instance) or when a badge on it lapses.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeText } from '#domain/profiles';
import { publicProfileSchema } from '#domain/schemas/pro-profile.schema';
import { providerReputationSchema } from '#domain/schemas/review.schema';
import type { BuiltApp } from '#server/app';
import { reviews, users } from '#server/db/schema/index';
import { makeCustomer, makeProject, makeProvider, type TestUser } from '#server/test/factories';
import { SEEDED_REVIEW_TEXTS, seedProPage } from '#server/test/public-page-seed';
import { call, loginAs } from '#server/test/login';
import { createLoggedTestApp, type LoggedTestApp } from '#server/test/log-capture';
import { expectNoInlineCode, jsonLdOf, rootText, shellDist, stateOf } from '#server/test/rendered-page';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';
import { withRoot } from './public-pages.ts';

const DAY = 86_400_000;
const shell = shellDist('homefix-ssr-');
const dist = shell.dir;
afterAll(shell.remove);

const get = (app: BuiltApp, url: string) => app.inject({ method: 'GET', url });

describe('server-rendered pages on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      WEB_DIST: dist,
      APP_URL: 'https://homefix.example',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
    });
  });
  afterAll(async () => t?.close());
  const db = () => t.app.ctx.db;

  describe('/pros/{id}-{slug}', () => {
    let pro: TestUser;
    let path: string;
    beforeAll(async () => {
      ({ pro, path } = await seedProPage(db(), { now: t.clock.now, photo: true }));
    });

    it('holds the company, the rating and count, the badge and the reviews, without running a script', async () => {
      const res = await get(t.app, path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const text = rootText(res.body);
      expect(text).toContain('Dana Builds & Sons');
      const profile = publicProfileSchema.parse((await get(t.app, `/api/providers/${pro.id}`)).json());
      expect(profile.rating).toBe(4.5);
      expect(text).toContain('4.5');
      expect(text).toMatch(/2 reviews/);
      expect(text).toContain(badgeText(profile.badges[0]!));
      for (const review of SEEDED_REVIEW_TEXTS) expect(text).toContain(review);
      expectNoInlineCode(res.body);
    });

    it('carries a head of its own: title, description, canonical address, Open Graph, and JSON-LD equal to the API', async () => {
      const body = (await get(t.app, path)).body;
      const url = `https://homefix.example${path}`;
      expect(body).toContain('<title>Dana Builds &amp; Sons · HomeFix</title>');
      expect(body).toContain(`<link rel="canonical" href="${url}" />`);
      expect(body).toContain(`<meta property="og:url" content="${url}" />`);
      expect(body).toContain('<meta property="og:title" content="Dana Builds &amp; Sons" />');
      expect(body).toMatch(
        /<meta name="description" content="Dana Builds &amp; Sons, Tampa, FL[^"]*Rated 4.5 of 5/,
      );
      expect(body).not.toContain('noindex');
      expect(body.match(/<title>/g)).toHaveLength(1);
      const reputation = providerReputationSchema.parse(
        (await get(t.app, `/api/providers/${pro.id}/reputation`)).json(),
      );
      expect(jsonLdOf(body)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: 'Dana Builds & Sons',
        url,
        description: 'Kitchens, baths and the small repairs in between, for twenty years around Tampa.',
        address: { '@type': 'PostalAddress', addressLocality: 'Tampa', addressRegion: 'FL' },
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: reputation.rating,
          reviewCount: reputation.count,
          bestRating: 5,
          worstRating: 1,
        },
      });
      expect(reputation).toMatchObject({ rating: 4.5, count: 2 });
    });

    it('sends the data the page hydrates from: the API answers under the query keys the screen reads', async () => {
      const body = (await get(t.app, path)).body;
      const state = stateOf(body);
      const data = (url: string) => get(t.app, url).then((r) => r.json() as unknown);
      const byKey = new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
      expect(byKey.get(JSON.stringify(['/api/providers', pro.id]))).toEqual(
        await data(`/api/providers/${pro.id}`),
      );
      expect(byKey.get(JSON.stringify(['/api/auth/session']))).toEqual({
        isAuthenticated: false,
        user: null,
      });
      expect([...byKey.values()]).toContainEqual(await data(`/api/providers/${pro.id}/reputation`));
      expect([...byKey.values()]).toContainEqual(
        await data(`/api/providers/${pro.id}/reviews?page=1&pageSize=10`),
      );
      // The review's `</script>` cannot close the element: only the two data scripts end in the body.
      expect(body.split('<body>')[1]!.match(/<\/script>/g)).toHaveLength(1);
    });

    it('answers 301 to the current address from /pros/{id} and from an old slug, keeping the query', async () => {
      for (const old of [`/pros/${pro.id}`, `/pros/${pro.id}-old-name`, `/pros/${pro.id.toUpperCase()}-x`]) {
        const res = await get(t.app, old);
        expect(res.statusCode, old).toBe(301);
        expect(res.headers.location).toBe(path);
      }
      const res = await get(t.app, `/pros/${pro.id}?utm_source=card`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`${path}?utm_source=card`);
    });

    it('answers the app shell with 404 for no page: unknown, closed, a customer', async () => {
      const closed = await makeProvider(db(), { now: t.clock.now });
      await db().update(users).set({ deletedAt: t.clock.now }).where(eq(users.id, closed.id));
      const customer = await makeCustomer(db());
      for (const url of [
        '/pros/00000000-0000-4000-8000-000000000000-nobody',
        `/pros/${closed.id}`,
        `/pros/${customer.id}`,
      ]) {
        const res = await get(t.app, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('data-app-shell');
        expect(res.body).not.toContain('homefix-state');
      }
      // Not a pro's address at all: the SPA as for any path.
      expect((await get(t.app, '/pros/not-an-id')).statusCode).toBe(200);
    });

    it('says noindex for a pro hidden from the directory, and leaves out aggregateRating without a review', async () => {
      const { pro: quiet } = await seedProPage(db(), { now: t.clock.now, reviews: 0, listed: false });
      const body = (await get(t.app, `/pros/${quiet.id}-dana-builds-sons`)).body;
      expect(body).toContain('<meta name="robots" content="noindex" />');
      const ld = jsonLdOf(body);
      expect(ld?.['@type']).toBe('LocalBusiness');
      expect(ld).not.toHaveProperty('aggregateRating');
    });

    it('is kept until what it shows changes: an answer to a review drops it', async () => {
      const first = await get(t.app, path);
      // A write the page does not hear of (straight in the database) leaves the kept page as it was.
      await db().update(users).set({ description: 'Changed quietly.' }).where(eq(users.id, pro.id));
      expect((await get(t.app, path)).body).toBe(first.body);
      const [review] = await db()
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.subjectId, pro.id))
        .limit(1);
      const cookie = await loginAs(t.app, pro);
      const answered = await call(
        t.app,
        {
          method: 'POST',
          url: `/api/reviews/${review!.id}/response`,
          payload: { text: 'Thank you, it was a pleasure.' },
        },
        cookie,
      );
      expect(answered.statusCode, answered.body).toBe(201);
      const after = rootText((await get(t.app, path)).body);
      expect(after).toContain('Thank you, it was a pleasure.');
      expect(after).toContain('Changed quietly.');
    });

    it('is kept an hour at most: what changed without an event shows after that', async () => {
      const { pro: p, path: at } = await seedProPage(db(), { now: t.clock.now, reviews: 1 });
      expect(rootText((await get(t.app, at)).body)).not.toContain('Only weekends now.');
      await db().update(users).set({ description: 'Only weekends now.' }).where(eq(users.id, p.id));
      t.clock.advance(59 * 60_000);
      expect(rootText((await get(t.app, at)).body)).not.toContain('Only weekends now.');
      t.clock.advance(2 * 60_000);
      expect(rootText((await get(t.app, at)).body)).toContain('Only weekends now.');
    });

    it('lapses by itself the day after the badge on it expires: the badge is gone', async () => {
      const { pro: p, expiresOn } = await seedProPage(db(), {
        now: t.clock.now,
        reviews: 1,
        licenseDays: 40,
      });
      const at = `/pros/${p.id}-dana-builds-sons`;
      expect(rootText((await get(t.app, at)).body)).toContain('Licensed: FL #CGC1234567');
      const saved = t.clock.now;
      try {
        t.clock.now = new Date(Date.parse(`${expiresOn}T12:00:00Z`));
        expect(rootText((await get(t.app, at)).body)).toContain('Licensed: FL #CGC1234567');
        t.clock.now = new Date(Date.parse(`${expiresOn}T00:00:00Z`) + DAY + 1000);
        expect(rootText((await get(t.app, at)).body)).not.toContain('Licensed:');
      } finally {
        t.clock.now = saved;
      }
    });
  });

  describe('/projects/{id}', () => {
    it('holds the title, city, budget and description, with its head and the data it hydrates from', async () => {
      const owner = await makeCustomer(db());
      const project = await makeProject(db(), owner.id, {
        title: 'Deck & patio',
        city: 'Jacksonville',
        description: 'Stamped concrete, about 300 sq ft.',
        minBudgetCents: 400_000,
        maxBudgetCents: 650_000,
      });
      const res = await get(t.app, `/projects/${project.id}`);
      expect(res.statusCode).toBe(200);
      const text = rootText(res.body);
      for (const part of [
        'Deck & patio',
        'Jacksonville',
        '$4,000 – $6,500',
        'Stamped concrete, about 300 sq ft.',
      ]) {
        expect(text).toContain(part);
      }
      expect(res.body).toContain('<title>Deck &amp; patio · HomeFix</title>');
      expect(res.body).toContain(
        `<link rel="canonical" href="https://homefix.example/projects/${project.id}" />`,
      );
      expect(res.body).toContain('Kitchen project in Jacksonville. Budget $4,000 to $6,500.');
      const detail = (await get(t.app, `/api/projects/${project.id}`)).json() as unknown;
      expect(stateOf(res.body).queries.map((q) => q.state.data)).toContainEqual(detail);
      expectNoInlineCode(res.body);

      // Closed by its owner: the kept page is dropped and says so.
      const closed = await call(
        t.app,
        { method: 'POST', url: `/api/projects/${project.id}/close` },
        await loginAs(t.app, owner),
      );
      expect(closed.statusCode, closed.body).toBe(200);
      expect(rootText((await get(t.app, `/projects/${project.id}`)).body)).toContain(
        'This project is closed',
      );
    });

    it('answers the shell with 404 for an unknown project', async () => {
      const res = await get(t.app, '/projects/00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('data-app-shell');
    });
  });

  it('withRoot replaces the shell inside #root, nested elements and all', () => {
    expect(
      withRoot('<body><div id="root"><div><div>x</div></div></div><p>after</p></body>', '<b>y</b>', '<i/>'),
    ).toBe('<body><div id="root"><b>y</b></div><i/><p>after</p></body>');
  });
});

describe('each answer sent once', () => {
  let t: LoggedTestApp;
  beforeAll(async () => {
    t = await createLoggedTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => t?.close());

  it('logs no warning or error for a page, a kept page, a redirect, a 404 and a non-page address', async () => {
    const { pro, path } = await seedProPage(t.app.ctx.db, { reviews: 1 });
    const answers = [];
    for (const url of [
      path,
      path,
      `/pros/${pro.id}`,
      '/pros/00000000-0000-4000-8000-000000000000-x',
      '/pros/nope',
    ]) {
      answers.push((await get(t.app, url)).statusCode);
    }
    expect(answers).toEqual([200, 200, 301, 404, 200]);
    expect(t.lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe('server-rendered pages on two instances', () => {
  const two = twoInstancesOnPostgres({
    env: () => ({ WEB_DIST: dist, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }),
  });

  it.skipIf(!hasPostgresServer)('a change on one instance drops the page the other kept', async () => {
    const [a, b] = two.apps as [BuiltApp, BuiltApp];
    const { pro } = await seedProPage(a.ctx.db, { reviews: 1 });
    const path = `/pros/${pro.id}-dana-builds-sons`;
    const kept = (await get(b, path)).body;
    expect(rootText(kept)).toContain('Careful work');
    const [review] = await a.ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.subjectId, pro.id));
    const answered = await call(
      a,
      {
        method: 'POST',
        url: `/api/reviews/${review!.id}/response`,
        payload: { text: 'Answered on instance A.' },
      },
      await loginAs(a, pro),
    );
    expect(answered.statusCode, answered.body).toBe(201);
    await expect
      .poll(async () => rootText((await get(b, path)).body), { timeout: 5000 })
      .toContain('Answered on instance A.');
  });
});
