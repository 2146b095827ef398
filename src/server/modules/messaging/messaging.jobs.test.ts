// The job's conversation on the real app and database: the customer and the provider of a job write to each other
// on its estimate while the job is open and for 30 days after it ended, whatever the provider's plan or monthly
// cap; after that the plan's rules apply again. Jobs are made straight in the database (makeJob).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '#domain/plans';
import { MESSAGE_ERRORS } from '#domain/schemas/message-api.schema';
import { JOB_CONVERSATION_DAYS_AFTER } from '#domain/schemas/job.schema';
import { messages } from '#server/db/schema/index';
import {
  makeCustomer,
  makeEstimate,
  makeJob,
  makeProvider,
  type JobTraits,
  type ProviderTraits,
  type TestUser,
} from '#server/test/factories';
import { loginAs } from '#server/test/login';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const DAY = 86_400_000;

function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
const send = (cookie: string, estimateId: string, receiverId: string, content: string) =>
  call(cookie, 'POST', '/api/messages', { estimateId, receiverId, content });

/** A customer's estimate and a job on it with a provider of these traits. */
async function jobWith(provider: ProviderTraits, job: JobTraits = {}) {
  const customer = await makeCustomer(db());
  const p = await makeProvider(db(), provider);
  const estimate = await makeEstimate(db(), customer, { category: 'kitchen', status: 'posted' });
  await makeJob(db(), estimate, p.id, job);
  return {
    customer,
    provider: p,
    estimate,
    customerCookie: await loginAs(t.app, customer),
    providerCookie: await loginAs(t.app, p),
  };
}

/** The provider has started conversations with `n` other customers this month. */
async function contacted(provider: TestUser, n: number) {
  const others = await Promise.all(Array.from({ length: n }, () => makeCustomer(db())));
  const drafts = await Promise.all(others.map((c) => makeEstimate(db(), c)));
  await db()
    .insert(messages)
    .values(
      others.map((c, i) => ({
        estimateId: drafts[i]!.id,
        senderId: provider.id,
        receiverId: c.id,
        content: 'Hello, I can help with this job.',
        createdAt: t.clock.now,
      })),
    );
}

/** A message the provider sent the customer on the job's estimate while the job was on. */
async function talkedDuringTheJob(w: { estimate: { id: string }; provider: TestUser; customer: TestUser }) {
  await db()
    .insert(messages)
    .values({
      estimateId: w.estimate.id,
      senderId: w.provider.id,
      receiverId: w.customer.id,
      content: 'I will be there at nine.',
      createdAt: new Date(t.clock.now.getTime() - 40 * DAY),
    });
}

describe("the job's conversation", () => {
  it('a starter provider past the monthly cap writes to the customer of their job, briefly; not to anyone else', async () => {
    const w = await jobWith({ plan: 'starter', selectedTasks: ['kitchen-remodel'] });
    await contacted(w.provider, 25);
    // Without a job, a new customer is past the cap.
    const elsewhere = await makeEstimate(db(), w.customer, { category: 'kitchen', status: 'posted' });
    const refused = await send(
      w.providerCookie,
      elsewhere.id,
      w.customer.id,
      'Hello, I can help with this job.',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGE_ERRORS.providerCap(25));

    // The job's estimate (hired, no longer posted): the empty thread opens and a short first message goes.
    const thread = await call(w.providerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.customer.id}`);
    expect(thread.statusCode, thread.body).toBe(200);
    const first = await send(w.providerCookie, w.estimate.id, w.customer.id, 'On my way.');
    expect(first.statusCode, first.body).toBe(201);
    expect((await send(w.customerCookie, w.estimate.id, w.provider.id, 'Thanks!')).statusCode).toBe(201);
  });

  it('a provider whose trial expired and the customer, who may write first, talk while the job is open', async () => {
    const w = await jobWith({ plan: 'starter', billing: 'expired-trial' }, { status: 'in_progress' });
    // The customer's own limit on providers does not apply either.
    const thread = await call(w.customerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.provider.id}`);
    expect(thread.statusCode, thread.body).toBe(200);
    const first = await send(w.customerCookie, w.estimate.id, w.provider.id, 'The gate code is 1234.');
    expect(first.statusCode, first.body).toBe(201);
    const answer = await send(w.providerCookie, w.estimate.id, w.customer.id, 'Got it.');
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it(`stays open ${JOB_CONVERSATION_DAYS_AFTER} days after the job completed or was cancelled, and closes on day 31`, async () => {
    const ago = (days: number) => new Date(t.clock.now.getTime() - days * DAY);
    for (const ended of [
      { status: 'completed', completedAt: ago(29) },
      { status: 'cancelled', cancelledAt: ago(29) },
    ] as const) {
      const w = await jobWith({ plan: 'starter', billing: 'expired-trial' }, ended);
      const res = await send(w.providerCookie, w.estimate.id, w.customer.id, 'The warranty card.');
      expect(res.statusCode, ended.status).toBe(201);
    }
    for (const ended of [
      { status: 'completed', completedAt: ago(31) },
      { status: 'cancelled', cancelledAt: ago(31) },
    ] as const) {
      const w = await jobWith({ plan: 'starter', billing: 'expired-trial' }, ended);
      const thread = await call(w.providerCookie, 'GET', `/api/messages/${w.estimate.id}/${w.customer.id}`);
      expect(thread.statusCode).toBe(404);
      // With the conversation they had during the job, the plan's rules decide again: no category access.
      await talkedDuringTheJob(w);
      const res = await send(w.providerCookie, w.estimate.id, w.customer.id, 'The warranty card.');
      expect(res.statusCode, ended.status).toBe(403);
      expect(Object.values(ACCESS_MESSAGES)).toContain(res.json().error);
    }
  });

  it('31 days after, a provider whose plan allows it still answers the conversation the plan lets them have', async () => {
    const w = await jobWith(
      { plan: 'deluxe' },
      { status: 'completed', completedAt: new Date(t.clock.now.getTime() - 31 * DAY) },
    );
    await talkedDuringTheJob(w);
    const res = await send(w.providerCookie, w.estimate.id, w.customer.id, 'How is the kitchen?');
    expect(res.statusCode, res.body).toBe(201);
    expect((await send(w.customerCookie, w.estimate.id, w.provider.id, 'All good.')).statusCode).toBe(201);
  });

  it('the job opens only its own estimate between its two parties', async () => {
    const w = await jobWith({ plan: 'starter', billing: 'expired-trial' });
    const other = await makeEstimate(db(), w.customer, { category: 'kitchen', status: 'posted' });
    const res = await send(w.providerCookie, other.id, w.customer.id, 'Hello, I can help with this one too.');
    expect(res.statusCode).toBe(403);
    // Another provider gets nothing from someone else's job.
    const stranger = await makeProvider(db(), { plan: 'starter', billing: 'expired-trial' });
    const byStranger = await send(
      await loginAs(t.app, stranger),
      w.estimate.id,
      w.customer.id,
      'Hello, I can help with this job.',
    );
    expect(byStranger.statusCode).toBe(404);
  });
});
