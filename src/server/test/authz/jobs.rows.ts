// Authorization rows of src/server/modules/jobs (the accept route stays in bids.rows.ts, beside the bids). Every
// call gets a fresh job of its own in the state the move starts from: customerA's posted estimate, hired with
// providerWithAccess's bid. The two parties act (each only where the state table lets their side), admins read any
// job and photo but move none (403), and anyone else gets 404: a job is private to its parties.
import type { BuiltApp } from '#server/app';
import { bids, jobPhotos } from '#server/db/schema/index';
import { createJobsService, type JobViewer } from '#server/modules/jobs';
import { makeEstimate } from '#server/test/factories';
import { todayIn } from '#domain/job-words';
import sharp from 'sharp';
import { FIXTURE_CATEGORY, type Actors } from './actors.ts';
import { signedIn, type Expectation, type Row, type RowContext, type RowRequest } from './table.ts';

type Step = 'hired' | 'proposedByCustomer' | 'proposedByProvider' | 'scheduled' | 'inProgress' | 'completion';

/** A fresh job of customerA and providerWithAccess, moved on to `step`. */
async function jobAt(app: BuiltApp, actors: Actors, step: Step) {
  const { db } = app.ctx;
  const customer = actors.users.customerA;
  const provider = actors.users.providerWithAccess;
  const estimate = await makeEstimate(db, customer, {
    category: FIXTURE_CATEGORY,
    status: 'posted',
    now: new Date(app.ctx.now().getTime() - 40 * 86_400_000),
  });
  const [bid] = await db
    .insert(bids)
    .values({ estimateId: estimate.id, providerId: provider.id })
    .returning();
  const jobs = createJobsService(app.ctx);
  const { jobId } = await jobs.accept(customer, estimate.id, bid!.id);
  const c: JobViewer = { id: customer.id, role: 'customer' };
  const p: JobViewer = { id: provider.id, role: 'provider' };
  const today = todayIn('UTC', app.ctx.now());
  if (step === 'hired') return jobId;
  await jobs.proposeDate(step === 'proposedByCustomer' ? c : p, jobId, today);
  if (step === 'proposedByCustomer' || step === 'proposedByProvider') return jobId;
  await jobs.confirmDate(c, jobId);
  if (step === 'scheduled') return jobId;
  await jobs.start(p, jobId);
  if (step === 'inProgress') return jobId;
  await jobs.complete(p, jobId, 'Done');
  return jobId;
}

/** The job's two parties 'ok' (or the refusal given), admins 403, other signed-in actors 404, signed out 401. */
function parties(customer: 'ok' | 403, provider: 'ok' | 403, admin: 'ok' | 403 = 403): Expectation {
  return {
    anonymous: 401,
    deletedUser: 401,
    customerA: customer,
    providerWithAccess: provider,
    admin,
    customerB: 404,
    providerFree: 404,
    // An expired admin acts as a customer: not a party.
    expiredAdmin: 404,
  };
}

const on =
  (step: Step | ((ctx: RowContext) => Step), path: string, payload?: object) =>
  async (ctx: RowContext): Promise<RowRequest> => {
    const id = await jobAt(ctx.app, ctx.actors, typeof step === 'function' ? step(ctx) : step);
    return { url: `/api/jobs/${id}${path}`, ...(payload ? { payload } : {}) };
  };

/** A job with a pending change order; the URL decides it. */
async function changeOrder(ctx: RowContext, decision: 'approve' | 'decline'): Promise<RowRequest> {
  const id = await jobAt(ctx.app, ctx.actors, 'hired');
  const jobs = createJobsService(ctx.app.ctx);
  const { job } = await jobs.proposeChange(
    { id: ctx.actors.users.providerWithAccess.id, role: 'provider' },
    id,
    { label: 'Extra outlet', amount: 50, reason: '' },
  );
  return { url: `/api/jobs/${id}/change-orders/${job.changeOrders[0]!.id}/${decision}` };
}

const photoOf = new WeakMap<BuiltApp, Promise<string>>();
/** One job with one photo per app (reading it changes nothing). */
function photoUrl(app: BuiltApp, actors: Actors): Promise<string> {
  let found = photoOf.get(app);
  if (!found) {
    found = (async () => {
      const id = await jobAt(app, actors, 'hired');
      const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
        .webp()
        .toBuffer();
      const [row] = await app.ctx.db
        .insert(jobPhotos)
        .values({ jobId: id, contentType: 'image/webp', width: 8, height: 8, byteSize: data.length, data })
        .returning({ id: jobPhotos.id });
      return `/api/jobs/${id}/photos/${row!.id}`;
    })();
    photoOf.set(app, found);
  }
  return found;
}

export const jobsRows: Row[] = [
  { route: 'GET /api/jobs', note: "every signed-in user's own jobs (none for most)", expect: signedIn() },
  {
    route: 'GET /api/jobs/:id',
    request: on('hired', ''),
    note: 'the two parties and admins read a job; anyone else 404',
    expect: parties('ok', 'ok', 'ok'),
  },
  {
    route: 'POST /api/jobs/:id/schedule',
    request: async (ctx) => ({
      ...(await on('hired', '/schedule')(ctx)),
      payload: { date: todayIn('UTC', ctx.app.ctx.now()) },
    }),
    expect: parties('ok', 'ok'),
  },
  {
    route: 'POST /api/jobs/:id/schedule/confirm',
    request: on(
      ({ actor }) => (actor === 'providerWithAccess' ? 'proposedByCustomer' : 'proposedByProvider'),
      '/schedule/confirm',
    ),
    note: 'the party who did not propose the date confirms it',
    expect: parties('ok', 'ok'),
  },
  { route: 'POST /api/jobs/:id/start', request: on('scheduled', '/start'), expect: parties(403, 'ok') },
  {
    route: 'POST /api/jobs/:id/complete',
    request: on('inProgress', '/complete', { note: 'All done' }),
    expect: parties(403, 'ok'),
  },
  { route: 'POST /api/jobs/:id/confirm', request: on('completion', '/confirm'), expect: parties('ok', 403) },
  {
    route: 'POST /api/jobs/:id/reopen',
    request: on('completion', '/reopen', { reason: 'The grout is missing' }),
    expect: parties('ok', 403),
  },
  {
    route: 'POST /api/jobs/:id/cancel',
    request: on('hired', '/cancel', { reason: 'Plans have changed' }),
    expect: parties('ok', 'ok'),
  },
  {
    route: 'POST /api/jobs/:id/change-orders',
    request: on('hired', '/change-orders', { label: 'Extra outlet', amount: 50, reason: 'Asked on site' }),
    expect: parties(403, 'ok'),
  },
  {
    route: 'POST /api/jobs/:id/change-orders/:changeOrderId/approve',
    request: (ctx) => changeOrder(ctx, 'approve'),
    expect: parties('ok', 403),
  },
  {
    route: 'POST /api/jobs/:id/change-orders/:changeOrderId/decline',
    request: (ctx) => changeOrder(ctx, 'decline'),
    expect: parties('ok', 403),
  },
  {
    route: 'GET /api/jobs/:id/photos/:photoId',
    request: async ({ app, actors }) => ({ url: await photoUrl(app, actors) }),
    note: 'the two parties and admins see the photos of "work done"; anyone else 404',
    expect: parties('ok', 'ok', 'ok'),
  },
];
