// The provider marketplace feature's front door: its route rows (screens not built yet).
export { providerMarketplaceRoutes } from './routes.tsx';
