// /dashboard/customer: the greeting, what changed (unread messages, bids on posted estimates: first, so a phone's
// first screen shows it), then the estimates feature's overview (stat cards with Active jobs among them, Create New
// Estimate, recent estimates and messages), loaded with its own chunk.
import { Suspense } from 'react';
import { useAuth } from '#web/features/auth/index.ts';
import { LazyCustomerOverview } from '#web/features/estimates/index.ts';
import { LazyMyProjects } from '#web/features/projects/index.ts';
import { LazyVisitsSection } from '#web/features/site-visits/index.ts';
import { ActiveJobsCard } from './ActiveJobsCard.tsx';
import { isNewAccount } from './DashboardShell.tsx';
import { WhatsNew } from './WhatsNew.tsx';

export function CustomerDashboard() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
        Customer dashboard
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {user && isNewAccount(user) ? 'Welcome' : 'Welcome back'}
        {user ? `, ${user.firstName}` : ''}!
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        Price your next home-repair job, keep your estimates in one place and talk to providers who want the
        work.
      </p>
      <div className="mt-6">
        <WhatsNew />
      </div>
      <div className="mt-8">
        <Suspense
          fallback={
            <p role="status" className="text-slate-700 dark:text-slate-300">
              Loading...
            </p>
          }
        >
          <LazyCustomerOverview extraStats={<ActiveJobsCard />} />
        </Suspense>
      </div>
      {/* The site visits providers proposed on her posted estimates (decision 0049). */}
      <div className="mt-8">
        <LazyVisitsSection />
      </div>
      {/* The projects she posted through /post: their offers, and the way to close one. */}
      <div className="mt-8">
        <Suspense
          fallback={
            <p role="status" className="text-slate-700 dark:text-slate-300">
              Loading your projects...
            </p>
          }
        >
          <LazyMyProjects />
        </Suspense>
      </div>
    </div>
  );
}
