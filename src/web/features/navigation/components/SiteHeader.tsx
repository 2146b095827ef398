import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MenuIcon } from '#web/components/ui/icons.tsx';
import { trackNavClick } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { ThemeToggle } from '#web/features/theme/index.ts';
import { LoginDialog, SignupDialog } from './AuthDialogs.tsx';
import { Brand } from './Brand.tsx';
import { menuButtonClass, sections } from './site-sections.ts';
import { UserMenu } from './UserMenu.tsx';

// The small-screen menu (a Radix dropdown) loads on intent: pointing at or focusing its button fetches the code,
// pressing it swaps in the real menu, opened. Desktop visitors, who never see the button, never load it.
const loadSiteMenu = () => import('./SiteMenu.tsx');
const SiteMenu = lazy(async () => ({ default: (await loadSiteMenu()).SiteMenu }));
const preloadSiteMenu = () => void loadSiteMenu().catch(() => undefined);

const barLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

function MobileMenu({ isAdmin }: { isAdmin: boolean }) {
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <Button
      variant="ghost"
      size="icon"
      className={menuButtonClass}
      aria-label="Open menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadSiteMenu}
      onFocus={preloadSiteMenu}
      onClick={() => setPressed(true)}
    >
      <MenuIcon className="h-5 w-5" />
    </Button>
  );
  if (!pressed) return standIn;
  return (
    <LoadBoundary fallback={standIn}>
      <Suspense fallback={standIn}>
        <SiteMenu isAdmin={isAdmin} defaultOpen />
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * The public header: page sections, log in and sign up (as dialogs, visible at every width), Dashboard and, for
 * admins, Admin Panel. Below the md breakpoint the sections and Dashboard move into a menu.
 */
export function SiteHeader() {
  const { user } = useAuth();
  const [location] = useLocation();
  const isAdmin = user?.role === 'admin';
  return (
    <header className="sticky top-[var(--banner-offset,0px)] z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4">
        <Brand />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {sections.map((s) => (
            <a key={s.href} href={s.href} className={barLink}>
              {s.label}
            </a>
          ))}
          <Link
            href={paths.dashboard}
            className={barLink}
            onClick={() => trackNavClick('Dashboard', location)}
          >
            Dashboard
          </Link>
          {isAdmin && (
            <Link href={paths.admin} className={barLink}>
              Admin Panel
            </Link>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              {/* Small on a phone, so both fit beside the brand, the theme toggle and the menu at 390 px. */}
              {location !== paths.login && <LoginDialog size="sm" className="sm:h-10 sm:px-4" />}
              {location !== paths.signup && <SignupDialog size="sm" className="sm:h-10 sm:px-4" />}
            </>
          )}
          <MobileMenu isAdmin={isAdmin} />
        </div>
      </div>
    </header>
  );
}
