import { Link, useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { MenuIcon } from '#web/components/ui/icons.tsx';
import { trackNavClick } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { ThemeToggle } from '#web/features/theme/index.ts';
import { LoginDialog, SignupDialog } from './AuthDialogs.tsx';
import { Brand } from './Brand.tsx';
import { UserMenu } from './UserMenu.tsx';

const sections = [
  { href: '/#features', label: 'Features' },
  { href: '/#how-it-works', label: 'How It Works' },
  { href: '/#pricing', label: 'Pricing' },
] as const;

const barLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/** The public header: page sections, log in and sign up (as dialogs), Dashboard and, for admins, Admin Panel. */
export function SiteHeader() {
  const { user } = useAuth();
  const [location] = useLocation();
  const isAdmin = user?.role === 'admin';
  return (
    <header className="sticky top-[var(--banner-offset,0px)] z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
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
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              {location !== paths.login && <LoginDialog />}
              {location !== paths.signup && <SignupDialog />}
            </div>
          )}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <MenuIcon className="h-5 w-5" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {sections.map((s) => (
                <DropdownMenuItem key={s.href} asChild>
                  <a href={s.href}>{s.label}</a>
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem asChild>
                <Link href={paths.dashboard} onClick={() => trackNavClick('Dashboard', location)}>
                  Dashboard
                </Link>
              </DropdownMenuItem>
              {isAdmin && (
                <DropdownMenuItem asChild>
                  <Link href={paths.admin}>Admin Panel</Link>
                </DropdownMenuItem>
              )}
              {!user && (
                <>
                  <DropdownMenuItem asChild>
                    <Link href={paths.login} onClick={() => trackNavClick('Login', location)}>
                      Log In
                    </Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link href={paths.signup} onClick={() => trackNavClick('Sign Up', location)}>
                      Sign Up
                    </Link>
                  </DropdownMenuItem>
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
