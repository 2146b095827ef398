// The dashboards' message card, in its own chunk: the front door of this feature is in every page's first load
// (the navigation's live messaging), the card only on the two dashboards.
import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingConversations } from './LoadingConversations.tsx';

const Recent = lazy(async () => ({
  default: (await import('./RecentConversations.tsx')).RecentConversations,
}));

export function LazyRecentConversations(props: ComponentProps<typeof Recent>) {
  return (
    <Suspense fallback={<LoadingConversations />}>
      <Recent {...props} />
    </Suspense>
  );
}
