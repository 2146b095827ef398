// The read model's front door: reads across several features' tables that features share, so no feature imports
// another for them. The floor under the features: it imports the database and the domain, never a feature module.
export {
  countPostedSince,
  customersContactedSince,
  lockProviderContacts,
  providerContactsLock,
} from './plan-usage.repo.ts';
export { bidCountOf } from './bid-counts.repo.ts';
export { medianFirstResponseSeconds } from './response-times.repo.ts';
export { taskFeedPage, type FeedKey, type FeedQuery, type FeedSort } from './task-feed.repo.ts';
export {
  hiredProviderOf,
  jobConversationOpen,
  jobConversationOpenOf,
  providerJobOf,
} from './job-parties.repo.ts';
export {
  customerFactsOf,
  customerReputations,
  hasBidOnEstimatesOf,
  providerRatingSummaries,
  providerReputations,
  type ProviderRatingSummaryWithDistribution,
} from './reputation.repo.ts';
export { activeBadgesFor } from './badges.repo.ts';
