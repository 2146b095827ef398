import { cn } from '#web/lib/cn.ts';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-700 dark:border-slate-700 dark:border-t-blue-400"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The text-only loading state the login guard and dashboard redirect show (the layout holds the footer back). */
export function LoadingText() {
  return (
    <div
      data-screen-loading=""
      role="status"
      className="flex min-h-[40vh] items-center justify-center text-slate-700 dark:text-slate-300"
    >
      Loading…
    </div>
  );
}
