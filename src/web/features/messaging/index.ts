// The messaging feature's front door: its route rows (screens not built yet).
export { messagingRoutes } from './routes.tsx';
