// The provider side of the marketplace: tasks to bid on, posted tasks and estimates,
// and the provider's subscription.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PROVIDER, PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const AvailableTasksPage = lazyScreen(() => import('./components/TasksPage.tsx'), 'AvailableTasksPage');
const PostedTasksPage = lazyScreen(() => import('./components/TasksPage.tsx'), 'PostedTasksPage');
const SubscriptionPage = lazyScreen(() => import('./components/SubscriptionPage.tsx'), 'SubscriptionPage');
const ProviderPostedEstimatesPage = lazyScreen(
  () => import('./components/ProviderPostedEstimatesPage.tsx'),
  'ProviderPostedEstimatesPage',
);

export const providerMarketplaceRoutes: readonly AppRoute[] = [
  {
    path: '/tasks',
    component: AvailableTasksPage,
    access: PROVIDER,
    layout: 'app',
    title: 'Available Tasks',
  },
  {
    path: '/posted-tasks',
    component: PostedTasksPage,
    access: PROVIDER,
    layout: 'app',
    title: 'Posted Tasks',
  },
  {
    path: '/provider/posted-estimates',
    component: ProviderPostedEstimatesPage,
    // Public: the page itself tells anyone else it is for providers.
    access: PUBLIC,
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
