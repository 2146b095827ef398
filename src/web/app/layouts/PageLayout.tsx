import type { ReactNode } from 'react';
import { useAuth } from '../../features/auth/api/session.ts';
import { BetaBanner } from '../../features/config/components/BetaBanner.tsx';
import { CustomerNav } from '../../features/navigation/components/CustomerNav.tsx';
import { ProviderNav } from '../../features/navigation/components/ProviderNav.tsx';
import { SiteFooter } from '../../features/navigation/components/SiteFooter.tsx';
import { SiteHeader } from '../../features/navigation/components/SiteHeader.tsx';
import { TopBar } from '../../features/navigation/components/TopBar.tsx';
import { cn } from '../../lib/cn.ts';
import type { LayoutKind } from '../routes.tsx';

function AppNavigation() {
  const { user } = useAuth();
  return user?.role === 'provider' ? <ProviderNav /> : <CustomerNav />;
}

/** Beta banner, the navigation of the route's kind, the page and the footer. */
export function PageLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const { user } = useAuth();
  const hasBottomBar = kind === 'app' && user !== null;
  return (
    <div className="flex min-h-screen flex-col [--banner-offset:0px] has-[[data-beta-banner]]:[--banner-offset:40px]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-blue-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <BetaBanner />
      {kind === 'marketing' && <SiteHeader />}
      {kind === 'projects' && <TopBar />}
      {kind === 'app' && <AppNavigation />}
      <main
        id="main"
        tabIndex={-1}
        className={cn('flex-1 focus:outline-none', hasBottomBar && 'pb-20 md:pb-0')}
      >
        {children}
      </main>
      <div className={cn(hasBottomBar && 'pb-16 md:pb-0')}>
        <SiteFooter />
      </div>
    </div>
  );
}
