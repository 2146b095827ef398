// The shape of a row of the authorization matrix and the helpers that spell out the common expectations.
// Every row states an outcome for every actor (the type asks for all of them); the helpers only save typing,
// and a row overrides single actors by spreading: { ...signedIn(), providerFree: 403 }.
import type { BuiltApp } from '#server/app';
import type { TestUser } from '#server/test/factories';
import type { Role } from '#domain/permissions';
import { actorNames, actorRole, type ActorName, type Actors } from './actors.ts';
import type { Fixtures } from './fixtures.ts';

/** 'ok': the call was allowed (2xx or 3xx); otherwise the refusal's status. */
export type Outcome = 'ok' | 401 | 403 | 404;
export type Expectation = Record<ActorName, Outcome>;

/** What a row's request builder gets: the app, the caller (null when anonymous), every actor and fixture. */
export interface RowContext {
  app: BuiltApp;
  actor: ActorName;
  /** The actor's user; null for anonymous. deletedUser's row is the soft-deleted one. */
  user: TestUser | null;
  actors: Actors;
  fixtures: Fixtures;
}

export interface RowRequest {
  /** Defaults to the route's URL; required when the route has parameters (/api/things/:id). */
  url?: string;
  query?: Record<string, string>;
  payload?: object;
  headers?: Record<string, string>;
}

export interface Row {
  /** 'METHOD /url' exactly as the route is registered, e.g. 'GET /api/visits/count'. */
  route: string;
  /** Builds a valid request for this caller (a body, a token, an object's id); called once per call. */
  request?: (ctx: RowContext) => RowRequest | Promise<RowRequest>;
  expect: Expectation;
  /** Why an outcome is what it is, when that is not obvious. */
  note?: string;
}

const table = (pick: (actor: ActorName) => Outcome) =>
  Object.fromEntries(actorNames.map((a) => [a, pick(a)])) as Expectation;

/** The same outcome for every actor (a public route: everyone('ok')). */
export const everyone = (outcome: Outcome) => table(() => outcome);

/** Any signed-in user: anonymous and deletedUser 401, everyone else 'ok'. */
export const signedIn = () => table((a) => (actorRole[a] === null ? 401 : 'ok'));

/** Signed in with one of these roles (the role in force: expiredAdmin is a customer); others 403. */
export const onlyRoles = (...roles: Role[]) =>
  table((a) => {
    const role = actorRole[a];
    if (role === null) return 401;
    return roles.includes(role) ? 'ok' : 403;
  });

/** config.access: ['admin']: anonymous and deletedUser 401, admin 'ok', every other actor (expiredAdmin too) 403. */
export const adminOnly = () => onlyRoles('admin');

/**
 * A private object of customerA's: the owner 'ok', every other signed-in actor 404 (its existence is not
 * told), anonymous and deletedUser 401. Override admin when admins may see it.
 */
export const ownerOnly = () => table((a) => (actorRole[a] === null ? 401 : a === 'customerA' ? 'ok' : 404));
