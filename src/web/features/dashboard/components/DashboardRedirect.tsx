import { Redirect } from 'wouter';
import { dashboardPath } from '#domain/permissions';
import { LoadingText } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';

/** /dashboard: 'Loading…', then the signed-in user's own dashboard (or /login). */
export function DashboardRedirect() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  return <Redirect to={dashboardPath(user?.role)} replace />;
}
