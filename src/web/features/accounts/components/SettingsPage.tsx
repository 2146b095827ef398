// /settings: account information, the messaging limit, the notification email choices (decision 0043), role change
// requests with their history, changing the password (docs/security.md), two-step verification (decision 0024)
// and where the account is signed in (decision 0025).
import { Suspense, useId } from 'react';
import { Link } from 'wouter';
import { providerPlanDisplayName } from '#domain/plans';
import type { PublicUser } from '#domain/schemas/user.schema';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { LazyNotificationPreferences } from '#web/features/notifications/index.ts';
import { paths } from '#web/lib/paths.ts';
import { formatDate, roleLabels } from '../format.ts';
import { AccountScreen, Section } from './AccountScreen.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { MessagingLimitSection } from './MessagingLimitSection.tsx';
import { RoleRequestSection } from './RoleRequestSection.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import { SignedInDevicesSection } from './SignedInDevicesSection.tsx';

export function SettingsPage() {
  const { user } = useAuth();
  // The route's guard renders this screen only for a signed-in user.
  if (!user) return null;
  return (
    <AccountScreen
      title="Settings"
      intro="Your account, who may message you, which notifications are emailed to you, your role, your password, two-step verification and where you are signed in."
    >
      <AccountInfoSection user={user} />
      <MessagingLimitSection role={user.role} />
      {/* No notification kind is an admin's (src/domain/notification-kinds), so there is nothing to choose. */}
      {user.role !== 'admin' && (
        <Suspense fallback={<Spinner label="Loading notification settings" />}>
          <LazyNotificationPreferences />
        </Suspense>
      )}
      <RoleRequestSection currentRole={user.role} />
      <ChangePasswordSection />
      <TwoStepSection />
      <SignedInDevicesSection />
    </AccountScreen>
  );
}

export function planName(user: Pick<PublicUser, 'role' | 'subscriptionPlan'>): string {
  if (user.role === 'provider') return providerPlanDisplayName(user.subscriptionPlan);
  return user.subscriptionPlan === 'premium' ? 'Premium' : 'Free';
}

function AccountInfoSection({ user }: { user: PublicUser }) {
  const id = useId();
  const rows: [string, string][] = [
    ['Name', `${user.firstName} ${user.lastName}`],
    ['Email', user.email],
    ['Role', roleLabels[user.role]],
    ['Plan', planName(user)],
    ['Member since', formatDate(user.createdAt)],
  ];
  if (user.role === 'admin' && user.adminExpiresAt)
    rows.push(['Admin until', formatDate(user.adminExpiresAt)]);
  const isProvider = user.role === 'provider';
  return (
    <Section id={`${id}-heading`} title="Account information">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="truncate font-medium text-slate-900 dark:text-white" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <Link href={isProvider ? paths.providerSettings : paths.profile}>
            {isProvider ? 'Edit name' : 'Edit profile'}
          </Link>
        </Button>
        {isProvider && (
          <Button asChild variant="outline">
            <Link href={paths.providerProfile}>Edit business profile</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href={paths.account}>Manage subscription</Link>
        </Button>
      </div>
    </Section>
  );
}
