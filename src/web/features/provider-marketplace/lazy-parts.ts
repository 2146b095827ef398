// Parts of this feature other features show (the provider dashboard's overview), loaded on first render.
import { lazy } from 'react';

export const LazyProviderOverview = lazy(async () => ({
  default: (await import('./components/ProviderOverview.tsx')).ProviderOverview,
}));
