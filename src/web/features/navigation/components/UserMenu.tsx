// The signed-in user's menu in every header. The dropdown (Radix menu, popper and focus management) loads as its
// own chunk; until it arrives the same-looking button stands in, and a press on it opens the menu once loaded.
import { lazy, Suspense, useState } from 'react';
import type { PublicUser } from '#domain/schemas/user.schema';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { UserMenuTriggerFace, userMenuLabel, userMenuTriggerClass } from './UserMenuTrigger.tsx';

const UserMenuDropdown = lazy(async () => ({
  default: (await import('./UserMenuDropdown.tsx')).UserMenuDropdown,
}));

export function UserMenu({ user }: { user: PublicUser }) {
  const [pressed, setPressed] = useState(false);
  const standIn = (
    <button
      type="button"
      className={userMenuTriggerClass}
      aria-label={userMenuLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setPressed(true)}
    >
      <UserMenuTriggerFace user={user} />
    </button>
  );
  return (
    <LoadBoundary fallback={standIn}>
      <Suspense fallback={standIn}>
        <UserMenuDropdown user={user} defaultOpen={pressed} />
      </Suspense>
    </LoadBoundary>
  );
}
