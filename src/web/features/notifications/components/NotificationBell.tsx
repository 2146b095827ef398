// The bell in every signed-in header (decision 0043): the unread count as a badge, announced politely when it
// changes, and the latest ten in a panel. The panel (Radix popover, the list, the time formatting) loads as its
// own chunk when the bell is pointed at, focused or pressed; until then this same-looking button stands in, so
// the headers' first load carries only the button and the count's query.
import { lazy, Suspense, useState } from 'react';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { useUnreadNotificationCount } from '../api/get-notifications.ts';
import { BellFace, bellButtonClass, bellLabel, unreadPhrase } from './bell-face.tsx';

const loadPanel = () => import('./BellPanel.tsx');
const BellPanel = lazy(async () => ({ default: (await loadPanel()).BellPanel }));
const preloadPanel = () => void loadPanel().catch(() => undefined);

export function NotificationBell() {
  const { user } = useAuth();
  if (!user) return null;
  return <Bell />;
}

function Bell() {
  const count = useUnreadNotificationCount();
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <button
      type="button"
      className={bellButtonClass}
      aria-label={bellLabel(count)}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preloadPanel}
      onFocus={preloadPanel}
      onClick={() => setPressed(true)}
    >
      <BellFace count={count} />
    </button>
  );
  return (
    <>
      {/* Said once the count changes (a push while the page is open), without moving focus. */}
      <span aria-live="polite" aria-atomic="true" className="sr-only">
        {unreadPhrase(count)}
      </span>
      {pressed ? (
        <LoadBoundary fallback={standIn}>
          <Suspense fallback={standIn}>
            <BellPanel count={count} defaultOpen />
          </Suspense>
        </LoadBoundary>
      ) : (
        standIn
      )}
    </>
  );
}
