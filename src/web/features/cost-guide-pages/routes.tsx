// /cost-guides, /cost-guides/{category}/{place} and /pricing-accuracy, public (decision 0047), also rendered on the
// server (decision 0045). The screens are the cost-guides feature's, reached through its front door only when a row
// is first shown, so the route table (in the first load of /, /login and /signup) carries just these rows.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const guides = () => import('#web/features/cost-guides/index.ts');
const CostGuidesIndexPage = lazyScreen(
  async () => (await guides()).loadCostGuidesIndexPage(),
  'CostGuidesIndexPage',
);
const CostGuidePage = lazyScreen(async () => (await guides()).loadCostGuidePage(), 'CostGuidePage');
const PricingAccuracyPage = lazyScreen(
  async () => (await guides()).loadPricingAccuracyPage(),
  'PricingAccuracyPage',
);

export const costGuidePagesRoutes: readonly AppRoute[] = [
  {
    path: '/cost-guides',
    component: CostGuidesIndexPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Cost guides',
  },
  // The title becomes the job and the place once the guide is read.
  {
    path: '/cost-guides/:category/:place',
    component: CostGuidePage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Cost guide',
  },
  {
    path: '/pricing-accuracy',
    component: PricingAccuracyPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'How close our prices came',
  },
];
