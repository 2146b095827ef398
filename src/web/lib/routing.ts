// The shape of a route row (spec routes.txt) and the access rules rows use. Each feature declares its rows in
// its own routes.tsx with these types; app/routes.tsx concatenates them and app/AppRouter.tsx renders them.
import type { ComponentType } from 'react';

export type RouteParams = Record<string, string | undefined>;

/** marketing: public header; projects: top bar of the public project pages; app: the role's navigation. */
export type LayoutKind = 'marketing' | 'projects' | 'app';

/**
 * Who may open a screen; app/guards.tsx enforces it. `openBeforeTwoStep`: a signed-in screen
 * an admin who must first turn two-step verification on may open (their /settings, where it is set up; decision
 * 0028); every other one shows them the set-up card, as the server refuses its data.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn'; openBeforeTwoStep?: boolean }
  | { kind: 'roles'; roles: readonly string[] }
  | { kind: 'admin' };

export interface AppRoute {
  path: string;
  component: ComponentType<{ params: RouteParams }>;
  access: Access;
  layout: LayoutKind;
  /** The document title (before ' · HomeFix'); defaults to the site name. */
  title?: string;
}

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signedIn' };
/** The own account's settings: open to an admin who must first turn two-step verification on. */
export const OWN_SETTINGS: Access = { kind: 'signedIn', openBeforeTwoStep: true };
export const ADMIN: Access = { kind: 'admin' };
export const roles = (...r: string[]): Access => ({ kind: 'roles', roles: r });
export const CUSTOMER_OR_ADMIN = roles('customer', 'admin');
export const PROVIDER = roles('provider');
