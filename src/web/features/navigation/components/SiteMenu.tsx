// The public header's menu on small screens (Radix dropdown), loaded after the first paint (see SiteHeader.tsx).
import { Link, useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { MenuIcon } from '#web/components/ui/icons.tsx';
import { trackNavClick } from '#web/lib/analytics.ts';
import { paths } from '#web/lib/paths.ts';
import { menuButtonClass, sections } from './site-sections.ts';

export function SiteMenu({ isAdmin, defaultOpen }: { isAdmin: boolean; defaultOpen?: boolean }) {
  const [location] = useLocation();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={menuButtonClass} aria-label="Open menu">
          <MenuIcon className="h-5 w-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {sections.map((s) => (
          <DropdownMenuItem key={s.href} asChild>
            <a href={s.href}>{s.label}</a>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <Link href={paths.dashboard} onClick={() => trackNavClick('Dashboard', location)}>
            Dashboard
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link href={paths.admin}>Admin Panel</Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
