import {
  BriefcaseIcon,
  FileIcon,
  GridIcon,
  MessageIcon,
  ShieldIcon,
  UserIcon,
} from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { LiveMessaging } from '#web/features/messaging/index.ts';
import { NotificationBell } from '#web/features/notifications/index.ts';
import { ThemeToggle } from '#web/features/theme/index.ts';
import { Brand } from './Brand.tsx';
import { NavItem } from './NavItem.tsx';
import { UserMenu } from './UserMenu.tsx';

export function customerNavItems(isAdmin: boolean) {
  return [
    { href: paths.dashboard, label: 'Dashboard', icon: <GridIcon className="h-5 w-5" /> },
    {
      href: paths.savedEstimates,
      label: 'Saved Estimates',
      shortLabel: 'Estimates',
      icon: <FileIcon className="h-5 w-5" />,
    },
    { href: paths.jobs, label: 'Jobs', icon: <BriefcaseIcon className="h-5 w-5" /> },
    { href: paths.messages, label: 'Messages', icon: <MessageIcon className="h-5 w-5" /> },
    { href: paths.profile, label: 'Profile', icon: <UserIcon className="h-5 w-5" /> },
    ...(isAdmin
      ? [
          {
            href: paths.admin,
            label: 'Admin Panel',
            shortLabel: 'Admin',
            icon: <ShieldIcon className="h-5 w-5" />,
          },
        ]
      : []),
  ];
}

/**
 * Customer (and admin) navigation: a desktop bar and a phone's bottom bar with the same destinations. Account,
 * Settings and Sign out are in the user menu only, on every screen size.
 */
export function CustomerNav() {
  const { user } = useAuth();
  const items = customerNavItems(user?.role === 'admin');
  return (
    <>
      <LiveMessaging />
      <header className="sticky top-[var(--banner-offset,0px)] z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Brand href={paths.dashboard} />
          {user && (
            <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
              {items.map((i) => (
                <NavItem key={i.href} href={i.href} label={i.label} />
              ))}
            </nav>
          )}
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <NotificationBell />
            {user && <UserMenu user={user} />}
          </div>
        </div>
      </header>
      {user && (
        <nav
          aria-label="Mobile"
          data-bottom-bar=""
          className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white px-1 pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-950 md:hidden"
        >
          {items.map((i) => (
            <NavItem
              key={i.href}
              variant="bottom"
              href={i.href}
              label={i.label}
              shortLabel={i.shortLabel}
              icon={i.icon}
            />
          ))}
        </nav>
      )}
    </>
  );
}
