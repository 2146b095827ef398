// The user menu's button as both the stand-in (UserMenu.tsx) and the loaded dropdown (UserMenuDropdown.tsx) draw it.
import type { PublicUser } from '#domain/schemas/user.schema';
import { focusRing } from '#web/components/ui/button.tsx';
import { ChevronDownIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';
import { Avatar } from './Avatar.tsx';

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
