// The accounts feature's front door: its route rows (screens not built yet).
export { accountsRoutes } from './routes.tsx';
