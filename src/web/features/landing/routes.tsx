// The landing pages: the home page, the /mvp variant and (not built yet) the provider tour. The two built
// pages are the first thing most visitors load, so they stay in the entry chunk rather than lazy.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';
import { LandingPage, MvpLandingPage } from './components/LandingPage.tsx';

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
