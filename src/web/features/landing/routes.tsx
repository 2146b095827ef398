// The landing pages: the home page, the /mvp variant and (not built yet) the provider tour. The home page is
// its own chunk like every screen, so visitors who arrive on /login or /signup do not download it.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const LandingPage = lazyScreen(() => import('./components/LandingPage.tsx'), 'LandingPage');
const MvpLandingPage = lazyScreen(() => import('./components/LandingPage.tsx'), 'MvpLandingPage');

export const landingRoutes: readonly AppRoute[] = [
  { path: '/', component: LandingPage, access: PUBLIC, layout: 'marketing' },
  { path: '/mvp', component: MvpLandingPage, access: PUBLIC, layout: 'projects' },
  {
    path: '/provider-mvp',
    component: comingSoon('For Service Providers', 'The provider tour'),
    access: PUBLIC,
    layout: 'projects',
    title: 'For Service Providers',
  },
];
