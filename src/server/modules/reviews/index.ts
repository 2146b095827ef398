// Reviews (decision 0044): what only a completed job can earn, published blind, with the price facts beside them;
// the reputation computed from them; moderation that cannot be bought.
export {
  createReviewsService,
  notCompletedMessage,
  REVIEW_MESSAGES,
  type ReviewsService,
  type ReviewViewer,
} from './reviews.service.ts';
export { toPublicReview } from './review-view.ts';
