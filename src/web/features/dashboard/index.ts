// The dashboard feature's front door: its route rows.
export { dashboardRoutes } from './routes.tsx';
