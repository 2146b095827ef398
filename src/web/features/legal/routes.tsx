// The legal pages: privacy policy and terms of service.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';

const PrivacyPolicyPage = lazyScreen(() => import('./components/PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage');
const TermsOfServicePage = lazyScreen(
  () => import('./components/TermsOfServicePage.tsx'),
  'TermsOfServicePage',
);

export const legalRoutes: readonly AppRoute[] = [
  {
    path: '/privacy-policy',
    component: PrivacyPolicyPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Privacy Policy',
  },
  {
    path: '/terms-of-service',
    component: TermsOfServicePage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Terms of Service',
  },
];
