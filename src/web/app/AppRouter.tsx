import { Suspense, useEffect, useRef } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { trackPageView } from '#web/lib/analytics.ts';
import { NotFoundPage } from '#web/features/site/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Guarded } from './guards.tsx';
import { PageLayout } from './layouts/PageLayout.tsx';
import type { AppRoute, RouteParams } from '#web/lib/routing.ts';
import { routes } from './routes.tsx';

export interface RouteMatch {
  route: AppRoute;
  params: RouteParams;
}

export function useMatchedRoute(): RouteMatch | null {
  const [location] = useLocation();
  const { parser } = useRouter();
  for (const route of routes) {
    const [matched, params] = matchRoute(parser, route.path, location);
    if (matched) return { route, params: params as RouteParams };
  }
  return null;
}

export const SITE_NAME = 'HomeFix';

/** Records a page view on every route change (fire and forget), sets the title and, after the first
 * page, moves focus to the new page so screen readers announce it. */
function RouteEffects({ title }: { title: string | undefined }) {
  const [location] = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    trackPageView(location, from === null ? undefined : `${window.location.origin}${from}`);
    if (from === null) return;
    window.scrollTo?.(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} Marketplace`;
  }, [title]);
  return null;
}

/**
 * A screen's chunk loading: the spinner, marked so the layout holds the footer back (PageLayout) until the screen
 * is there. A footer shown under the spinner would be pushed down by the screen: a layout shift on every first load.
 */
function ScreenLoading() {
  return (
    <div data-screen-loading="">
      <Spinner />
    </div>
  );
}

export function AppRouter() {
  const [location] = useLocation();
  const match = useMatchedRoute();
  const Screen = match?.route.component;
  return (
    <>
      <RouteEffects title={match ? match.route.title : 'Page Not Found'} />
      <PageLayout kind={match?.route.layout ?? 'marketing'}>
        <ErrorBoundary key={location}>
          {match && Screen ? (
            <Guarded access={match.route.access}>
              <Suspense fallback={<ScreenLoading />}>
                <Screen params={match.params} />
              </Suspense>
            </Guarded>
          ) : (
            <NotFoundPage />
          )}
        </ErrorBoundary>
      </PageLayout>
    </>
  );
}
