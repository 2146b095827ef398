// The one access-denied design: the /forbidden page the role guard sends to, and the admin guard's answer
// to a signed-in non-admin, which names the Admin Panel above the heading.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';

export interface AccessDeniedProps {
  /** The area the visitor tried to open, shown above the heading (e.g. 'Admin Panel'). */
  area?: string;
  /** Why, in the required wording. */
  children: ReactNode;
}

export function AccessDenied({ area, children }: AccessDeniedProps) {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <ShieldIcon className="mx-auto h-12 w-12 text-red-700 dark:text-red-400" />
      {area && (
        <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {area}
        </p>
      )}
      <div role="alert" className={area ? 'mt-1' : 'mt-4'}>
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Access Denied</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{children}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.dashboard}>Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.home}>Back to home</Link>
        </Button>
      </div>
    </div>
  );
}
