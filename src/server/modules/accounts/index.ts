// The accounts module's front door: the signed-in user's profile, settings and account cancel routes, and the
// profile view other modules may show.
export { accountsRoutes } from './accounts.routes.ts';
export { toProfile } from './accounts.view.ts';
