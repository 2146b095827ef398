// The job screens: my jobs and one job, for both parties of a hire (and admins, who may read any job). Each
// screen is its own lazy chunk, so nothing of the jobs reaches the first load.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { roles, type AppRoute } from '#web/lib/routing.ts';

const JobsListPage = lazyScreen(() => import('./components/JobsListPage.tsx'), 'JobsListPage');
const JobPage = lazyScreen(() => import('./components/JobPage.tsx'), 'JobPage');

/** The two parties of a job, and admins. */
export const JOB_PARTIES = roles('customer', 'provider', 'admin');

export const jobsRoutes: readonly AppRoute[] = [
  { path: '/jobs', component: JobsListPage, access: JOB_PARTIES, layout: 'app', title: 'Jobs' },
  { path: '/jobs/:id', component: JobPage, access: JOB_PARTIES, layout: 'app', title: 'Job' },
];
