// The admin module's front door: the console's routes, and the registry of every table that points at a user
// (a feature that adds such a table adds it in admin.repo.ts, so deletion previews and hard deletion cover it).
export { adminRoutes } from './admin.routes.ts';
export { deletionReasons } from './admin.deletion.ts';
