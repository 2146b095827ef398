import { FileIcon, MessageIcon, SparkIcon, UserIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';
import { DashboardShell } from './DashboardShell.tsx';

export function CustomerDashboard() {
  return (
    <DashboardShell
      area="Customer dashboard"
      intro="Price your next home-repair job, keep your estimates in one place and talk to providers who want the work."
      feature="Your estimate statistics, recent estimates and messages"
      links={[
        {
          href: paths.createEstimate,
          label: 'Create New Estimate',
          description: 'Price a job step by step.',
          icon: <SparkIcon className="h-5 w-5" />,
        },
        {
          href: paths.savedEstimates,
          label: 'Saved Estimates',
          description: 'Drafts you can post any time.',
          icon: <FileIcon className="h-5 w-5" />,
        },
        {
          href: paths.messages,
          label: 'Messages',
          description: 'Conversations with providers.',
          icon: <MessageIcon className="h-5 w-5" />,
        },
        {
          href: paths.profile,
          label: 'Profile',
          description: 'Your contact details.',
          icon: <UserIcon className="h-5 w-5" />,
        },
      ]}
    />
  );
}
