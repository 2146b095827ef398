// The user menu itself (Radix dropdown), loaded after the first paint of signed-in pages (see UserMenu.tsx).
import { Link } from 'wouter';
import type { PublicUser } from '#domain/schemas/user.schema';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { LogOutIcon, SettingsIcon, UserIcon, CardIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/lib/paths.ts';
import { useLogout } from '#web/features/auth/index.ts';
import { UserMenuTriggerFace, userMenuLabel, userMenuTriggerClass } from './UserMenuTrigger.tsx';

/** Initials and first name; opens to the full name, email, Profile, Account, Settings and Sign out. */
export function UserMenuDropdown({ user, defaultOpen }: { user: PublicUser; defaultOpen?: boolean }) {
  const logout = useLogout();
  const profileHref = user.role === 'provider' ? paths.providerProfile : paths.profile;
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={userMenuTriggerClass} aria-label={userMenuLabel(user)}>
        <UserMenuTriggerFace user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-semibold">
            {user.firstName} {user.lastName}
          </span>
          <span className="block truncate text-xs font-normal text-slate-600 dark:text-slate-400">
            {user.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={profileHref}>
            <UserIcon className="h-4 w-4" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.account}>
            <CardIcon className="h-4 w-4" /> Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.settings}>
            <SettingsIcon className="h-4 w-4" /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOutIcon className="h-4 w-4" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
