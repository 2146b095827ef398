// The notification centre's page: every signed-in role's notifications (decision 0043).
import { lazyScreen } from '#web/lib/lazy-screen.ts';
import { SIGNED_IN, type AppRoute } from '#web/lib/routing.ts';

const NotificationsPage = lazyScreen(() => import('./components/NotificationsPage.tsx'), 'NotificationsPage');

export const notificationsRoutes: readonly AppRoute[] = [
  {
    path: '/notifications',
    component: NotificationsPage,
    access: SIGNED_IN,
    layout: 'app',
    title: 'Notifications',
  },
];
