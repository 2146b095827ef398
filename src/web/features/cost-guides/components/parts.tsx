// What the cost guide screens share: the section frame, the link style, the loading and error states, the Not Found
// page for an unknown guide, and the document title once the data is read.
import { useEffect, type ReactNode } from 'react';
import { ErrorState } from '#web/components/list/ListState.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { NotFoundPage } from '#web/features/site/index.ts';

export const sectionClass =
  'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 sm:p-6';

export const linkClass =
  'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 dark:hover:text-blue-200 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300';

export const headingClass = 'text-xl font-semibold text-slate-900 dark:text-white';

/** Sets the document title (after the route's own, which is generic). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} · HomeFix`;
  }, [title]);
}

export function ScreenLoading({ label }: { label: string }) {
  return (
    <div data-screen-loading="">
      <Spinner label={label} />
    </div>
  );
}

/** The read failed (not a 404): what failed, and Try again. */
export function ScreenError({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <ErrorState text={text} onRetry={onRetry} />
    </div>
  );
}

/** An unknown category or place: the app's Not Found page (the server answers 404 with it too). */
export function GuideNotFound() {
  useDocumentTitle('Page Not Found');
  return <NotFoundPage />;
}

export function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`${sectionClass} ${className ?? ''}`}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
