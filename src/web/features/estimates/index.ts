// The estimates feature's front door: its route rows and the lazily loaded customer overview the dashboard
// shows. Nothing here imports the catalogue or the pricing eagerly.
export { LazyCustomerOverview, LazyMessageDialog } from './lazy-parts.ts';
export { estimatesRoutes } from './routes.tsx';
