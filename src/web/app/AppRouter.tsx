import { useEffect } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { trackPageView } from '../lib/analytics.ts';
import { NotFoundPage } from '../features/site/components/NotFoundPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Guarded } from './guards.tsx';
import { PageLayout } from './layouts/PageLayout.tsx';
import { routes, type AppRoute, type RouteParams } from './routes.tsx';

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

/** Records a page view on every route change (fire and forget). */
function PageViewTracker() {
  const [location] = useLocation();
  useEffect(() => {
    trackPageView(location);
  }, [location]);
  return null;
}

export function AppRouter() {
  const [location] = useLocation();
  const match = useMatchedRoute();
  const Screen = match?.route.component;
  return (
    <>
      <PageViewTracker />
      <PageLayout kind={match?.route.layout ?? 'marketing'}>
        <ErrorBoundary key={location}>
          {match && Screen ? (
            <Guarded access={match.route.access}>
              <Screen params={match.params} />
            </Guarded>
          ) : (
            <NotFoundPage />
          )}
        </ErrorBoundary>
      </PageLayout>
    </>
  );
}
