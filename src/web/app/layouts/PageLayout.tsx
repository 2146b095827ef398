import type { ReactNode } from 'react';
import { useAuth } from '#web/features/auth/index.ts';
import { BetaBanner } from '#web/features/config/index.ts';
import { CustomerNav, ProviderNav, SiteFooter, SiteHeader, TopBar } from '#web/features/navigation/index.ts';
import { cn } from '#web/lib/cn.ts';
import type { LayoutKind } from '#web/lib/routing.ts';

function AppNavigation() {
  const { user } = useAuth();
  return user?.role === 'provider' ? <ProviderNav /> : <CustomerNav />;
}

/** Beta banner, the navigation of the route's kind, the page and the footer. */
export function PageLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const { user } = useAuth();
  const hasBottomBar = kind === 'app' && user !== null;
  return (
    <div className="group/page flex min-h-screen flex-col [--banner-offset:0px] has-[[data-beta-banner]]:[--banner-offset:40px]">
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
      {/* Not while the screen loads (AppRouter's ScreenLoading): it would be pushed down as the screen appears. */}
      <div className={cn('group-has-[[data-screen-loading]]/page:hidden', hasBottomBar && 'pb-16 md:pb-0')}>
        <SiteFooter />
      </div>
    </div>
  );
}
