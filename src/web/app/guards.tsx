// Route guards: who may open each screen (lib/routing.ts Access), by sign-in, role and admin checks.
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { roleAllowed } from '#domain/permissions';
import { AccessDenied } from '#web/components/AccessDenied.tsx';
import { TwoStepRequired } from '#web/components/TwoStepRequired.tsx';
import { LoadingText, Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { paths } from '#web/lib/paths.ts';
import type { Access } from '#web/lib/routing.ts';

/** /login?next=<the current path and query>, so signing in returns here (checked by safeNextPath). */
function ToLogin() {
  const [location] = useLocation();
  const search = useSearch();
  const next = search ? `${location}?${search}` : location;
  return <Redirect to={`${paths.login}?next=${encodeURIComponent(next)}`} replace />;
}

/**
 * Shows 'Loading…', then sends a visitor with no user to /login?next=… (replacing the history entry). An admin who
 * must first turn two-step verification on sees the set-up card, unless the screen is open to them (their /settings).
 */
export function LoginGuard({
  children,
  openBeforeTwoStep = false,
}: {
  children: ReactNode;
  openBeforeTwoStep?: boolean;
}) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  if (!user) return <ToLogin />;
  if (user.twoStepSetupRequired && !openBeforeTwoStep) return <TwoStepRequired />;
  return <>{children}</>;
}

/** Lets through only the given roles (compared case-insensitively); others go to /forbidden. */
export function RoleGuard({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  if (!user) return <ToLogin />;
  if (!roleAllowed(user.role, roles)) return <Redirect to={paths.forbidden} replace />;
  // An admin who must turn two-step on first (decision 0028): the server refuses every role-only route.
  if (user.twoStepSetupRequired) return <TwoStepRequired />;
  return <>{children}</>;
}

/** Admin-only pages: spinner while loading, anonymous visitors to /, other roles see the access-denied page. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) return <Redirect to={paths.home} replace />;
  if (user.role.toLowerCase() !== 'admin') {
    return (
      <AccessDenied area="Admin Panel">
        You need admin privileges to access this page. Your current role is: {user.role}
      </AccessDenied>
    );
  }
  if (user.twoStepSetupRequired) return <TwoStepRequired />;
  return <>{children}</>;
}

export function Guarded({ access, children }: { access: Access; children: ReactNode }) {
  switch (access.kind) {
    case 'public':
      return <>{children}</>;
    case 'signedIn':
      return <LoginGuard openBeforeTwoStep={access.openBeforeTwoStep}>{children}</LoginGuard>;
    case 'roles':
      return (
        <LoginGuard openBeforeTwoStep>
          <RoleGuard roles={access.roles}>{children}</RoleGuard>
        </LoginGuard>
      );
    case 'admin':
      return <AdminGuard>{children}</AdminGuard>;
  }
}
