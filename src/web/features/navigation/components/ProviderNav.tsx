import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  BriefcaseIcon,
  CardIcon,
  GridIcon,
  MenuIcon,
  MessageIcon,
  WrenchIcon,
  XIcon,
  ClipboardIcon,
} from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { LiveMessaging } from '#web/features/messaging/index.ts';
import { NotificationBell } from '#web/features/notifications/index.ts';
import { ThemeToggle } from '#web/features/theme/index.ts';
import { Brand } from './Brand.tsx';
import { NavItem } from './NavItem.tsx';
import { UserMenu } from './UserMenu.tsx';

export const providerNavItems = [
  { href: paths.dashboard, label: 'Dashboard', icon: <GridIcon className="h-5 w-5" /> },
  {
    href: paths.tasks,
    label: 'Available Tasks',
    shortLabel: 'Tasks',
    icon: <WrenchIcon className="h-5 w-5" />,
  },
  {
    href: paths.postedTasks,
    label: 'Posted Tasks',
    shortLabel: 'Posted',
    icon: <ClipboardIcon className="h-5 w-5" />,
  },
  { href: paths.jobs, label: 'Jobs', icon: <BriefcaseIcon className="h-5 w-5" /> },
  { href: paths.providerMessages, label: 'Messages', icon: <MessageIcon className="h-5 w-5" /> },
  // 'Plan' on the phone's bottom bar, so six labels each read on one line at 390 px.
  {
    href: paths.subscription,
    label: 'Subscription',
    shortLabel: 'Plan',
    icon: <CardIcon className="h-5 w-5" />,
  },
];

/**
 * Provider navigation: desktop bar, a mobile menu and a mobile bottom bar, each with the same six destinations.
 * Account, Settings and Sign out are in the user menu only.
 */
export function ProviderNav() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      <LiveMessaging />
      <header className="sticky top-[var(--banner-offset,0px)] z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Brand href={paths.dashboard} />
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
            {providerNavItems.map((i) => (
              <NavItem key={i.href} href={i.href} label={i.label} />
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <NotificationBell />
            {user && <UserMenu user={user} />}
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="provider-mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <XIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
            </Button>
          </div>
        </div>
        {menuOpen && (
          <nav
            id="provider-mobile-menu"
            aria-label="Menu"
            className="border-t border-slate-200 px-4 py-3 dark:border-slate-800 lg:hidden"
          >
            <div className="flex flex-col gap-1">
              {providerNavItems.map((i) => (
                <NavItem
                  key={i.href}
                  variant="menu"
                  href={i.href}
                  label={i.label}
                  icon={i.icon}
                  onClick={() => setMenuOpen(false)}
                />
              ))}
            </div>
          </nav>
        )}
      </header>
      <nav
        aria-label="Mobile"
        data-bottom-bar=""
        className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white px-1 pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-950 md:hidden"
      >
        {providerNavItems.map((i) => (
          <NavItem
            key={i.href}
            variant="bottom"
            href={i.href}
            label={i.label}
            shortLabel={'shortLabel' in i ? i.shortLabel : undefined}
            icon={i.icon}
          />
        ))}
      </nav>
    </>
  );
}
