// (contract stub: the job page's review section and the review lists arrive with the reviews screens)
export const LazyJobReviews = (_props: { jobId: string }) => null;
export const LazyReviewList = (_props: { subject: 'provider' | 'customer'; id: string }) => null;
