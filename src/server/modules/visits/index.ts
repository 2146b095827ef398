// Page views and navigation clicks for the admin's visit analytics.
export { visitsRoutes } from './visits.routes.ts';
