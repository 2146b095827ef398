// The accounts feature's front door: its route rows (profiles, settings and the account page, lazily loaded).
export { accountsRoutes } from './routes.tsx';
