// The jobs feature's front door: its route rows (lazy screens).
export { jobsRoutes } from './routes.tsx';
