// The jobs feature's front door: its route rows (lazy screens), and the job of an estimate for the other features.
export { jobsRoutes } from './routes.tsx';
export { useEstimateJob } from './api/jobs.ts';
