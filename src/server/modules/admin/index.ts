// The admin module's front door: the reasons a deletion may give. (A feature that adds a table pointing at a user
// adds it to the registry in admin.repo.ts, so deletion previews and hard deletion cover it.)
export { deletionReasons } from './admin.deletion.ts';
