// The authorization matrix: every route the app registers, one row each, from one file per feature. A feature
// that adds routes adds its rows file here (src/server/authz-matrix.test.ts fails until every route has a row).
import { accountsRows } from './accounts.rows.ts';
import { adminRows } from './admin.rows.ts';
import { bidsRows } from './bids.rows.ts';
import { credentialsRows } from './credentials.rows.ts';
import { costGuidesRows } from './cost-guides.rows.ts';
import { authRows } from './auth.rows.ts';
import { geoRows } from './geo.rows.ts';
import { devMailboxRows } from './dev-mailbox.rows.ts';
import { estimatesRows } from './estimates.rows.ts';
import { jobsRows } from './jobs.rows.ts';
import { messagesRows } from './messages.rows.ts';
import { notificationsRows } from './notifications.rows.ts';
import { reviewsRows } from './reviews.rows.ts';
import { roleRequestsRows } from './role-requests.rows.ts';
import { subscriptionsRows } from './subscriptions.rows.ts';
import { projectsRows } from './projects.rows.ts';
import { profilesRows } from './profiles.rows.ts';
import { devicesRows } from './devices.rows.ts';
import { siteVisitsRows } from './site-visits.rows.ts';
import { systemRows } from './system.rows.ts';
import type { Row } from './table.ts';
import { twoStepRows } from './two-step.rows.ts';
import { visitsRows } from './visits.rows.ts';

export const rows: Row[] = [
  ...systemRows,
  ...visitsRows,
  ...authRows,
  ...devicesRows,
  ...devMailboxRows,
  ...projectsRows,
  ...accountsRows,
  ...roleRequestsRows,
  ...subscriptionsRows,
  ...estimatesRows,
  ...adminRows,
  ...messagesRows,
  ...bidsRows,
  ...jobsRows,
  ...notificationsRows,
  ...reviewsRows,
  ...credentialsRows,
  ...profilesRows,
  ...costGuidesRows,
  ...geoRows,
  ...twoStepRows,
  ...siteVisitsRows,
];

/**
 * The only registered routes without a row: ones the app does not own. Nothing else may be left out.
 * (The list of plugin-owned URLs in plugins/access.ts is the same: those are the routes that may skip config.access.)
 */
export const excluded: {
  test: (method: string, url: string, registered: ReadonlySet<string>) => boolean;
  reason: string;
}[] = [
  {
    test: (method, url, registered) => method === 'HEAD' && registered.has(`GET ${url}`),
    reason: 'Fastify adds a HEAD twin of every GET route; it runs the GET route and its access hook',
  },
  { test: (_, url) => /^\/api\/docs(\/|$)/.test(url), reason: '@fastify/swagger-ui (off in production)' },
  { test: (_, url) => url.startsWith('/assets/'), reason: '@fastify/static: the built client files' },
  { test: (_, url) => url === '/*', reason: "@fastify/static's wildcard: files of the built client" },
];

export { actorNames, createActors, type ActorName, type Actors } from './actors.ts';
export { createFixtures, type Fixtures } from './fixtures.ts';
export type { Outcome, Row, RowContext } from './table.ts';
export { formatMismatches, ownedRoutes, runMatrix, type Mismatch } from './matrix.ts';
