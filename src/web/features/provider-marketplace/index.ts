// The provider marketplace feature's front door: its route rows and the lazily loaded parts other
// features show (the dashboard's notifications and overview, the notification settings).
export { LazyNotificationSettings, LazyNotificationsPanel, LazyProviderOverview } from './lazy-parts.ts';
export { providerMarketplaceRoutes } from './routes.tsx';
