// /how-ranking-works, public: the published ranking formula and how reviews work (decision 0044).
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const HowRankingWorksPage = lazyScreen(
  () => import('./components/HowRankingWorksPage.tsx'),
  'HowRankingWorksPage',
);

export const rankingRoutes: readonly AppRoute[] = [
  {
    path: '/how-ranking-works',
    component: HowRankingWorksPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'How reviews and ranking work',
  },
];
