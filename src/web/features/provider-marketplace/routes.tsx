// The provider side of the marketplace (spec part 2 section 2): tasks to bid on, posted tasks and estimates,
// and the provider's subscription. Rows whose screen is not built yet show a coming-soon page.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PROVIDER, type AppRoute } from '#web/lib/routing.ts';

const SubscriptionPage = lazyScreen(() => import('./components/SubscriptionPage.tsx'), 'SubscriptionPage');
const ProviderPostedEstimatesPage = lazyScreen(
  () => import('./components/ProviderPostedEstimatesPage.tsx'),
  'ProviderPostedEstimatesPage',
);

export const providerMarketplaceRoutes: readonly AppRoute[] = [
  {
    path: '/tasks',
    component: comingSoon('Available Tasks'),
    access: PROVIDER,
    layout: 'app',
    title: 'Available Tasks',
  },
  {
    path: '/posted-tasks',
    component: comingSoon('Posted Tasks'),
    access: PROVIDER,
    layout: 'app',
    title: 'Posted Tasks',
  },
  {
    path: '/provider/posted-estimates',
    component: ProviderPostedEstimatesPage,
    access: PROVIDER,
    layout: 'app',
    title: 'Posted Estimates',
  },
  {
    path: '/subscription',
    component: SubscriptionPage,
    access: PROVIDER,
    layout: 'app',
    title: 'Subscription',
  },
];
