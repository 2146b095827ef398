import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAuth } from '#web/features/auth/index.ts';

export interface QuickLink {
  href: string;
  label: string;
  description: string;
  icon: ReactNode;
}

export function DashboardShell({
  area,
  intro,
  links,
  whatsNew,
  children,
}: {
  area: string;
  intro: string;
  /** What changed since the last visit, shown before the quick links (a phone's first screen). */
  whatsNew?: ReactNode;
  links: QuickLink[];
  /** Live sections shown after the quick links. */
  children?: ReactNode;
}) {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">{area}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {user && isNewAccount(user) ? 'Welcome' : 'Welcome back'}
        {user ? `, ${user.firstName}` : ''}!
      </h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{intro}</p>

      {whatsNew && <div className="mt-6">{whatsNew}</div>}

      <nav aria-label="Quick links" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            className="group flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-600"
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200">
              {l.icon}
            </span>
            <span className="mt-3 font-semibold text-slate-900 group-hover:text-blue-800 dark:text-white dark:group-hover:text-blue-300">
              {l.label}
            </span>
            <span className="mt-1 text-sm text-slate-700 dark:text-slate-300">{l.description}</span>
          </Link>
        ))}
      </nav>

      {children}
    </div>
  );
}

/** A brand-new account (created in the last 10 minutes, or never active since) is greeted without "back". */
export function isNewAccount(user: { createdAt: string; lastActiveAt: string | null }): boolean {
  const created = Date.parse(user.createdAt);
  return (
    user.lastActiveAt === user.createdAt || (Number.isFinite(created) && Date.now() - created < 10 * 60_000)
  );
}
