// The users module's front door: what other modules may use of the accounts table, and who may see whom.
export {
  findActiveUserByEmail,
  findActiveUserById,
  findActiveUsersByIds,
  findUserByEmailAnyState,
  insertUser,
  lockActiveUserById,
  normalizeEmail,
  softDeleteUser,
  tombstoneEmail,
  updateUser,
  type NewUser,
  type UserPatch,
  type UserRow,
} from './users.repo.ts';
export { planInForce, providerAccessSubject, tasksTrimmedFor, toPublicUser } from './user-view.ts';
export {
  createUserVisibility,
  type UserVisibility,
  type UserVisibilityRule,
  type Viewer,
} from './users.visibility.ts';
