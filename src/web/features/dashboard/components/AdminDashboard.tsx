import { MessageIcon, SettingsIcon, ShieldIcon, UserIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';
import { DashboardShell } from './DashboardShell.tsx';

export function AdminDashboard() {
  return (
    <DashboardShell
      area="Admin dashboard"
      intro="Keep the marketplace healthy: people, roles, conversations and test data."
      feature="User management, role requests, the audit log and visit analytics"
      links={[
        {
          href: paths.admin,
          label: 'Admin Panel',
          description: 'Users, roles and audit log.',
          icon: <ShieldIcon className="h-5 w-5" />,
        },
        {
          href: paths.adminMessages,
          label: 'All Messages',
          description: 'Every conversation thread.',
          icon: <MessageIcon className="h-5 w-5" />,
        },
        {
          href: paths.adminUsers,
          label: 'User Search',
          description: 'Advanced search over accounts.',
          icon: <UserIcon className="h-5 w-5" />,
        },
        {
          href: paths.adminCleanup,
          label: 'Cleanup',
          description: 'Remove test data safely.',
          icon: <SettingsIcon className="h-5 w-5" />,
        },
      ]}
    />
  );
}
