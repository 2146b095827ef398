// Reviews' front door (decision 0044): the /how-ranking-works route row, the job page's review section and the
// review lists (lazy), and the reputation figures other features show beside names (kept light: the navigation
// does not import this, but the bids and task screens do).
export { reviewsRoutes } from './routes.tsx';
export { LazyJobReviews, LazyReviewList } from './lazy-parts.ts';
export { CustomerFactsLine, LazyReputationCard, RatingSummary } from './reputation-parts.tsx';
