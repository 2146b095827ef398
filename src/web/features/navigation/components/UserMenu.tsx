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
import { focusRing } from '#web/components/ui/button.tsx';
import { ChevronDownIcon, LogOutIcon, SettingsIcon, UserIcon, CardIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { useLogout } from '#web/features/auth/index.ts';

export function initials(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'>): string {
  const a = user.firstName.trim().charAt(0);
  const b = user.lastName.trim().charAt(0);
  return (a + b).toUpperCase() || user.email.charAt(0).toUpperCase();
}

export function Avatar({ user }: { user: PublicUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white"
    >
      {initials(user)}
    </span>
  );
}

/** Initials and first name; opens to the full name, email, Account, Settings, Profile and Log out. */
export function UserMenu({ user }: { user: PublicUser }) {
  const logout = useLogout();
  const mobile = useMediaQuery('(max-width: 767px)');
  const profileHref = user.role === 'provider' ? paths.providerProfile : paths.profile;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          focusRing,
        )}
        aria-label={`Account menu for ${user.firstName} ${user.lastName}`}
      >
        <Avatar user={user} />
        <span className="hidden sm:inline">{user.firstName}</span>
        <ChevronDownIcon className="h-4 w-4" />
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
          <LogOutIcon className="h-4 w-4" /> {mobile ? 'Sign out' : 'Log out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
