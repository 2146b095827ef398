// The signed-in user's menu in every header. The dropdown (Radix menu, popper and focus management) loads as its
// own chunk; until it arrives the same-looking button stands in, and a press on it opens the menu once loaded.
import { lazy, Suspense, useState } from 'react';
import type { PublicUser } from '#domain/schemas/user.schema';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import { focusRing } from '#web/components/ui/button.tsx';
import { ChevronDownIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';
import { Avatar } from './Avatar.tsx';

export { Avatar, initials } from './Avatar.tsx';

const UserMenuDropdown = lazy(async () => ({
  default: (await import('./UserMenuDropdown.tsx')).UserMenuDropdown,
}));

export const userMenuTriggerClass = cn(
  'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  focusRing,
);

export const userMenuLabel = (user: PublicUser) => `Account menu for ${user.firstName} ${user.lastName}`;

export function UserMenuTriggerFace({ user }: { user: PublicUser }) {
  return (
    <>
      <Avatar user={user} />
      <span className="hidden sm:inline">{user.firstName}</span>
      <ChevronDownIcon className="h-4 w-4" />
    </>
  );
}

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
