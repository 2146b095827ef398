// The reviews' own page: /how-ranking-works, public (the published ranking formula and how reviews work).
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const HowRankingWorksPage = lazyScreen(
  () => import('./components/HowRankingWorksPage.tsx'),
  'HowRankingWorksPage',
);

export const reviewsRoutes: readonly AppRoute[] = [
  {
    path: '/how-ranking-works',
    component: HowRankingWorksPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'How reviews and ranking work',
  },
];
