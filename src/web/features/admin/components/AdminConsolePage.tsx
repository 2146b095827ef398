// /admin and /dashboard/admin: the Admin Panel's tabs. The open tab is in the address
// (?tab=users), so a reload or a shared link opens the same one; Visit Analytics loads its code on first open.
import { lazy, Suspense, useEffect } from 'react';
import { Tabs } from 'radix-ui';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { ErrorState, LoadingState } from '#web/components/list/ListState.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';
import { useAccessRevoked } from '../hooks/useAccessRevoked.ts';
import { AuditTab } from './AuditTab.tsx';
import { ExportTab } from './ExportTab.tsx';
import { MailTab } from './MailTab.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { RoleRequestsTab } from './RoleRequestsTab.tsx';
import { TwoStepSuggestion } from './TwoStepSuggestion.tsx';
import { UsersTab } from './UsersTab.tsx';
import { VerificationsTab } from './VerificationsTab.tsx';

const AnalyticsTab = lazy(async () => ({ default: (await import('./AnalyticsTab.tsx')).AnalyticsTab }));

export const adminTabs = [
  { id: 'users', label: 'User Management' },
  { id: 'replit-db', label: 'User Search' },
  { id: 'role-requests', label: 'Role Requests' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'verifications', label: 'Verifications' },
  { id: 'audit', label: 'Audit Log' },
  { id: 'export', label: 'Export Data' },
  { id: 'analytics', label: 'Visit Analytics' },
  { id: 'mail', label: 'Mail' },
  { id: 'cleanup', label: 'Cleanup' },
] as const;
type TabId = (typeof adminTabs)[number]['id'];

const tabClasses =
  'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 data-[state=active]:bg-blue-700 data-[state=active]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=active]:bg-blue-600';

export function AdminConsolePage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const asked = new URLSearchParams(search).get('tab');
  const tab: TabId = adminTabs.some((t) => t.id === asked) ? (asked as TabId) : 'users';
  const { revoked, revoke } = useAccessRevoked();
  const { user } = useAuth();
  // On a narrow screen the tab strip scrolls: keep the open tab in view (e.g. when the address names it).
  useEffect(() => {
    document
      .querySelector('[role="tablist"] [role="tab"][data-state="active"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const onDashboard = location.startsWith(paths.dashboard);

  if (revoked) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <ShieldIcon className="mx-auto h-12 w-12 text-red-700 dark:text-red-400" />
        <div role="alert" className="mt-4">
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Access Revoked</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            You changed your own role, so your admin privileges end now. Taking you to the home page…
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {onDashboard && (
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
          Admin dashboard
        </p>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {onDashboard ? `Welcome back${user ? `, ${user.firstName}` : ''}!` : 'Admin Panel'}
        </h1>
        <Link href={paths.adminMessages} className={buttonClasses('outline', 'sm')}>
          View All Messages
        </Link>
      </div>
      <TwoStepSuggestion />
      <Tabs.Root
        value={tab}
        onValueChange={(v) => navigate(`${location}?tab=${v}`, { replace: true })}
        className="mt-6"
      >
        <Tabs.List
          aria-label="Admin sections"
          className="flex gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900"
        >
          {adminTabs.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id} className={tabClasses}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-6">
          <Tabs.Content value="users" className="focus-visible:outline-none">
            <UsersTab onAccessRevoked={revoke} />
          </Tabs.Content>
          <Tabs.Content value="replit-db" className="focus-visible:outline-none">
            <OpensInNewTab
              heading="User Search"
              text="Search every account by any field, including deleted and unverified ones, and export the results as CSV."
              href={paths.adminUsers}
              label="Open User Search"
            />
          </Tabs.Content>
          <Tabs.Content value="role-requests" className="focus-visible:outline-none">
            <RoleRequestsTab />
          </Tabs.Content>
          <Tabs.Content value="reviews" className="focus-visible:outline-none">
            <ReviewsTab />
          </Tabs.Content>
          <Tabs.Content value="verifications" className="focus-visible:outline-none">
            <VerificationsTab />
          </Tabs.Content>
          <Tabs.Content value="audit" className="focus-visible:outline-none">
            <AuditTab />
          </Tabs.Content>
          <Tabs.Content value="export" className="focus-visible:outline-none">
            <ExportTab />
          </Tabs.Content>
          <Tabs.Content value="analytics" className="focus-visible:outline-none">
            <LoadBoundary
              fallback={
                <ErrorState
                  title="Unable to Load Analytics"
                  text="The analytics view could not load. Reload the page to try again."
                />
              }
            >
              <Suspense fallback={<LoadingState text="Loading analytics..." />}>
                <AnalyticsTab />
              </Suspense>
            </LoadBoundary>
          </Tabs.Content>
          <Tabs.Content value="mail" className="focus-visible:outline-none">
            <MailTab />
          </Tabs.Content>
          <Tabs.Content value="cleanup" className="focus-visible:outline-none">
            <OpensInNewTab
              heading="Test Data Cleanup"
              text="Find accounts that look like test data (test email domains and names; never admins), see what each one owns, and remove them softly or for good."
              href={paths.adminCleanup}
              label="Open Cleanup Tool"
            />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}

function OpensInNewTab({
  heading,
  text,
  href,
  label,
}: {
  heading: string;
  text: string;
  href: string;
  label: string;
}) {
  return (
    <section aria-labelledby={`${heading}-h`.replace(/\s/g, '-')} className="max-w-2xl">
      <h2
        id={`${heading}-h`.replace(/\s/g, '-')}
        className="text-xl font-semibold text-slate-900 dark:text-white"
      >
        {heading}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{text}</p>
      <a href={href} target="_blank" rel="noopener" className={buttonClasses('primary', 'md', 'mt-4')}>
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
