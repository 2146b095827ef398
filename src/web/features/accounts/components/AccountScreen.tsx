// The frame every account screen shares: a heading, a short line under it, and the screen's cards. Plus the
// loading and load-failure states the screens show while their data is not there.
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

export function AccountScreen({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      {intro && <p className="mt-2 text-slate-700 dark:text-slate-300">{intro}</p>}
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

/** A titled card section; the heading names the region for assistive technology. */
export function Section({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-5 sm:p-6', className)}>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description && <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</div>}
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

/** A form's layout; a field focused on an error scrolls clear of the sticky header and the beta banner. */
export const formClasses = 'space-y-4 [&_input]:scroll-mt-40 [&_textarea]:scroll-mt-40';

export function LoadingState({ label }: { label: string }) {
  return <Spinner label={label} />;
}

/** A read that failed: the given message ("Failed to fetch …") and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" title={message}>
      <p>Check your connection and try again.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
