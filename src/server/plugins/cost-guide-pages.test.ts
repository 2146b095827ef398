// The city cost guides rendered on the server (decision 0047, by the mechanism of decision 0045), fetched as a
// browser without JavaScript or a crawler would: a guide's typical price in the HTML is the quote function's for
// that typical job and place, with every grade, the arithmetic and the accuracy sentence; the head (title,
// description, canonical address, Open Graph, JSON-LD); the data the client hydrates from; the index and the
// pricing accuracy page; an unknown category or place is the 404 shell; and a kept guide is dropped by a hire and
// lapses when the UTC day ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlace, priceGuide, typicalJobInput, wizardPath } from '#domain/cost-guides';
import { formatCents } from '#domain/money';
import { priceEstimate } from '#domain/pricing';
import type { Region } from '#domain/regions/index';
import type { BuiltApp } from '#server/app';
import { bids } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeJob, makeProvider, type TestUser } from '#server/test/factories';
import { createLoggedTestApp, type LoggedTestApp } from '#server/test/log-capture';
import { call, loginAs } from '#server/test/login';
import { expectNoInlineCode, jsonLdOf, rootText, shellDist, stateOf } from '#server/test/rendered-page';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { hasPostgresServer, twoInstancesOnPostgres } from '#server/test/two-instances';

const ORIGIN = 'https://homefix.example';
const DAY = 86_400_000;
const shell = shellDist('homefix-guides-');
const dist = shell.dir;
let t: TestApp;
let customer: TestUser;
let provider: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: dist, APP_URL: ORIGIN, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
  customer = await makeCustomer(db());
  provider = await makeProvider(db(), { plan: 'deluxe' });
});
afterAll(async () => {
  await t?.close();
  shell.remove();
});

const db = () => t.app.ctx.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });

const place = (slug: string): Region => {
  const r = findPlace(slug);
  if (!r) throw new Error(`no place ${slug}`);
  return r;
};

/** The text of the element marked `attr` in the HTML. */
const markedText = (body: string, attr: string) =>
  rootText(
    `<div id="root">${new RegExp(`${attr}=""[^>]*>([\\s\\S]*?)</`).exec(body)?.[1] ?? ''}</div><script type="application/json"`,
  ).trim();

