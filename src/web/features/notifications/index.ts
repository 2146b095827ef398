// The notification centre's front door (decision 0043): its route row, the bell every signed-in header shows (the
// panel loads on first use), the lazily loaded parts other features show, the count and list hooks, the realtime
// channel's cache update and the admin console's mail list. The navigation imports this, so everything exported
// here statically lands in the first load: keep it to light hooks and lazy wrappers.
export { notificationsRoutes } from './routes.tsx';
export { NotificationBell } from './components/NotificationBell.tsx';
export {
  LazyNotificationPreferences,
  LazyNotificationSettings,
  LazyNotificationsPanel,
} from './lazy-parts.ts';
export { useLatestNotifications, useUnreadNotificationCount } from './api/get-notifications.ts';
export { applyNotificationPush, refreshNotifications } from './api/cache.ts';
export { useAdminMail, type AdminMailQuery, type MailStatus } from './api/get-admin-mail.ts';
