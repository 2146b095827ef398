// The estimate screens (spec part 2 section 2): the wizard, the lists, the details and the posted estimates
// (/posted-projects is the same list under another name).
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { CUSTOMER_OR_ADMIN, SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

const EstimateWizardPage = lazyScreen(
  () => import('./components/EstimateWizardPage.tsx'),
  'EstimateWizardPage',
);

export const estimatesRoutes: readonly AppRoute[] = [
  {
    path: '/estimates',
    component: comingSoon('My Estimates'),
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
    component: comingSoon('Estimate Details'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Estimate Details',
  },
  {
    path: '/estimate/:id',
    component: comingSoon('Estimate Details'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Estimate Details',
  },
  {
    path: '/saved-estimates',
    component: comingSoon('Saved Estimates'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'Saved Estimates',
  },
  {
    path: '/my-estimates',
    component: comingSoon('My Estimates'),
    access: CUSTOMER_OR_ADMIN,
    layout: 'app',
    title: 'My Estimates',
  },
  {
    path: '/posted-estimates',
    component: comingSoon('Posted Estimates'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Posted Estimates',
  },
  {
    path: '/posted-projects',
    component: comingSoon('Posted Projects'),
    access: SIGNED_IN,
    layout: 'app',
    title: 'Posted Projects',
  },
];