describe('/cost-guides/{category}/{place}', () => {
  const path = '/cost-guides/kitchen/jacksonville-fl';
  const jacksonville = place('jacksonville-fl');

  it("holds the typical price, equal to the quote function's for the typical job in the place, without a script", async () => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The wizard's own function on the typical job, at Standard, in Jacksonville.
    const quoted = priceEstimate(typicalJobInput('kitchen', 'Standard', jacksonville)).finalCents;
    expect(markedText(res.body, 'data-typical-price')).toBe(formatCents(quoted));
    const text = rootText(res.body);
    expect(text).toContain('Kitchen Remodel cost in Jacksonville, FL');
    const guide = priceGuide('kitchen', jacksonville);
    for (const grade of guide.grades) {
      expect(text).toContain(`${grade.grade}: ${formatCents(grade.totalCents)}, line by line`);
      for (const line of grade.lines) expect(text).toContain(line.arithmetic);
    }
    expect(text).toContain(
      `times ${jacksonville.multiplier}: the regional price parity of ${jacksonville.source}`,
    );
    for (const e of guide.exclusions) expect(text).toContain(e);
    expect(text).toContain('Unit prices last reviewed on');
    expect(text).toContain('Not enough hired jobs yet to compare.');
    expect(res.body).toContain(
      `href="${wizardPath('kitchen', 'kitchen-remodel', jacksonville.id).replace(/&/g, '&amp;')}"`,
    );
    expect(text).toContain('Price your own job');
    expect(res.body).toContain('href="/cost-guides/bathroom/jacksonville-fl"');
    expectNoInlineCode(res.body);
  });

  it('carries a head of its own: title, description, canonical address, Open Graph, and JSON-LD of the grades', async () => {
    const body = (await get(path)).body;
    const url = `${ORIGIN}${path}`;
    const guide = priceGuide('kitchen', jacksonville);
    const standard = guide.grades.find((g) => g.grade === 'Standard')!;
    expect(body).toContain('<title>Kitchen Remodel cost in Jacksonville, FL · HomeFix</title>');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(body).toContain(`<meta property="og:url" content="${url}" />`);
    expect(body).toContain('<meta property="og:title" content="Kitchen Remodel cost in Jacksonville, FL" />');
    const description = /<meta name="description" content="([^"]*)"/.exec(body)?.[1] ?? '';
    expect(description).toContain('Kitchen Remodel in Jacksonville, FL: about $');
    expect(description.length).toBeLessThanOrEqual(160);
    expect(body).toContain(`<meta property="og:description" content="${description}" />`);
    expect(body).not.toContain('noindex');
    const ld = jsonLdOf(body)!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      url,
      lastReviewed: guide.pricesReviewedOn,
      mainEntity: {
        '@type': 'Service',
        areaServed: { '@type': 'City', name: 'Jacksonville, FL' },
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'USD',
          lowPrice: guide.grades[0]!.totalCents / 100,
          highPrice: guide.grades[3]!.totalCents / 100,
          offerCount: 4,
        },
      },
    });
    const offers = (ld.mainEntity as { offers: { offers: { name: string; price: number }[] } }).offers.offers;
    expect(offers.find((o) => o.name === 'Standard grade')?.price).toBe(standard.totalCents / 100);
  });

  it('sends the data the page hydrates from: the API answer under the query key the screen reads', async () => {
    const body = (await get(path)).body;
    const api = (await get('/api/cost-guides/kitchen/jacksonville-fl')).json() as unknown;
    const byKey = new Map(stateOf(body).queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
    expect(byKey.get(JSON.stringify(['/api/cost-guides', 'kitchen', 'jacksonville-fl']))).toEqual(api);
  });

  it.each([
    ['an unknown category', '/cost-guides/roofing/jacksonville-fl'],
    ['automotive', '/cost-guides/automotive/jacksonville-fl'],
    ['an unknown place', '/cost-guides/kitchen/atlantis-xx'],
    ['a place in capitals', '/cost-guides/kitchen/Jacksonville-FL'],
  ])('answers the app shell with 404 for %s', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-app-shell');
    expect(res.body).not.toContain('homefix-state');
  });

  it('answers 301 to the guide from another spelling of its address (a trailing slash), keeping the query', async () => {
    const res = await get(`${path}/?utm_source=mail`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${path}?utm_source=mail`);
  });
});

describe('/cost-guides and /pricing-accuracy', () => {
  it('the index names every category and links every place to the chosen category’s guide', async () => {
    const res = await get('/cost-guides');
    expect(res.statusCode).toBe(200);
    const text = rootText(res.body);
    for (const label of [
      'Kitchen',
      'Bathroom',
      'Flooring',
      'Electrical',
      'Siding',
      'Concrete',
      'HVAC',
      'Landscaping',
    ]) {
      expect(text).toContain(label);
    }
    expect(res.body).toContain('href="/cost-guides/kitchen/jacksonville-fl"');
    expect(jsonLdOf(res.body)).toMatchObject({ '@type': 'CollectionPage', url: `${ORIGIN}/cost-guides` });
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/cost-guides" />`);
    expectNoInlineCode(res.body);
    // Another category chosen (an address with a query: rendered, not kept).
    const hvac = await get('/cost-guides?category=hvac');
    expect(hvac.body).toContain('href="/cost-guides/hvac/jacksonville-fl"');
  });

  it('the accuracy page says how it is computed, and no figure from fewer than 5 jobs', async () => {
    const res = await get('/pricing-accuracy');
    expect(res.statusCode).toBe(200);
    const text = rootText(res.body);
    expect(text).toContain('How close our prices came');
    expect(text).toContain('How it is computed');
    expect(text).toContain('No figure is shown from fewer than 5 jobs.');
    expect(text.match(/Not enough hired jobs yet to compare\./g)?.length).toBeGreaterThan(0);
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/pricing-accuracy" />`);
    expect(jsonLdOf(res.body)).toMatchObject({ '@type': 'WebPage', url: `${ORIGIN}/pricing-accuracy` });
    expectNoInlineCode(res.body);
  });
});

