// Reviews' front door (decision 0044): the job page's review section and the review lists (lazy), and the
// reputation figures other features show beside names. Only lazily loaded screens import it (the ranking page is
// the ranking feature's), so none of it reaches the first load.
export { LazyJobReviews, LazyReviewList } from './lazy-parts.ts';
export { CustomerFactsLine, LazyReputationCard, RatingSummary } from './reputation-parts.tsx';
export { ProviderReviewsDialog } from './components/ProviderReviewsDialog.tsx';
// The query options of a provider's public figures and review pages, for the pro's public page (and the server that
// renders it with these entries already in the cache).
export { providerReputationQueryOptions } from './api/reputation.ts';
export { reviewListQueryOptions } from './api/review-list.ts';
