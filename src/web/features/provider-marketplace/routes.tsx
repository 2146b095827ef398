// The provider side of the marketplace (spec part 2 section 2): tasks to bid on, posted tasks and estimates,
// and the provider's subscription. Not built yet: each row shows a coming-soon page until its screen lands here.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { PROVIDER, type AppRoute } from '#web/lib/routing.ts';

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
    component: comingSoon('Posted Estimates'),
    access: PROVIDER,
    layout: 'app',
    title: 'Posted Estimates',
  },
  {
    path: '/subscription',
    component: comingSoon('Subscription', 'Plans and billing'),
    access: PROVIDER,
    layout: 'app',
    title: 'Subscription',
  },
];
