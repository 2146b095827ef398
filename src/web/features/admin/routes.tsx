// The admin screens: the panel with its tabs, message oversight, the advanced user
// search and the test-data clean-up. Each screen is its own lazy chunk.
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { ADMIN, type AppRoute } from '#web/lib/routing.ts';

/** The panel, also shown at /dashboard/admin (the dashboard feature takes it through the front door). */
export const AdminConsolePage = lazyScreen(
  () => import('./components/AdminConsolePage.tsx'),
  'AdminConsolePage',
);
const AdminMessagesPage = lazyScreen(() => import('./components/AdminMessagesPage.tsx'), 'AdminMessagesPage');
const CleanupPage = lazyScreen(() => import('./components/CleanupPage.tsx'), 'CleanupPage');
const UserSearchPage = lazyScreen(() => import('./components/UserSearchPage.tsx'), 'UserSearchPage');

export const adminRoutes: readonly AppRoute[] = [
  {
    path: '/admin',
    component: AdminConsolePage,
    access: ADMIN,
    layout: 'app',
    title: 'Admin Panel',
  },
  {
    path: '/admin/messages',
    component: AdminMessagesPage,
    access: ADMIN,
    layout: 'app',
    title: 'All Messages',
  },
  {
    path: '/admin/replit-db-users',
    component: UserSearchPage,
    access: ADMIN,
    layout: 'app',
    title: 'User Search',
  },
  {
    path: '/admin/cleanup',
    component: CleanupPage,
    access: ADMIN,
    layout: 'app',
    title: 'Test Data Cleanup',
  },
];
