// The landing feature's front door: its route rows.
export { landingRoutes } from './routes.tsx';
