// Authorization rows of src/server/modules/estimates. Customers and admins save estimates (providers have no
// estimates of their own); every signed-in user reads their own lists and the posted lists; one estimate is
// read by its owner and admins (and by anyone signed in once posted); only the owner changes or deletes it, and
// everyone else gets 404. The automotive catalogue and price are public reference calculations.
import { and, eq, ne } from 'drizzle-orm';
import { estimates } from '#server/db/schema/index';
import { makeEstimate, makePicture, sampleMeasurements } from '#server/test/factories';
import {
  everyone,
  onlyRoles,
  ownerOnly,
  signedIn,
  type Row,
  type RowContext,
  type RowRequest,
} from './table.ts';
import { withPostedAllowance } from './restore.ts';

/** customerA acts on a fresh draft of theirs (the call changes or deletes it); the others on the fixture. */
async function target({ app, actor, actors, fixtures }: RowContext): Promise<string> {
  if (actor !== 'customerA') return fixtures.estimate.id;
  return (await makeEstimate(app.ctx.db, actors.users.customerA, { now: app.ctx.now() })).id;
}

/**
 * customerA copies the fixture with whole free-plan allowances (a copy counts as a save): their other estimates
 * made last month and none of them left a draft; the others call on the fixture as it is.
 */
async function copyTarget({ app, actor, actors, fixtures }: RowContext): Promise<RowRequest> {
  const url = `/api/estimates/${fixtures.estimate.id}/copy`;
  if (actor !== 'customerA') return { url };
  const ownerId = actors.users.customerA.id;
  const t = app.ctx.now();
  const lastMonth = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - 1, 15));
  const { db } = app.ctx;
  await db.update(estimates).set({ createdAt: lastMonth }).where(eq(estimates.ownerId, ownerId));
  await db
    .update(estimates)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(estimates.ownerId, ownerId),
        eq(estimates.status, 'draft'),
        ne(estimates.id, fixtures.estimate.id),
      ),
    );
  return { url };
}

/** Only the owner: everyone else signed in gets 404, anonymous and the deleted user 401. */
const ownerAction = ownerOnly;

export const estimatesRows: Row[] = [
  // The providers' task lists: providers and admins; customers (and the expired admin, now a customer) 403.
  { route: 'GET /api/tasks', expect: onlyRoles('provider', 'admin') },
  { route: 'GET /api/tasks/posted', expect: onlyRoles('provider', 'admin') },
  { route: 'GET /api/recommendations', expect: onlyRoles('provider') },
  { route: 'GET /api/tasks/recommendations', expect: onlyRoles('provider') },
  {
    route: 'POST /api/estimates',
    request: () => ({
      payload: {
        category: 'kitchen',
        task: 'Kitchen Remodel',
        subtasks: ['kitchen-cabinets'],
        measurements: JSON.stringify(sampleMeasurements(['kitchen-cabinets'])),
        gradeLevel: 'Standard',
        region: 'Anchorage, AK',
      },
    }),
    expect: onlyRoles('customer', 'admin'),
    note: 'providers have no estimates of their own (permissions: createEstimate)',
  },
  { route: 'GET /api/estimates', expect: signedIn() },
  { route: 'GET /api/my-estimates', expect: signedIn() },
  { route: 'GET /api/estimates/posted', expect: signedIn() },
  { route: 'GET /api/posted-estimates', expect: signedIn() },
  { route: 'GET /api/estimates/usage', expect: signedIn() },
  {
    route: 'GET /api/estimates/:id',
    request: ({ fixtures }) => ({ url: `/api/estimates/${fixtures.estimate.id}` }),
    expect: { ...ownerOnly(), admin: 'ok' },
    note: 'a draft: the owner and admins; a posted one is read by any signed-in user (estimates.test.ts)',
  },
  {
    route: 'POST /api/estimates/:id/copy',
    request: copyTarget,
    expect: ownerOnly(),
    note: "a new draft of the owner's own estimate: an admin too gets 404 on an estimate not theirs",
  },
  {
    route: 'PATCH /api/estimates/:id/post',
    request: withPostedAllowance(async (ctx) => ({ url: `/api/estimates/${await target(ctx)}/post` })),
    expect: ownerAction(),
  },
  {
    route: 'PUT /api/estimates/:id/status',
    request: async (ctx) => ({
      url: `/api/estimates/${await target(ctx)}/status`,
      payload: { status: 'cancelled' },
    }),
    expect: ownerAction(),
  },
  {
    route: 'PATCH /api/estimates/:id',
    request: async (ctx) => ({
      url: `/api/estimates/${await target(ctx)}`,
      payload: { title: 'Shower valve', description: 'The shower valve drips when off.' },
    }),
    expect: ownerAction(),
    note: 'the title and description: only the owner (an admin too gets 404 on an estimate not theirs)',
  },
  ...['/api/estimates', '/api/posted-estimates', '/api/my-estimates'].map((base): Row => ({
    route: `DELETE ${base}/:id`,
    request: async (ctx) => ({ url: `${base}/${await target(ctx)}` }),
    expect: ownerAction(),
  })),
  {
    route: 'POST /api/estimates/:id/pictures',
    request: ({ fixtures }) => {
      const boundary = 'homefix-matrix';
      const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot-a-png\r\n--${boundary}--\r\n`;
      return {
        url: `/api/estimates/${fixtures.estimate.id}/pictures`,
        payload: Buffer.from(part),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    },
    expect: { ...ownerOnly(), customerA: 403, providerWithAccess: 403, providerFree: 403 },
    note: 'customerA is on the free plan: pictures are premium (403); providers have no estimates (role, 403)',
  },
  {
    route: 'GET /api/estimates/:id/pictures',
    request: ({ fixtures }) => ({ url: `/api/estimates/${fixtures.estimate.id}/pictures` }),
    expect: { ...ownerOnly(), admin: 'ok' },
  },
  {
    route: 'GET /api/estimates/:id/pictures/:pictureId',
    request: ({ fixtures }) => ({ url: fixtures.picture.url }),
    expect: { ...ownerOnly(), admin: 'ok' },
  },
  {
    route: 'DELETE /api/estimates/:id/pictures/:pictureId',
    request: async ({ app, actor, actors, fixtures }) => {
      if (actor !== 'customerA') return { url: fixtures.picture.url };
      return { url: (await makePicture(app.ctx.db, fixtures.estimate.id, actors.users.customerA.id)).url };
    },
    expect: ownerOnly(),
  },
  { route: 'GET /api/catalog/automotive', expect: everyone('ok') },
  {
    route: 'POST /api/estimate/automotive',
    request: () => ({ payload: { grade: 'Standard', items: [{ subtaskId: 'brake-pads', quantity: 1 }] } }),
    expect: everyone('ok'),
  },
];
