// The projects feature's front door: its route rows (lazy screens).
export { projectsRoutes } from './routes.tsx';
