// The notifications of hiring and of a job, published through the app's real bus in a transaction, as the hiring
// and job steps publish them: the providers not selected, the provider of a job told of each step its customer or
// the system takes (never of their own), an expired quote, and an accepted bid linked to its job. Each is a priority
// notification about the provider's own work, and goes into the email digest with a link to the job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '#domain/schemas/notification.schema';
import type { AppEvents } from '#server/core/app-events';
import { notifications } from '#server/db/schema/index';
import { updateUser } from '#server/modules/users';
import { makeCustomer, makeEstimate, makeJob, makeProvider, type TestUser } from '#server/test/factories';
import { call, loginAs } from '#server/test/login';
import { startSmtpCapture, type SmtpCapture } from '#server/test/smtp-capture';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { createNotificationsService, DIGEST_EVERY_MS } from './index.ts';

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.ctx.db;

/** Publishes one event in a transaction of the app's bus, as a writer does. */
function publish<K extends keyof AppEvents>(name: K, payload: AppEvents[K]) {
  const { events } = t.app.ctx;
  return events.transaction((tx) => events.publish(tx, name, payload));
}

const list = async (user: TestUser) =>
  (
    await call(t.app, { method: 'GET', url: '/api/notifications?pageSize=50' }, await loginAs(t.app, user))
  ).json<NotificationList>();

/** A customer's posted estimate and a job on it with a starter provider (whose plan is no priority plan). */
async function hired(title: string) {
  const customer = await makeCustomer(db());
  const provider = await makeProvider(db(), { plan: 'starter' });
  const estimate = await makeEstimate(db(), customer, { status: 'posted', title });
  const job = await makeJob(db(), estimate, provider.id);
  return { customer, provider, estimate, job };
}

describe('a hire tells the providers not selected', () => {
  it('each declined provider gets "Not selected" about the estimate, without the job; a closed account none', async () => {
    const { estimate } = await hired('Deck repair');
    const starter = await makeProvider(db(), { plan: 'starter' });
    const deluxe = await makeProvider(db(), { plan: 'deluxe' });
    const closed = await makeProvider(db(), { plan: 'starter' });
    await updateUser(db(), closed.id, { deletedAt: t.clock.now });

    await publish('bidsDeclined', {
      estimateId: estimate.id,
      estimateTitle: 'Deck repair',
      providerIds: [starter.id, deluxe.id, closed.id],
      at: t.clock.now,
    });

    for (const p of [starter, deluxe]) {
      const { items, unreadCount } = await list(p);
      expect(items).toEqual([
        expect.objectContaining({
          kind: 'bid_declined',
          estimateId: estimate.id,
          jobId: null,
          title: 'Not selected',
          body: 'The customer hired another provider for “Deck repair”.',
          priority: true,
          read: false,
        }),
      ]);
      expect(unreadCount).toBe(1);
    }
    expect(await db().select().from(notifications).where(eq(notifications.userId, closed.id))).toEqual([]);
  });
});

describe("a job's steps tell its provider", () => {
  const step = (
    w: Awaited<ReturnType<typeof hired>>,
    event: string,
    actorId: string | null,
  ): AppEvents['jobChanged'] => ({
    jobId: w.job.id,
    estimateId: w.estimate.id,
    estimateTitle: w.estimate.title,
    customerId: w.customer.id,
    providerId: w.provider.id,
    actorId,
    event,
    detail: '',
    at: t.clock.now,
  });

  it("the customer's and the system's steps, one sentence each with the title, linked to the job", async () => {
    const w = await hired('Roof patch');
    const byCustomer = [
      'scheduleProposed',
      'scheduleConfirmed',
      'changeOrderApproved',
      'changeOrderDeclined',
      'reopened',
      'completed',
      'cancelled',
    ];
    for (const event of byCustomer) {
      await publish('jobChanged', step(w, event, w.customer.id));
      t.clock.advance(1000);
    }
    await publish('jobChanged', step(w, 'completed', null));
    t.clock.advance(1000);
    await publish('jobChanged', step(w, 'cancelled', null));

    const { items } = await list(w.provider);
    expect(items.map((n) => [n.title, n.body]).reverse()).toEqual([
      ['Start date proposed', 'The customer proposed a start date for “Roof patch”.'],
      ['Start date confirmed', 'The customer confirmed the start date for “Roof patch”.'],
      ['Change order approved', 'The customer approved your change order on “Roof patch”.'],
      ['Change order declined', 'The customer declined your change order on “Roof patch”.'],
      ['Work sent back', 'The customer sent “Roof patch” back to in progress.'],
      ['Work confirmed', 'The customer confirmed the work on “Roof patch” is done.'],
      ['Job cancelled', 'The customer cancelled “Roof patch”.'],
      ['Work confirmed', 'The work on “Roof patch” was confirmed done after 7 days without an answer.'],
      ['Job cancelled', '“Roof patch” was cancelled: the customer closed their account.'],
    ]);
    for (const n of items) {
      expect(n).toMatchObject({
        kind: 'job_changed',
        estimateId: w.estimate.id,
        jobId: w.job.id,
        priority: true,
      });
    }
  });

  it("the provider's own steps and the hire tell nobody here, and the customer is never written to", async () => {
    const w = await hired('Fence stain');
    for (const event of ['started', 'completionRequested', 'changeOrderProposed', 'scheduleProposed']) {
      await publish('jobChanged', step(w, event, w.provider.id));
    }
    // The hire is told by bidAccepted; a change order the system declines as the job ends, by the end.
    await publish('jobChanged', step(w, 'hired', w.customer.id));
    await publish('jobChanged', step(w, 'changeOrderDeclined', null));
    expect((await list(w.provider)).items).toEqual([]);
    await publish('jobChanged', step(w, 'scheduleProposed', w.customer.id));
    expect((await list(w.provider)).items).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.userId, w.customer.id))).toEqual(
      [],
    );
  });
});

