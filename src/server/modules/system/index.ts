// Health, readiness, public configuration and the region list.
export { systemRoutes } from './system.routes.ts';
