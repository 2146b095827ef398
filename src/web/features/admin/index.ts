// The admin feature's front door: its route rows, the panel (lazy) for /dashboard/admin, and a visit as the
// Visit Analytics tab reads it.
export { AdminConsolePage, adminRoutes } from './routes.tsx';
export type { Visit } from './api/get-visits.ts';
