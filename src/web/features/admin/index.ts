// The admin feature's front door: its route rows, and the panel (lazy) for /dashboard/admin.
export { AdminConsolePage, adminRoutes } from './routes.tsx';
