// The dashboards: /dashboard sends each user to their role's own. The admin's is the Admin Panel (admin feature).
import { AdminConsolePage } from '#web/features/admin/index.ts';
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { PROVIDER, PUBLIC, roles, type AppRoute } from '#web/lib/routing.ts';
import { DashboardRedirect } from './components/DashboardRedirect.tsx';

const CustomerDashboard = lazyScreen(() => import('./components/CustomerDashboard.tsx'), 'CustomerDashboard');
const ProviderDashboard = lazyScreen(() => import('./components/ProviderDashboard.tsx'), 'ProviderDashboard');

export const dashboardRoutes: readonly AppRoute[] = [
  { path: '/dashboard', component: DashboardRedirect, access: PUBLIC, layout: 'app', title: 'Dashboard' },
  {
    path: '/dashboard/admin',
    component: AdminConsolePage,
    access: roles('admin'),
    layout: 'app',
    title: 'Admin dashboard',
  },
  {
    path: '/dashboard/provider',
    component: ProviderDashboard,
    access: PROVIDER,
    layout: 'app',
    title: 'Provider dashboard',
  },
  {
    path: '/dashboard/customer',
    component: CustomerDashboard,
    access: roles('customer'),
    layout: 'app',
    title: 'Dashboard',
  },
];
