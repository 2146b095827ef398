// The estimate screens: the wizard, the lists, the details and the posted estimates
// (/posted-projects is the same list under another name). Every screen is its own lazy chunk, so the
// catalogue, the region list and the pricing never reach the first load of /, /login or /signup.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { CUSTOMER_OR_ADMIN, SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

const EstimateWizardPage = lazyScreen(
  () => import('./components/EstimateWizardPage.tsx'),
  'EstimateWizardPage',
);
const EstimatesListPage = lazyScreen(() => import('./components/EstimatesListPage.tsx'), 'EstimatesListPage');
const EstimateDetailPage = lazyScreen(
  () => import('./components/EstimateDetailPage.tsx'),
  'EstimateDetailPage',
);
const SavedEstimatesPage = lazyScreen(
  () => import('./components/SavedEstimatesPage.tsx'),
  'SavedEstimatesPage',
);
const PostedEstimatesPage = lazyScreen(
  () => import('./components/PostedEstimatesPage.tsx'),
  'PostedEstimatesPage',
);
const CustomerPlanPage = lazyScreen(() => import('./components/CustomerPlanPage.tsx'), 'CustomerPlanPage');
const PostedProjectsPage = lazyScreen(
  () => import('./components/PostedEstimatesPage.tsx'),
  'PostedProjectsPage',
);

export const estimatesRoutes: readonly AppRoute[] = [
  {
    path: '/estimates',
    component: EstimatesListPage,
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Estimates',
  },
  // Before '/estimates/:id', which would otherwise match it.
  {
    path: '/estimates/create',
    component: EstimateWizardPage,
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Create an Estimate',
  },
  {
    path: '/estimates/:id',
    component: EstimateDetailPage,
    // The owner's page; anyone signed in may read a posted one (providers come from their lists and notifications).
    access: SIGNED_IN,
    layout: 'app',
    title: 'Estimate Details',
  },
  {
    path: '/estimate/:id',
    component: EstimateDetailPage,
    // The owner's page; anyone signed in may read a posted one (providers come from their lists and notifications).
    access: SIGNED_IN,
    layout: 'app',
    title: 'Estimate Details',
  },
  {
    path: '/saved-estimates',
    component: SavedEstimatesPage,
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Saved Estimates',
  },
  // The same screen as /estimates: one list of every estimate of the user's, whatever its status.
  {
    path: '/my-estimates',
    component: EstimatesListPage,
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Estimates',
  },
  {
    path: '/posted-estimates',
    component: PostedEstimatesPage,
    access: SIGNED_IN,
    layout: 'app',
    title: 'Posted Estimates',
  },
  {
    path: '/posted-projects',
    component: PostedProjectsPage,
    access: SIGNED_IN,
    layout: 'app',
    title: 'Posted Projects',
  },
  // The customer plans that limit estimates; the accounts feature leaves this row here.
  {
    path: '/customer/subscription',
    component: CustomerPlanPage,
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Plan',
  },
];
