// The provider marketplace feature's front door: its route rows and the lazily loaded parts other
// features show (the dashboard overview, the notification settings).
export { LazyNotificationSettings, LazyProviderOverview } from './lazy-parts.ts';
export { providerMarketplaceRoutes } from './routes.tsx';