describe('a kept guide', () => {
  // bathroom-vanity: $250 each at a factor of exactly 1 (Melbourne, FL): the estimate is $250, its range $200-$300.
  const melbourne = place('melbourne-fl');
  const path = '/cost-guides/bathroom/melbourne-fl';
  async function hiredJob(agreedCents: number) {
    const estimate = await makeEstimate(db(), customer, {
      category: 'bathroom',
      subtasks: ['bathroom-vanity'],
      region: melbourne.id,
      status: 'posted',
    });
    return makeJob(db(), estimate, provider.id, { agreedCents });
  }
  const accuracyText = async () => rootText((await get(path)).body);

  it('is dropped by a hire: the accuracy sentence shows the new figures at once', async () => {
    // 4 jobs written straight into the database (no hire event): -20 %, +6 %, +20 %, +24 %.
    for (const agreed of [20_000, 26_500, 30_000, 31_000]) await hiredJob(agreed);
    t.clock.advance(DAY);
    expect(await accuracyText()).toContain('Not enough hired jobs yet to compare.');

    // The 5th: a bid at $240 (-4 %) accepted through the app.
    const estimate = await makeEstimate(db(), customer, {
      category: 'bathroom',
      subtasks: ['bathroom-vanity'],
      region: melbourne.id,
      status: 'posted',
    });
    const [bid] = await db()
      .insert(bids)
      .values({ estimateId: estimate.id, providerId: provider.id })
      .returning({ id: bids.id });
    const accept = await call(
      t.app,
      {
        method: 'POST',
        url: `/api/estimates/${estimate.id}/bids/${bid!.id}/accept`,
        payload: { price: 240 },
      },
      await loginAs(t.app, customer),
    );
    expect(accept.statusCode, accept.body).toBe(200);
    expect(await accuracyText()).toContain(
      'Of 5 bathroom jobs hired in Melbourne, FL in the last 12 months, 4 were agreed inside our range; the median was 6 % above our estimate.',
    );
  });

  it('is kept through the day, and lapses when the next UTC day starts', async () => {
    const kitchen = '/cost-guides/kitchen/melbourne-fl';
    const first = (await get(kitchen)).body;
    // Jobs written without a hire event: the kept page does not see them...
    for (const agreed of [20_000, 25_000, 25_000, 25_000, 25_000]) {
      const estimate = await makeEstimate(db(), customer, {
        category: 'kitchen',
        subtasks: ['kitchen-sink-faucet'],
        region: melbourne.id,
        status: 'posted',
      });
      await makeJob(db(), estimate, provider.id, { agreedCents: agreed });
    }
    expect((await get(kitchen)).body).toBe(first);
    // ...until the day ends (the window moves): rendered again with them.
    const now = t.clock.now.getTime();
    t.clock.advance(Math.floor(now / DAY) * DAY + DAY - now);
    expect(rootText((await get(kitchen)).body)).toMatch(/Of 5 kitchen jobs hired in Melbourne, FL/);
  });
});

describe('cost guides on two instances', () => {
  const two = twoInstancesOnPostgres({
    env: () => ({ WEB_DIST: dist, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }),
  });

  it.skipIf(!hasPostgresServer)('a hire on one instance drops the guide the other kept', async () => {
    const [a, b] = two.apps as [BuiltApp, BuiltApp];
    const melbourne = place('melbourne-fl');
    const path = '/cost-guides/concrete/melbourne-fl';
    const buyer = await makeCustomer(a.ctx.db);
    const pro = await makeProvider(a.ctx.db, { plan: 'deluxe' });
    const estimateIn = () =>
      makeEstimate(a.ctx.db, buyer, {
        category: 'concrete',
        subtasks: ['concrete-steps'],
        region: melbourne.id,
        status: 'posted',
      });
    // 4 jobs written straight into the database: not enough, and B keeps the page saying so.
    for (let i = 0; i < 4; i++) await makeJob(a.ctx.db, await estimateIn(), pro.id, {});
    const page = (app: BuiltApp) => app.inject({ method: 'GET', url: path }).then((r) => rootText(r.body));
    expect(await page(b)).toContain('Not enough hired jobs yet to compare.');

    // The 5th hired through instance A: B's kept page goes.
    const estimate = await estimateIn();
    const [bid] = await a.ctx.db
      .insert(bids)
      .values({ estimateId: estimate.id, providerId: pro.id })
      .returning({ id: bids.id });
    const accept = await call(
      a,
      { method: 'POST', url: `/api/estimates/${estimate.id}/bids/${bid!.id}/accept`, payload: {} },
      await loginAs(a, buyer),
    );
    expect(accept.statusCode, accept.body).toBe(200);
    await expect.poll(() => page(b), { timeout: 5000 }).toMatch(/Of 5 concrete jobs hired in Melbourne, FL/);
  });
});

describe('each cost guide answer sent once', () => {
  let logged: LoggedTestApp;
  beforeAll(async () => {
    logged = await createLoggedTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => logged?.close());

  it('logs no warning or error for a guide, a kept guide, a redirect, a 404, the index and the accuracy page', async () => {
    const answers = [];
    for (const url of [
      '/cost-guides/siding/tampa-fl',
      '/cost-guides/siding/tampa-fl',
      '/cost-guides/siding/tampa-fl/',
      '/cost-guides/siding/nowhere-zz',
      '/cost-guides',
      '/pricing-accuracy',
    ]) {
      answers.push((await logged.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(answers).toEqual([200, 200, 301, 404, 200, 200]);
    expect(logged.lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
