// The actors of the authorization matrix: one user per kind of caller, made with the factories. Every call of
// the matrix gets a fresh session for its actor (sessionFor), so a row that ends a session (logout, sign-in,
// verification, password reset) cannot disturb the rows after it.
import type { Role } from '#domain/permissions';
import { canAccess } from '#domain/plans';
import type { BuiltApp } from '#server/app';
import { updateUser } from '#server/modules/users';
import { makeAdmin, makeCustomer, makeProvider, type TestUser } from '#server/test/factories';
import { loginAs } from '#server/test/login';

export const actorNames = [
  'anonymous',
  /** The owner of the fixtures (fixtures.ts). */
  'customerA',
  /** Another customer: someone else's private object answers 404. */
  'customerB',
  /** A provider whose plan opens FIXTURE_CATEGORY (checked with canAccess when the actors are made). */
  'providerWithAccess',
  /** A provider on the free plan: no category access. */
  'providerFree',
  'admin',
  /** An admin whose adminExpiresAt has passed: acts as a customer (effectiveRole). */
  'expiredAdmin',
  /** A customer who signed in and was then soft-deleted; calls with that old cookie, which must read as anonymous. */
  'deletedUser',
] as const;
export type ActorName = (typeof actorNames)[number];
export type SignedInActor = Exclude<ActorName, 'anonymous'>;

/** The role each signed-in actor acts with (null: the server sees nobody). Drives the expectation helpers. */
export const actorRole: Readonly<Record<ActorName, Role | null>> = {
  anonymous: null,
  customerA: 'customer',
  customerB: 'customer',
  providerWithAccess: 'provider',
  providerFree: 'provider',
  admin: 'admin',
  expiredAdmin: 'customer',
  deletedUser: null,
};

/** The access category of the fixtures: the one providerWithAccess can reach and providerFree cannot. */
export const FIXTURE_CATEGORY = 'kitchen';

export interface Actors {
  users: Record<SignedInActor, TestUser>;
  /** A Cookie header for one call as this actor (undefined for anonymous). */
  sessionFor(actor: ActorName): Promise<string | undefined>;
}

const accessSubject = (u: TestUser) => ({
  ...u,
  tasks: (u.selectedTasks ?? []).map((task) => ({ category: u.selectedCategory ?? '', task })),
});

export async function createActors(app: BuiltApp): Promise<Actors> {
  const { db, now } = app.ctx;
  const users: Record<SignedInActor, TestUser> = {
    customerA: await makeCustomer(db, { firstName: 'Ann' }),
    customerB: await makeCustomer(db, { firstName: 'Bea' }),
    providerWithAccess: await makeProvider(db, { plan: 'deluxe' }),
    providerFree: await makeProvider(db, { plan: 'free' }),
    admin: await makeAdmin(db),
    expiredAdmin: await makeAdmin(db, { expired: true }),
    deletedUser: await makeCustomer(db, { firstName: 'Gone' }),
  };

  // The plan rules decide who "has access", not this file: fail loudly if they stop matching the actors.
  const t = now();
  if (!canAccess(accessSubject(users.providerWithAccess), FIXTURE_CATEGORY, null, t).allowed) {
    throw new Error(`providerWithAccess cannot access ${FIXTURE_CATEGORY}: pick another plan in actors.ts`);
  }
  if (canAccess(accessSubject(users.providerFree), FIXTURE_CATEGORY, null, t).allowed) {
    throw new Error(`providerFree can access ${FIXTURE_CATEGORY}: pick another plan in actors.ts`);
  }

  // Signed in first, soft-deleted after: the cookie is a real, once-valid session. The server never resolves
  // it again (the session plugin ignores deleted users), so no row can end it and it is reused by every call.
  const deletedCookie = await loginAs(app, users.deletedUser);
  const deleted = await updateUser(db, users.deletedUser.id, { deletedAt: now() });
  if (!deleted) throw new Error('deletedUser was not soft-deleted');
  users.deletedUser = { ...deleted, password: users.deletedUser.password };

  return {
    users,
    async sessionFor(actor) {
      if (actor === 'anonymous') return undefined;
      if (actor === 'deletedUser') return deletedCookie;
      return loginAs(app, users[actor]);
    },
  };
}
