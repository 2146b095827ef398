// The landing pages: the home page, the /mvp variant and the provider page (/provider-mvp). Each is its own
// chunk like every screen, so visitors who arrive on /login or /signup do not download them.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const LandingPage = lazyScreen(() => import('./components/LandingPage.tsx'), 'LandingPage');
const MvpLandingPage = lazyScreen(() => import('./components/LandingPage.tsx'), 'MvpLandingPage');
const ProviderLandingPage = lazyScreen(
  () => import('./components/ProviderLandingPage.tsx'),
  'ProviderLandingPage',
);

export const landingRoutes: readonly AppRoute[] = [
  { path: '/', component: LandingPage, access: PUBLIC, layout: 'marketing' },
  { path: '/mvp', component: MvpLandingPage, access: PUBLIC, layout: 'projects' },
  {
    path: '/provider-mvp',
    component: ProviderLandingPage,
    access: PUBLIC,
    layout: 'projects',
    title: 'For Service Providers',
  },
];
