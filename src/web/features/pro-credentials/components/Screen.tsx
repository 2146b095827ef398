// The frame of the provider's credentials and portfolio screens: the way back to the business profile, the
// heading and a short line under it, then the screen's cards.
import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';

export const linkClasses =
  'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-blue-300 dark:hover:text-blue-200';

export function Screen({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <Link href="/provider/profile" className={`${linkClasses} text-sm`}>
        <span aria-hidden="true">← </span>Business Profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      <div className="mt-2 text-slate-700 dark:text-slate-300">{intro}</div>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

/** A titled card; the heading (focusable, for moving focus after a change) names the region. */
export function Panel({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="rounded text-lg font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white"
        >
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}
