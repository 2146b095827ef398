// The front door's realtime mount: nothing for visitors; for a signed-in user the socket code loads in its own
// chunk after sign-in, so the first load of /, /login and /signup does not carry it.
import { lazy, Suspense } from 'react';
import { useAuth } from '#web/features/auth/index.ts';

const RealtimeConnection = lazy(async () => ({
  default: (await import('../realtime/RealtimeConnection.tsx')).RealtimeConnection,
}));

export function LiveMessaging() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeConnection userId={user.id} />
    </Suspense>
  );
}
