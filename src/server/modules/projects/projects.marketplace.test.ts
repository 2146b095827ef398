// Public projects as part of the marketplace, through HTTP: posting one tells each provider whose plan opens its
// category once (in the app and by email, linking to the project), and the owner's dashboard reads
// their projects with the offers they got (GET /api/projects/mine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '#domain/schemas/notification.schema';
import type { MyProjects } from '#domain/schemas/project.schema';
import { makeCustomer, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs, postJson } from '#server/test/login';
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let smtp: SmtpCapture;
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.ctx.db;
const get = (cookie: string, url: string) => call(t.app, { method: 'GET', url }, cookie);

const premiumCustomer = () =>
  makeCustomer(db(), {
    subscriptionPlan: 'premium',
    subscriptionExpiryDate: new Date(t.clock.now.getTime() + 365 * DAY),
  });

async function postProject(owner: TestUser, body: Record<string, unknown>) {
  const res = await postJson(
    t.app,
    '/api/tasks/post',
    { city: 'Jacksonville', ...body },
    await loginAs(t.app, owner),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ project: { id: string } }>().project;
}

const notificationsOf = async (user: TestUser) =>
  (await get(await loginAs(t.app, user), '/api/notifications?pageSize=50')).json<NotificationList>();

describe('a new project notifies the providers whose plan opens its category', () => {
  it('once each: deluxe (priority) and a starter of that category; not other categories, free or lapsed plans', async () => {
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const starterIn = await makeProvider(db(), { plan: 'starter', selectedTasks: ['bathroom-remodel'] });
    const starterOut = await makeProvider(db(), { plan: 'starter', selectedTasks: ['hvac'] });
    const lapsed = await makeProvider(db(), { plan: 'deluxe', billing: 'expired-trial' });
    const free = await makeProvider(db(), { plan: 'free' });
    const owner = await premiumCustomer();
    const bath = await postProject(owner, {
      title: 'Walk-in shower',
      category: 'Bathroom',
      minBudget: '4000',
      maxBudget: '7000',
    });
    const kitchen = await postProject(owner, { title: 'New island', category: 'Kitchen' });

    const lists = await Promise.all([deluxe, starterIn, starterOut, lapsed, free].map(notificationsOf));
    const about = (l: NotificationList, id: string) => l.items.filter((n) => n.projectId === id);
    expect(lists.map((l) => about(l, bath.id).length)).toEqual([1, 1, 0, 0, 0]);
    expect(lists.map((l) => about(l, kitchen.id).length)).toEqual([1, 0, 0, 0, 0]);
    expect(about(lists[0]!, bath.id)[0]).toMatchObject({
      kind: 'estimate_posted',
      link: `/projects/${bath.id}`,
      estimateId: null,
      priority: true,
      read: false,
      title: 'New Bathroom project in Jacksonville',
      body: 'Walk-in shower: $4,000 – $7,000',
    });
    expect(about(lists[1]!, bath.id)[0]).toMatchObject({
      priority: false,
      body: 'Walk-in shower: $4,000 – $7,000',
    });
    expect(about(lists[0]!, kitchen.id)[0]?.body).toBe('New island');
  });

  it('mails a featured provider at once, through the notification mail pipeline, with a link to the project', async () => {
    const provider = await makeProvider(db(), { plan: 'deluxe' });
    const project = await postProject(await premiumCustomer(), {
      title: 'Garage slab',
      category: 'Concrete',
    });
    // Nobody runs the sender: the posting's commit woke it (a Deluxe plan's new work is mailed immediately).
    const mail = await smtp.waitFor(
      (m) => m.to.includes(provider.email) && m.subject.includes('New Concrete project in Jacksonville'),
    );
    expect(mail.decoded).toContain('New Concrete project in Jacksonville');
    expect(mail.decoded).toContain(`/projects/${project.id}`);
  });
});

describe('GET /api/projects/mine', () => {
  it("answers the owner's projects, newest first, with their offers and how many are live", async () => {
    const owner = await premiumCustomer();
    const first = await postProject(owner, { title: 'First', category: 'Kitchen' });
    t.clock.advance(60_000);
    const second = await postProject(owner, { title: 'Second', category: 'Flooring' });
    const ownerCookie = await loginAs(t.app, owner);
    const provider = await loginAs(t.app, await makeProvider(db(), { plan: 'deluxe' }));
    const offer = await postJson(
      t.app,
      `/api/projects/${first.id}/messages`,
      { body: 'I can start Monday', offerAmount: '5200' },
      provider,
    );
    expect(offer.statusCode, offer.body).toBe(201);
    expect((await postJson(t.app, `/api/projects/${second.id}/close`, {}, ownerCookie)).statusCode).toBe(200);

    const mine = (await get(ownerCookie, '/api/projects/mine')).json<MyProjects>();
    expect(mine).toMatchObject({ total: 2, live: 1, page: 1, pageSize: 5 });
    expect(mine.projects.map((p) => [p.title, p.status, p.messageCount, p.city])).toEqual([
      ['Second', 'closed', 0, 'Jacksonville'],
      ['First', 'live', 1, 'Jacksonville'],
    ]);
    const paged = (await get(ownerCookie, '/api/projects/mine?pageSize=1&page=2')).json<MyProjects>();
    expect(paged.projects.map((p) => p.title)).toEqual(['First']);

    // Everyone reads their own: another customer has none, a provider has none.
    const other = (
      await get(await loginAs(t.app, await makeCustomer(db())), '/api/projects/mine')
    ).json<MyProjects>();
    expect(other).toMatchObject({ projects: [], total: 0, live: 0 });
    expect((await get(provider, '/api/projects/mine')).json<MyProjects>().total).toBe(0);
    expect((await call(t.app, { method: 'GET', url: '/api/projects/mine' })).statusCode).toBe(401);
    expect((await get(ownerCookie, '/api/projects/mine?pageSize=0')).statusCode).toBe(400);
  });
});
