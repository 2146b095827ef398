// The admin feature's front door: its route rows (screens not built yet).
export { adminRoutes } from './routes.tsx';
