// The estimates module's front door: the routes, and what other features may read (the API view of a row).
export { estimatesRoutes } from './estimates.routes.ts';
export { createEstimatesService, type EstimatesService } from './estimates.service.ts';
