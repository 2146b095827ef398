// The provider marketplace feature's front door: its route rows and the lazily loaded part other features show
// (the dashboard's overview; the notifications moved to the notifications feature).
export { LazyProviderOverview } from './lazy-parts.ts';
export { providerMarketplaceRoutes } from './routes.tsx';
