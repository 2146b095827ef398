// The dashboards' message card, in its own chunk: the front door of this feature is in every page's first load
// (the navigation's live messaging), the card only on the two dashboards.
import { lazy, Suspense, type ComponentProps } from 'react';

const Recent = lazy(async () => ({
  default: (await import('./RecentConversations.tsx')).RecentConversations,
}));

/** The line the card shows while its code or its list loads. */
export function LoadingConversations() {
  return (
    <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
      Loading...
    </p>
  );
}

export function LazyRecentConversations(props: ComponentProps<typeof Recent>) {
  return (
    <Suspense fallback={<LoadingConversations />}>
      <Recent {...props} />
    </Suspense>
  );
}
