// Account creation outside HTTP, for the command-line scripts (create-admin, seed:demo).
import type { Db } from '#server/db/client';
import { hashPassword } from '#server/lib/passwords';
import * as repo from '#server/modules/users';
import type { UserRow } from '#server/modules/users';

export class AccountError extends Error {}

export interface AdminInput {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates an admin with a verified email, or promotes the existing account with that email (making the admin
 * role permanent, confirming the email, and setting the password when one is given).
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: AdminInput,
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await repo.findUserByEmailAnyState(db, input.email);
  if (existing?.deletedAt) {
    throw new AccountError(`The account ${input.email} was deleted; use another email address.`);
  }
  if (existing) {
    const user = await repo.updateUser(db, existing.id, {
      role: 'admin',
      adminExpiresAt: null,
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
    });
    if (!user) throw new AccountError(`Could not update ${input.email}`);
    return { user, created: false };
  }
  if (!input.password || !input.firstName || !input.lastName) {
    throw new AccountError('A new admin needs --password, --first-name and --last-name.');
  }
  const user = await repo.insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    role: 'admin',
    firstName: input.firstName,
    lastName: input.lastName,
    emailVerifiedAt: now,
    createdAt: now,
  });
  if (!user) throw new AccountError(`An account with the email ${input.email} already exists.`);
  return { user, created: true };
}

export type DemoUserInput = Omit<repo.NewUser, 'passwordHash' | 'createdAt' | 'role'> & {
  role: NonNullable<repo.NewUser['role']>;
  password: string;
};

/**
 * Creates the demo user unless an account with that email exists. With `resetPassword`, an existing demo
 * account gets the given password instead. Returns what happened.
 */
export async function ensureDemoUser(
  db: Db,
  input: DemoUserInput,
  now: Date,
  resetPassword: boolean,
): Promise<'created' | 'kept' | 'password-reset'> {
  const { password, ...values } = input;
  const existing = await repo.findUserByEmailAnyState(db, values.email);
  if (existing) {
    if (!resetPassword) return 'kept';
    await repo.updateUser(db, existing.id, { passwordHash: await hashPassword(password), deletedAt: null });
    return 'password-reset';
  }
  const user = await repo.insertUser(db, {
    ...values,
    passwordHash: await hashPassword(password),
    createdAt: now,
  });
  return user ? 'created' : 'kept';
}
