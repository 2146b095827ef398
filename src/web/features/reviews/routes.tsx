// (contract stub: the /how-ranking-works row arrives with the reviews screens)
import type { AppRoute } from '#web/lib/routing.ts';

export const reviewsRoutes: readonly AppRoute[] = [];
