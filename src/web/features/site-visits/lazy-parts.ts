// The site visit parts other features show (decision 0049), each loaded when it first renders: the dashboards'
// "Visits" section and the estimate page's "Site visit" section. Each waits in its own Suspense, so the page around
// it shows at once, and a chunk that cannot load leaves a line, not a blank page.
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';
import type { EstimatePlace } from './components/EstimateSiteVisits.tsx';

const VisitsSection = lazy(async () => ({
  default: (await import('./components/VisitsSection.tsx')).VisitsSection,
}));
const EstimateSiteVisits = lazy(async () => ({
  default: (await import('./components/EstimateSiteVisits.tsx')).EstimateSiteVisits,
}));

const note = (text: string) =>
  createElement('p', { role: 'status', className: 'py-4 text-slate-700 dark:text-slate-300' }, text);

function lazyPart<P extends object>(Part: ComponentType<P>) {
  return function LazyPart(props: P) {
    return createElement(LoadBoundary, {
      fallback: note('The site visits could not load. Reload the page to try again.'),
      children: createElement(Suspense, { fallback: note('Loading visits…') }, createElement(Part, props)),
    });
  };
}

/** The dashboards' "Visits" section. */
export const LazyVisitsSection: ComponentType<object> = lazyPart(VisitsSection);
/** The estimate page's "Site visit" section: the owner's answers, a bidder's visit and proposal form. */
export const LazyEstimateSiteVisits: ComponentType<{ estimate: EstimatePlace; owner: boolean }> =
  lazyPart(EstimateSiteVisits);
