// The provider marketplace feature's front door: its route rows and the lazily loaded dashboard overview.
export { LazyProviderOverview } from './lazy-parts.ts';
export { providerMarketplaceRoutes } from './routes.tsx';
