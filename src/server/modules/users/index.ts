// The users module's front door: what other modules may use of the accounts table.
export {
  findActiveUserByEmail,
  findActiveUserById,
  findUserByEmailAnyState,
  insertUser,
  normalizeEmail,
  updateUser,
  type NewUser,
  type UserPatch,
  type UserRow,
} from './users.repo.ts';
export { toPublicUser } from './user-view.ts';
