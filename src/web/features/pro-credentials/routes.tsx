// The provider's licenses and insurance, and their portfolio (decision 0046): reached from the business profile
// screen, not the navigation. Each screen is its own lazy chunk.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PROVIDER, type AppRoute } from '#web/lib/routing.ts';

const CredentialsPage = lazyScreen(() => import('./components/CredentialsPage.tsx'), 'CredentialsPage');
const PortfolioPage = lazyScreen(() => import('./components/PortfolioPage.tsx'), 'PortfolioPage');

export const credentialsPath = '/provider/credentials';
export const portfolioPath = '/provider/portfolio';

export const proCredentialsRoutes: readonly AppRoute[] = [
  {
    path: credentialsPath,
    component: CredentialsPage,
    access: PROVIDER,
    layout: 'app',
    title: 'Licenses and insurance',
  },
  { path: portfolioPath, component: PortfolioPage, access: PROVIDER, layout: 'app', title: 'Portfolio' },
];