describe('an expired quote and an accepted bid', () => {
  it('the provider reads "Your quote expired" about the estimate', async () => {
    const customer = await makeCustomer(db());
    const provider = await makeProvider(db(), { plan: 'starter' });
    const estimate = await makeEstimate(db(), customer, { status: 'posted', title: 'Gutter cleaning' });
    await publish('quoteExpired', {
      bidId: '00000000-0000-4000-8000-000000000001',
      estimateId: estimate.id,
      providerId: provider.id,
      at: t.clock.now,
    });
    expect((await list(provider)).items).toEqual([
      expect.objectContaining({
        kind: 'quote_expired',
        estimateId: estimate.id,
        jobId: null,
        title: 'Your quote expired',
        body: 'Your quote on “Gutter cleaning” passed its valid-until date. Revise it to keep your bid in the running.',
        priority: true,
      }),
    ]);
  });

  it('an accepted bid (with its job) tells the provider, linked to the job', async () => {
    const w = await hired('Porch lights');
    await publish('bidAccepted', {
      bidId: w.job.bidId,
      estimateId: w.estimate.id,
      estimateTitle: 'Porch lights',
      providerId: w.provider.id,
      customerName: 'Casey C.',
      jobId: w.job.id,
      at: t.clock.now,
    });
    expect((await list(w.provider)).items).toEqual([
      expect.objectContaining({
        kind: 'bid_accepted',
        estimateId: w.estimate.id,
        jobId: w.job.id,
        priority: true,
      }),
    ]);
    expect((await list(w.provider)).items[0]!.body).toContain('Porch lights');
  });
});

describe('the email digest', () => {
  it('mails the job notifications with a link to the job, and "Not selected" with a link to the task list', async () => {
    const digests = () => createNotificationsService(t.app.ctx).sendDigests();
    // Earlier tests left digests waiting for other providers: send those first.
    await digests();
    const w = await hired('Attic insulation');
    await publish('jobChanged', {
      jobId: w.job.id,
      estimateId: w.estimate.id,
      estimateTitle: 'Attic insulation',
      customerId: w.customer.id,
      providerId: w.provider.id,
      actorId: w.customer.id,
      event: 'scheduleConfirmed',
      detail: '',
      at: t.clock.now,
    });
    const other = await makeProvider(db(), { plan: 'starter' });
    await publish('bidsDeclined', {
      estimateId: w.estimate.id,
      estimateTitle: 'Attic insulation',
      providerIds: [other.id],
      at: t.clock.now,
    });
    t.clock.advance(DIGEST_EVERY_MS);
    await digests();
    const mailTo = (u: TestUser) => smtp.messages.filter((m) => m.to.includes(u.email));
    const [toProvider] = mailTo(w.provider);
    expect(toProvider?.decoded).toContain('Start date confirmed');
    expect(toProvider?.decoded).toContain(`${t.app.ctx.config.APP_URL}/jobs/${w.job.id}`);
    const [toOther] = mailTo(other);
    expect(toOther?.decoded).toContain('Not selected');
    expect(toOther?.decoded).toContain(`${t.app.ctx.config.APP_URL}/tasks`);
    expect(toOther?.decoded).not.toContain('/jobs/');
  });
});
