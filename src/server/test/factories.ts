// Test factories: users of every role and plan, made straight in the database with a cheap password hash, so
// suites that need many accounts (the authorization matrix, the fuzz) stay fast. Every helper takes the
// database and returns the row plus the plain password.
import { hash } from '@node-rs/argon2';
import { trialEndFrom } from '#domain/plans';
import { regions } from '#domain/regions/index';
import type { Executor } from '#server/db/client';
import { insertUser, type NewUser, type UserRow } from '#server/modules/users';

export const PASSWORD = 'Secret123';
/** A region that exists, and an id that no region has. */
export const REGION_ID = regions[0]?.id ?? 0;
export const UNKNOWN_REGION_ID = Math.max(0, ...regions.map((r) => r.id)) + 1;

let seq = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${process.pid.toString(36)}${Date.now().toString(36)}-${++seq}@example.com`;

// argon2id with the smallest parameters: a real hash that verifyPassword accepts, at a fraction of the cost of
// production's 19 MiB / 2 passes. One hash per distinct password per process.
const hashes = new Map<string, Promise<string>>();
export function cheapHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hash(password, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    hashes.set(password, h);
  }
  return h;
}

const DAY = 86_400_000;

export type TestUser = UserRow & { password: string };

export type UserTraits = Partial<NewUser> & {
  password?: string;
  /** Email confirmed (default true: most tests act as a normal, verified user). */
  verified?: boolean;
  /** The clock the account is made at (default: now). */
  now?: Date;
};

/** Any user; a verified customer unless told otherwise. */
export async function makeUser(db: Executor, traits: UserTraits = {}): Promise<TestUser> {
  const { password = PASSWORD, verified = true, now = new Date(), ...values } = traits;
  const user = await insertUser(db, {
    email: uniqueEmail(values.role ?? 'customer'),
    firstName: 'Test',
    lastName: 'User',
    role: 'customer',
    createdAt: now,
    emailVerifiedAt: verified ? now : null,
    passwordHash: await cheapHash(password),
    ...values,
  });
  if (!user) throw new Error('user not created (email taken?)');
  return { ...user, password };
}

export const makeCustomer = (db: Executor, traits: UserTraits = {}) =>
  makeUser(db, { firstName: 'Casey', lastName: 'Customer', ...traits, role: 'customer' });

export interface ProviderTraits extends UserTraits {
  /** The provider plan (default starter). */
  plan?: 'free' | 'starter' | 'deluxe' | 'enterprise';
  /** 'paid': a paid period that runs 30 more days (default); 'trial': day one of the 7-day trial;
   *  'expired-trial': a trial that ended yesterday. Ignored for the free plan. */
  billing?: 'paid' | 'trial' | 'expired-trial';
}

/** A provider on a plan, with the sign-up category, one task and a region. */
export function makeProvider(db: Executor, traits: ProviderTraits = {}) {
  const { plan = 'starter', billing = 'paid', ...rest } = traits;
  const now = rest.now ?? new Date();
  const billingColumns: Partial<NewUser> =
    plan === 'free'
      ? {}
      : billing === 'paid'
        ? { hasUsedTrial: true, subscriptionExpiryDate: new Date(now.getTime() + 30 * DAY) }
        : billing === 'trial'
          ? { hasUsedTrial: true, trialEndDate: trialEndFrom(now) }
          : { hasUsedTrial: true, trialEndDate: new Date(now.getTime() - DAY) };
  return makeUser(db, {
    firstName: 'Pat',
    lastName: 'Provider',
    subscriptionPlan: plan,
    selectedCategory: 'home-repair',
    selectedTasks: plan === 'free' ? [] : ['painting'],
    regionId: REGION_ID,
    ...billingColumns,
    ...rest,
    role: 'provider',
  });
}

/** An admin; `expired` makes the admin role one that ended yesterday (the user then acts as a customer). */
export function makeAdmin(db: Executor, traits: UserTraits & { expired?: boolean } = {}) {
  const { expired = false, ...rest } = traits;
  const now = rest.now ?? new Date();
  return makeUser(db, {
    firstName: 'Alex',
    lastName: 'Admin',
    ...(expired ? { adminExpiresAt: new Date(now.getTime() - DAY) } : {}),
    ...rest,
    role: 'admin',
  });
}
