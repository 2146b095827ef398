// The site's own pages: feedback, the thank-you page and the access-denied page guards redirect to.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PUBLIC, type AppRoute } from '#web/lib/routing.ts';
import { ForbiddenPage } from './components/ForbiddenPage.tsx';

const FeedbackPage = lazyScreen(() => import('./components/FeedbackPage.tsx'), 'FeedbackPage');
const ThanksPage = lazyScreen(() => import('./components/ThanksPage.tsx'), 'ThanksPage');

export const siteRoutes: readonly AppRoute[] = [
  { path: '/feedback', component: FeedbackPage, access: PUBLIC, layout: 'marketing', title: 'Feedback' },
  { path: '/thanks', component: ThanksPage, access: PUBLIC, layout: 'marketing', title: 'Thank you' },
  {
    path: '/forbidden',
    component: ForbiddenPage,
    access: PUBLIC,
    layout: 'marketing',
    title: 'Access Denied',
  },
];
