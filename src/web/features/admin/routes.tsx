// The admin screens (spec part 2 section 2): the panel, message oversight, user search and test data cleanup.
// Not built yet: each row shows a coming-soon page until its screen lands here.
import { comingSoon } from '#web/components/ComingSoon.tsx';
import { ADMIN, type AppRoute } from '#web/lib/routing.ts';

export const adminRoutes: readonly AppRoute[] = [
  {
    path: '/admin',
    component: comingSoon('Admin Panel'),
    access: ADMIN,
    layout: 'app',
    title: 'Admin Panel',
  },
  {
    path: '/admin/messages',
    component: comingSoon('All Messages', 'Message oversight'),
    access: ADMIN,
    layout: 'app',
    title: 'All Messages',
  },
  {
    path: '/admin/replit-db-users',
    component: comingSoon('User Search', 'Advanced user search'),
    access: ADMIN,
    layout: 'app',
    title: 'User Search',
  },
  {
    path: '/admin/cleanup',
    component: comingSoon('Test Data Cleanup'),
    access: ADMIN,
    layout: 'app',
    title: 'Test Data Cleanup',
  },
];
