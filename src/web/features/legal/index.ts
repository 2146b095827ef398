// The legal feature's front door: its route rows.
export { legalRoutes } from './routes.tsx';
