// The role-requests module's front door: the user's and the admin's routes.
export { roleRequestsRoutes } from './role-requests.routes.ts';
export { roleRequestMessages } from './role-requests.service.ts';
