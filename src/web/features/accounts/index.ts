// The accounts feature's front door: its route rows (profiles, settings and the account page, lazily loaded).
export { accountsRoutes } from './routes.tsx';
/** Whether the signed-in user has two-step verification on (the admin dashboard's suggestion, decision 0028). */
export { twoStepQueryOptions } from './api/two-step.ts';
