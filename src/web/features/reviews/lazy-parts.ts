// The review parts other features show, each loaded when it first renders (nothing of the reviews reaches the
// first load): the job page's review section and a provider's or customer's review list. Each waits in its own
// Suspense, so the page around it shows at once, and a chunk that cannot load leaves a line, not a blank page.
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { LoadBoundary } from '#web/components/LoadBoundary.tsx';

const JobReviews = lazy(async () => ({
  default: (await import('./components/JobReviews.tsx')).JobReviews,
}));
const ReviewList = lazy(async () => ({
  default: (await import('./components/ReviewList.tsx')).ReviewList,
}));

const note = (text: string) =>
  createElement(
    'p',
    { role: 'status', className: 'py-6 text-center text-slate-700 dark:text-slate-300' },
    text,
  );

function lazyPart<P extends object>(Part: ComponentType<P>) {
  return function LazyPart(props: P) {
    return createElement(LoadBoundary, {
      fallback: note('The reviews could not load. Reload the page to try again.'),
      children: createElement(
        Suspense,
        { fallback: note('Loading the reviews...') },
        createElement(Part, props),
      ),
    });
  };
}

/** The job page's review section (id "reviews"); `timeZone` is the job's, for the window's end. */
export const LazyJobReviews: ComponentType<{ jobId: string; timeZone?: string }> = lazyPart(JobReviews);
/** The published reviews of a provider (written by customers) or of a customer (by providers), paged. */
export const LazyReviewList: ComponentType<{ subject: 'provider' | 'customer'; id: string }> =
  lazyPart(ReviewList);
