// The projects feature's front door: its route rows (screens not built yet).
export { projectsRoutes } from './routes.tsx';
