// Roles and the permission table: what each role may do.
export const roles = ['customer', 'provider', 'admin'] as const;
export type Role = (typeof roles)[number];

export const permissions = [
  'viewAllUsers',
  'editUser',
  'deleteUser',
  'changeRole',
  'viewAuditLog',
  'viewPostedEstimates',
  'messageAnyone',
  'messageMatchingTasks',
  'editOwnProfile',
  'createEstimate',
  'viewSavedEstimates',
  'postEstimate',
  'receiveMessages',
  'createBid',
  'viewOwnBids',
  'viewBids',
  'acceptBid',
] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: [
    'viewAllUsers',
    'editUser',
    'deleteUser',
    'changeRole',
    'viewAuditLog',
    'viewPostedEstimates',
    'messageAnyone',
    'editOwnProfile',
    'createEstimate',
    'viewSavedEstimates',
    'postEstimate',
    'receiveMessages',
  ],
  provider: [
    'viewPostedEstimates',
    'messageMatchingTasks',
    'editOwnProfile',
    'createBid',
    'viewOwnBids',
    'receiveMessages',
  ],
  customer: [
    'createEstimate',
    'viewSavedEstimates',
    'postEstimate',
    'receiveMessages',
    'editOwnProfile',
    'viewBids',
    'acceptBid',
  ],
};

export interface RoleHolder {
  role: Role;
  adminExpiresAt?: Date | string | null;
}

/** The role a user acts with at `now`: an admin whose privileges expired acts as a customer. */
export function effectiveRole(user: RoleHolder, now: Date): Role {
  if (user.role !== 'admin' || user.adminExpiresAt == null) return user.role;
  const expires = new Date(user.adminExpiresAt);
  if (Number.isNaN(expires.getTime())) return user.role;
  return expires.getTime() > now.getTime() ? 'admin' : 'customer';
}

export function hasPermission(user: RoleHolder, permission: Permission, now: Date): boolean {
  return rolePermissions[effectiveRole(user, now)].includes(permission);
}

/** Role guard comparison: case-insensitive, as the client's role guard does. */
export function roleAllowed(role: string | null | undefined, allowed: readonly string[]): boolean {
  if (!role) return false;
  const r = role.toLowerCase();
  return allowed.some((a) => a.toLowerCase() === r);
}

/** Where /dashboard sends a signed-in user. */
export function dashboardPath(role: Role | null | undefined): string {
  if (!role) return '/login';
  if (role === 'admin') return '/dashboard/admin';
  if (role === 'provider') return '/dashboard/provider';
  return '/dashboard/customer';
}
