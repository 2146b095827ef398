import { CardIcon, ClipboardIcon, MessageIcon, WrenchIcon } from '#web/components/ui/icons.tsx';
import { Suspense } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { RecentConversations } from '#web/features/messaging/index.ts';
import { LazyNotificationsPanel } from '#web/features/notifications/index.ts';
import { LazyProviderOverview } from '#web/features/provider-marketplace/index.ts';
import { LazyReputationCard } from '#web/features/reviews/index.ts';
import { LazyVisitsSection } from '#web/features/site-visits/index.ts';
import { paths } from '#web/lib/paths.ts';
import { ActiveJobsCard } from './ActiveJobsCard.tsx';
import { DashboardShell } from './DashboardShell.tsx';

/**
 * The greeting, the notifications (what changed: new posted work, accepted bids), the quick links, the Active jobs
 * card, the provider's own reputation (decision 0044), the site visits (decision 0049), the overview.
 */
export function ProviderDashboard() {
  const { user: me } = useAuth();
  return (
    <DashboardShell
      area="Provider dashboard"
      intro="Find posted work in your category, bid on the jobs that fit and keep in touch with your customers."
      whatsNew={
        <Suspense fallback={<Spinner label="Loading notifications" />}>
          <LazyNotificationsPanel />
        </Suspense>
      }
      links={[
        {
          href: paths.tasks,
          label: 'Available Tasks',
          description: 'Work waiting for a bid.',
          icon: <WrenchIcon className="h-5 w-5" />,
        },
        {
          href: paths.postedTasks,
          label: 'Posted Tasks',
          description: 'Everything customers posted.',
          icon: <ClipboardIcon className="h-5 w-5" />,
        },
        {
          href: paths.providerMessages,
          label: 'Messages',
          description: 'Conversations with customers.',
          icon: <MessageIcon className="h-5 w-5" />,
        },
        {
          href: paths.subscription,
          label: 'Subscription',
          description: 'Your plan and its limits.',
          icon: <CardIcon className="h-5 w-5" />,
        },
      ]}
    >
      <div className="my-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ActiveJobsCard />
      </div>
      {me && <LazyReputationCard providerId={me.id} />}
      <div className="mt-8">
        <LazyVisitsSection />
      </div>
      <Suspense fallback={<Spinner label="Loading your plan" />}>
        <LazyProviderOverview />
      </Suspense>
      <section
        aria-labelledby="active-conversations"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="active-conversations" className="text-lg font-semibold text-slate-900 dark:text-white">
          Active Conversations
        </h2>
        <RecentConversations limit={3} empty="No active conversations yet." />
      </section>
    </DashboardShell>
  );
}
