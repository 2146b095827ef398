import { Link, useLocation } from 'wouter';
import { dashboardPath } from '#domain/permissions';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { trackNavClick } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth, useLogout } from '#web/features/auth/index.ts';
import { LiveMessaging } from '#web/features/messaging/index.ts';
import { NotificationBell } from '#web/features/notifications/index.ts';
import { ThemeToggle } from '#web/features/theme/index.ts';
import { Brand } from './Brand.tsx';
import { NavItem } from './NavItem.tsx';

/**
 * The bar of the public project pages: Home, Post My Project, Browse Projects, Dashboard, and Sign out when signed
 * in, otherwise Log In and Sign Up (the app's one wording for these actions, docs/decisions). Signed in, the
 * notification bell from the small breakpoint up (at 390 px the first row has no room left for it) and the
 * realtime channel that keeps its count live.
 */
export function TopBar() {
  const { user } = useAuth();
  const [location] = useLocation();
  const logout = useLogout();
  const dashboardHref = user ? dashboardPath(user.role) : paths.login;
  return (
    <>
      {user && <LiveMessaging />}
      <header className="sticky top-[var(--banner-offset,0px)] z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        {/* As the app's header: one 64 px row on a computer; on a phone (390 px, signed in) the brand, theme and
          account actions share the first row and the three links take the second. */}
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4">
          <Brand />
          <nav
            aria-label="Main"
            className="order-3 flex w-full items-center gap-1 overflow-x-auto sm:order-none sm:w-auto"
          >
            <NavItem href={paths.home} label="Home" />
            <NavItem href={paths.post} label="Post My Project" />
            <NavItem href={paths.browse} label="Browse Projects" />
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            {user && (
              <span className="hidden sm:inline-flex">
                <NotificationBell />
              </span>
            )}
            <Link
              href={dashboardHref}
              className={buttonClasses('outline', 'sm', 'max-sm:px-2')}
              onClick={() => trackNavClick('Dashboard', location)}
            >
              Dashboard
            </Link>
            {user ? (
              <Button variant="ghost" size="sm" className="max-sm:px-2" onClick={() => void logout()}>
                Sign out
              </Button>
            ) : (
              <>
                <Link
                  href={paths.login}
                  className={buttonClasses('ghost', 'sm')}
                  onClick={() => trackNavClick('Login', location)}
                >
                  Log In
                </Link>
                <Link
                  href={paths.signup}
                  className={buttonClasses('primary', 'sm')}
                  onClick={() => trackNavClick('Sign Up', location)}
                >
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
    </>
  );
}
