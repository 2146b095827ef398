import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { UnreadBadge } from '#web/features/messaging/index.ts';
import { trackNavClick, type NavLabel } from '#web/lib/analytics.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';

export function isActivePath(current: string, href: string): boolean {
  if (href === '/') return current === '/';
  return current === href || current.startsWith(`${href}/`);
}

const TRACKED: readonly string[] = ['Post My Project', 'Browse Projects', 'Dashboard', 'Login', 'Sign Up'];

export function trackIfNav(label: string, page: string): void {
  if (TRACKED.includes(label)) trackNavClick(label as NavLabel, page);
}

/** One item of a phone's bottom bar: icon above a one-line label. */
export const bottomItemClass =
  'flex min-w-0 flex-1 flex-col items-center gap-0.5 whitespace-nowrap rounded-md px-0.5 py-1.5 text-[11px] font-medium leading-4 text-slate-700 dark:text-slate-300';

export interface NavItemProps {
  href: string;
  label: string;
  icon?: ReactNode;
  variant?: 'bar' | 'bottom' | 'menu';
  onClick?: () => void;
  /** The analytics label when it differs from the visible text. */
  trackAs?: NavLabel;
  /**
   * A shorter visible label for the phone's bottom bar, so each item reads on one line at 390 px. The full label
   * stays the accessible name (which contains the short one, as WCAG 2.5.3 asks).
   */
  shortLabel?: string;
}

export function NavItem({ href, label, icon, variant = 'bar', onClick, trackAs, shortLabel }: NavItemProps) {
  const shown = variant === 'bottom' && shortLabel ? shortLabel : label;
  const [location] = useLocation();
  const active = isActivePath(location, href);
  const messages = href === paths.messages || href === paths.providerMessages;
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      aria-label={shown === label ? undefined : label}
      onClick={() => {
        if (trackAs) trackNavClick(trackAs, location);
        else trackIfNav(label, location);
        onClick?.();
      }}
      className={cn(
        variant === 'bar' &&
          'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200',
        variant === 'menu' &&
          'flex items-center gap-3 rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200',
        variant === 'bottom' &&
          bottomItemClass +
            ' relative aria-[current=page]:text-blue-800 dark:aria-[current=page]:text-blue-300',
      )}
    >
      {icon}
      <span>{shown}</span>
      {messages && <UnreadBadge className={variant === 'bottom' ? 'absolute right-1 top-0' : undefined} />}
    </Link>
  );
}
