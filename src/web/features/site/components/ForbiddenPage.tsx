import { AccessDenied } from '#web/components/AccessDenied.tsx';

/** Where the role guard sends a signed-in user whose role may not open a screen (spec routes: /forbidden). */
export function ForbiddenPage() {
  return <AccessDenied>You don't have permission to access this page.</AccessDenied>;
}
