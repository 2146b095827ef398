// The estimates feature's front door: its route rows (screens not built yet).
export { estimatesRoutes } from './routes.tsx';
