// The API as the web tests may script it: every route the server declares, keyed "METHOD /path" with its
// parameters as ":name", mapped to the bodies it answers per success status. Each body is the z.infer type of the
// response schema the route declares in src/server/modules/*/*.routes.ts, so a scripted answer the server could
// never send does not compile. A route that answers 204 maps to `null`.
//
// A key in a test spells the path as requested ("GET /api/estimates/e1", optionally with "?query"); RouteFor
// finds its pattern the way the server's router does: a fixed segment wins over a parameter.
import type { z } from 'zod';
import type {
  profileCategoriesSchema,
  profileSchema,
  roleRequestItemSchema,
  roleRequestListSchema,
  adminRoleRequestListSchema,
  adminRoleRequestSchema,
  subscriptionChangeResponseSchema,
  userSettingsResponseSchema,
  userSummaryListSchema,
  userSummarySchema,
} from '#domain/schemas/account.schema';
import type {
  adminUserListSchema,
  adminUserSchema,
  auditLogSchema,
  bulkDeleteResponseSchema,
  cleanupExecuteResponseSchema,
  cleanupPreviewSchema,
  deletionPreviewSchema,
  deletionResultSchema,
  roleChangeResponseSchema,
} from '#domain/schemas/admin-api.schema';
import type { siteVisitListSchema, siteVisitSchema } from '#domain/schemas/site-visit.schema';
import type {
  bidSchema,
  estimateBidsResponseSchema,
  placeBidResponseSchema,
  providerBidsResponseSchema,
  taskBidsResponseSchema,
} from '#domain/schemas/bid.schema';
import type {
  automotiveCatalogSchema,
  automotivePriceSchema,
  estimatePageSchema,
  estimatePictureSchema,
  estimateSchema,
  estimateUsageSchema,
} from '#domain/schemas/estimate-api.schema';
import type {
  costGuideIndexSchema,
  costGuideSchema,
  pricingAccuracySchema,
} from '#domain/schemas/cost-guide.schema';
import type { serviceAreaSchema, zipPlaceSchema } from '#domain/schemas/geo.schema';
import type {
  acceptResponseSchema,
  jobListResponseSchema,
  jobResponseSchema,
} from '#domain/schemas/job.schema';
import type {
  adminReviewSchema,
  adminReviewsResponseSchema,
  customerReputationSchema,
  jobReviewsResponseSchema,
  providerReputationSchema,
  publicReviewSchema,
  reviewListResponseSchema,
  reviewReportResponseSchema,
} from '#domain/schemas/review.schema';
import type {
  AdminCredential,
  Credential,
  directoryResponseSchema,
  invitationResponseSchema,
  OwnerPortfolio,
  PortfolioItem,
  publicProfileSchema,
} from '#domain/schemas/pro-profile.schema';
import type { FeedPage, FeedRecommendations } from '#domain/schemas/task-feed.schema';
import type { saveQuoteResponseSchema } from '#domain/schemas/quote.schema';
import type {
  adminMessagesResponseSchema,
  conversationListSchema,
  deleteMessageResponseSchema,
  markReadResponseSchema,
  sendMessageResponseSchema,
  threadSchema,
  unreadCountSchema,
} from '#domain/schemas/message-api.schema';
import type {
  adminMailListSchema,
  markNotificationsReadResponseSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationSettingsSchema,
} from '#domain/schemas/notification.schema';
import type {
  myProjectsSchema,
  postProjectResponseSchema,
  projectCitiesSchema,
  projectCloseResponseSchema,
  projectConnectResponseSchema,
  projectDetailSchema,
  projectListSchema,
  projectMessageResponseSchema,
} from '#domain/schemas/project.schema';
import type {
  signOutOthersResponseSchema,
  signOutSessionResponseSchema,
  signedInSessionListSchema,
} from '#domain/schemas/session.schema';
import type {
  providerCategoriesResponseSchema,
  trialStatusResponseSchema,
} from '#domain/schemas/subscription.schema';
import type { publicConfigSchema, regionListSchema } from '#domain/schemas/system.schema';
import type {
  recoveryCodesResponseSchema,
  twoStepRequiredSchema,
  twoStepSetupResponseSchema,
  twoStepStatusSchema,
} from '#domain/schemas/two-step.schema';
import type {
  messageResponseSchema,
  publicUserSchema,
  sessionResponseSchema,
} from '#domain/schemas/user.schema';
// The visit analytics and the location list declare their schemas in the server's route files, not in the
// domain: a visit is typed as the admin screen reads it, the location list and the count in place below.
import type { Visit } from '#web/features/admin/index.ts';

type Of<S extends z.ZodType> = z.infer<S>;
type Message = Of<typeof messageResponseSchema>;
type EstimatePage = Of<typeof estimatePageSchema>;
type Estimate = Of<typeof estimateSchema>;
type Thread = Of<typeof threadSchema>;
type Profile = Of<typeof profileSchema>;
type PublicUser = Of<typeof publicUserSchema>;

/** Every JSON route of the server: "METHOD /path" to { status: body } for each success status it declares. */
export interface ApiRoutes {
  // accounts
  'GET /api/profile': { 200: Profile };
  'GET /api/profile/categories': { 200: Of<typeof profileCategoriesSchema> };
  'PUT /api/profile/customer': { 200: Profile };
  'PUT /api/profile/provider': { 200: Profile };
  'GET /api/provider/profile': { 200: Profile };
  'PATCH /api/provider/profile': { 200: Profile };
  'GET /api/user/settings': { 200: Of<typeof userSettingsResponseSchema> };
  'POST /api/user/settings': { 200: Of<typeof userSettingsResponseSchema> };
  'POST /api/account/cancel': { 200: Message };

  // admin
  'GET /api/admin/users': { 200: Of<typeof adminUserListSchema> };
  'GET /api/admin/users/preview': { 200: Of<typeof deletionPreviewSchema> };
  'DELETE /api/admin/users/bulk': { 200: Of<typeof bulkDeleteResponseSchema> };
  'GET /api/admin/users/:id': { 200: Of<typeof adminUserSchema> };
  'PUT /api/admin/users/:id': { 200: Of<typeof roleChangeResponseSchema> };
  'PUT /api/admin/users/:id/role': { 200: Of<typeof roleChangeResponseSchema> };
  'POST /api/admin/users/:id/sign-out': { 200: Message };
  'POST /api/admin/users/:id/two-step/reset': { 200: Message };
  'DELETE /api/admin/users/:id': { 200: Of<typeof deletionResultSchema> };
  'GET /api/admin/logs': { 200: Of<typeof auditLogSchema> };
  'GET /api/admin/cleanup/preview': { 200: Of<typeof cleanupPreviewSchema> };
  'POST /api/admin/cleanup/execute': { 200: Of<typeof cleanupExecuteResponseSchema> };
  'GET /api/admin/messages': { 200: Of<typeof adminMessagesResponseSchema> };
  'GET /api/admin/role-requests': { 200: Of<typeof adminRoleRequestListSchema> };
  'PUT /api/admin/role-requests/:id': { 200: Of<typeof adminRoleRequestSchema> };

  // auth and two-step verification
  'POST /api/auth/register': { 201: PublicUser };
  'POST /api/auth/login': { 200: PublicUser; 202: Of<typeof twoStepRequiredSchema> };
  'POST /api/auth/login/two-step': { 200: PublicUser };
  'POST /api/auth/logout': { 204: null };
  'GET /api/auth/session': { 200: Of<typeof sessionResponseSchema> };
  'GET /api/verify-email': { 200: Message };
  'POST /api/verify-email': { 200: Message };
  'POST /api/resend-verification': { 200: Message };
  'POST /api/auth/request-password-reset': { 200: Message };
  'POST /api/auth/reset-password': { 200: Message };
  'POST /api/auth/change-password': { 200: Message };
  'GET /api/auth/two-step': { 200: Of<typeof twoStepStatusSchema> };
  'POST /api/auth/two-step/setup': { 200: Of<typeof twoStepSetupResponseSchema> };
  'POST /api/auth/two-step/enable': { 200: Of<typeof recoveryCodesResponseSchema> };
  'POST /api/auth/two-step/disable': { 200: Message };
  'POST /api/auth/two-step/recovery-codes': { 200: Of<typeof recoveryCodesResponseSchema> };

  // signed-in devices
  'GET /api/auth/sessions': { 200: Of<typeof signedInSessionListSchema> };
  'POST /api/auth/sessions/:id/sign-out': { 200: Of<typeof signOutSessionResponseSchema> };
  'POST /api/auth/sessions/sign-out-others': { 200: Of<typeof signOutOthersResponseSchema> };

  // bids
  'POST /api/tasks/:id/bid': {
    200: Of<typeof placeBidResponseSchema>;
    201: Of<typeof placeBidResponseSchema>;
  };
  'GET /api/tasks/bids': { 200: Of<typeof taskBidsResponseSchema> };
  'GET /api/bids/provider': { 200: Of<typeof providerBidsResponseSchema> };
  'GET /api/estimates/:id/bids': { 200: Of<typeof estimateBidsResponseSchema> };
  'POST /api/estimates/:id/bids/:bidId/accept': { 200: Of<typeof acceptResponseSchema> };
  'PUT /api/bids/:bidId/quote': {
    200: Of<typeof saveQuoteResponseSchema>;
    201: Of<typeof saveQuoteResponseSchema>;
  };
  'DELETE /api/bids/:bidId': { 200: { message: string; bid: Of<typeof bidSchema> } };

  // jobs
  'GET /api/jobs': { 200: Of<typeof jobListResponseSchema> };
  'GET /api/jobs/:id': { 200: { job: Of<typeof jobResponseSchema>['job'] } };
  'POST /api/jobs/:id/schedule': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/schedule/confirm': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/start': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/complete': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/confirm': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/reopen': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/cancel': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/change-orders': {
    200: Of<typeof jobResponseSchema>;
    201: Of<typeof jobResponseSchema>;
  };
  'POST /api/jobs/:id/change-orders/:changeOrderId/approve': { 200: Of<typeof jobResponseSchema> };
  'POST /api/jobs/:id/change-orders/:changeOrderId/decline': { 200: Of<typeof jobResponseSchema> };

  // estimates
  'POST /api/estimates': { 201: Estimate };
  'GET /api/estimates': { 200: EstimatePage };
  'GET /api/my-estimates': { 200: EstimatePage };
  'GET /api/estimates/posted': { 200: EstimatePage };
  'GET /api/posted-estimates': { 200: EstimatePage };
  // The providers' feeds: estimates and projects, told apart by kind (the wire schema is one closed object).
  'GET /api/tasks': { 200: FeedPage };
  'GET /api/tasks/posted': { 200: FeedPage };
  'GET /api/recommendations': { 200: FeedRecommendations };
  'GET /api/tasks/recommendations': { 200: FeedRecommendations };
  'GET /api/estimates/usage': { 200: Of<typeof estimateUsageSchema> };
  'GET /api/estimates/:id': { 200: Estimate };
  'PATCH /api/estimates/:id': { 200: Estimate };
  'PATCH /api/estimates/:id/post': { 200: Estimate };
  'PUT /api/estimates/:id/status': { 200: Estimate };
  'POST /api/estimates/:id/copy': { 201: Estimate };
  'DELETE /api/estimates/:id': { 204: null };
  'DELETE /api/posted-estimates/:id': { 204: null };
  'DELETE /api/my-estimates/:id': { 204: null };
  'POST /api/estimates/:id/pictures': { 201: Of<typeof estimatePictureSchema> };
  'GET /api/estimates/:id/pictures': { 200: Of<typeof estimatePictureSchema>[] };
  'DELETE /api/estimates/:id/pictures/:pictureId': { 204: null };
  'GET /api/catalog/automotive': { 200: Of<typeof automotiveCatalogSchema> };
  'POST /api/estimate/automotive': { 200: Of<typeof automotivePriceSchema> };

  // messaging
  'POST /api/messages': { 201: Of<typeof sendMessageResponseSchema> };
  'GET /api/messages': { 200: Of<typeof conversationListSchema> };
  'GET /api/messages/unread-count': { 200: Of<typeof unreadCountSchema> };
  'GET /api/messages/conversation/:estimateId': { 200: Thread };
  'GET /api/messages/estimate/:id': { 200: Thread };
  'GET /api/messages/:estimateId/:userId': { 200: Thread };
  'PATCH /api/messages/mark-read': { 200: Of<typeof markReadResponseSchema> };
  'DELETE /api/messages/:id': { 200: Of<typeof deleteMessageResponseSchema> };

  // notifications
  'GET /api/notifications': { 200: Of<typeof notificationListSchema> };
  'POST /api/notifications/read': { 200: Of<typeof markNotificationsReadResponseSchema> };
  'GET /api/notifications/settings': { 200: Of<typeof notificationSettingsSchema> };
  'PUT /api/notifications/settings': { 200: Of<typeof notificationSettingsSchema> };
  'GET /api/notifications/preferences': { 200: Of<typeof notificationPreferencesSchema> };
  'PUT /api/notifications/preferences': { 200: Of<typeof notificationPreferencesSchema> };
  'GET /api/admin/mail': { 200: Of<typeof adminMailListSchema> };

  // projects
  'POST /api/tasks/post': { 201: Of<typeof postProjectResponseSchema> };
  'GET /api/public/projects': { 200: Of<typeof projectListSchema> };
  'GET /api/projects': { 200: Of<typeof projectListSchema> };
  'GET /api/projects/cities': { 200: Of<typeof projectCitiesSchema> };
  'GET /api/projects/mine': { 200: Of<typeof myProjectsSchema> };
  'GET /api/projects/:id': { 200: Of<typeof projectDetailSchema> };
  'POST /api/projects/:id/messages': { 201: Of<typeof projectMessageResponseSchema> };
  'POST /api/projects/:id/connect': { 200: Of<typeof projectConnectResponseSchema> };
  'POST /api/projects/:id/close': { 200: Of<typeof projectCloseResponseSchema> };

  // reviews (decision 0044)
  'GET /api/jobs/:id/reviews': { 200: Of<typeof jobReviewsResponseSchema> };
  'POST /api/jobs/:id/reviews': { 201: Of<typeof jobReviewsResponseSchema> };
  'PUT /api/reviews/:id': { 200: Of<typeof jobReviewsResponseSchema> };
  'POST /api/reviews/:id/response': { 201: Of<typeof publicReviewSchema> };
  'PUT /api/reviews/:id/response': { 200: Of<typeof publicReviewSchema> };
  'POST /api/reviews/:id/report': { 201: Of<typeof reviewReportResponseSchema> };
  'GET /api/providers/:id/reviews': { 200: Of<typeof reviewListResponseSchema> };
  'GET /api/customers/:id/reviews': { 200: Of<typeof reviewListResponseSchema> };

  // licenses and insurance, the provider's portfolio (decision 0046)
  'GET /api/provider/credentials': { 200: { items: Credential[] } };
  'POST /api/provider/credentials': { 201: Credential };
  'PATCH /api/provider/credentials/:id': { 200: Credential };
  'DELETE /api/provider/credentials/:id': { 204: null };
  /** The document's bytes (PDF, JPEG or PNG), not JSON: a test scripts any body and reads what the screen shows. */
  'GET /api/provider/credentials/:id/document': { 200: string };
  'GET /api/admin/credentials': {
    200: { items: AdminCredential[]; total: number; page: number; pageSize: number };
  };
  'PUT /api/admin/credentials/:id': { 200: AdminCredential };
  'GET /api/provider/portfolio': { 200: OwnerPortfolio };
  'POST /api/provider/portfolio': { 201: PortfolioItem };
  'PATCH /api/provider/portfolio/:id': { 200: PortfolioItem };
  'DELETE /api/provider/portfolio/:id': { 204: null };

  // the public pro pages and invitations to bid (decision 0046)
  'GET /api/providers': { 200: Of<typeof directoryResponseSchema> };
  'GET /api/providers/:id': { 200: Of<typeof publicProfileSchema> };
  'POST /api/estimates/:id/invitations': { 201: Of<typeof invitationResponseSchema> };

  // the city cost guides and the pricing accuracy (decision 0047)
  'GET /api/cost-guides': { 200: Of<typeof costGuideIndexSchema> };
  'GET /api/cost-guides/:category/:place': { 200: Of<typeof costGuideSchema> };
  'GET /api/pricing-accuracy': { 200: Of<typeof pricingAccuracySchema> };

  // site visits (decision 0049)
  'POST /api/estimates/:id/site-visits': { 201: Of<typeof siteVisitSchema> };
  'GET /api/site-visits': { 200: Of<typeof siteVisitListSchema> };
  'POST /api/site-visits/:id/choose': { 200: Of<typeof siteVisitSchema> };
  'POST /api/site-visits/:id/decline': { 200: Of<typeof siteVisitSchema> };
  'POST /api/site-visits/:id/cancel': { 200: Of<typeof siteVisitSchema> };
  'POST /api/site-visits/:id/no-show': { 200: Of<typeof siteVisitSchema> };
  'POST /api/site-visits/:id/dispute': { 200: Of<typeof siteVisitSchema> };
  // ZIP codes and service areas (decision 0048)
  'GET /api/geo/zip/:zip': { 200: Of<typeof zipPlaceSchema> };
  'GET /api/provider/service-area': { 200: Of<typeof serviceAreaSchema> };
  'PUT /api/provider/service-area': { 200: Of<typeof serviceAreaSchema> };

  // reputation and review moderation (decision 0044)
  'GET /api/providers/:id/reputation': { 200: Of<typeof providerReputationSchema> };
  'GET /api/customers/:id/reputation': { 200: Of<typeof customerReputationSchema> };
  'GET /api/admin/reviews': { 200: Of<typeof adminReviewsResponseSchema> };
  'POST /api/admin/reviews/:id/hide': { 200: Of<typeof adminReviewSchema> };
  'POST /api/admin/reviews/:id/remove': { 200: Of<typeof adminReviewSchema> };
  'POST /api/admin/reviews/:id/restore': { 200: Of<typeof adminReviewSchema> };

  // role requests
  'POST /api/role-requests': { 201: Of<typeof roleRequestItemSchema> };
  'GET /api/role-requests': { 200: Of<typeof roleRequestListSchema> };

  // subscriptions
  'POST /api/subscription': { 200: Of<typeof subscriptionChangeResponseSchema> };
  'POST /api/subscription/change': { 200: Of<typeof subscriptionChangeResponseSchema> };
  'GET /api/trial/status': { 200: Of<typeof trialStatusResponseSchema> };
  'POST /api/trial/update-tasks': { 200: Of<typeof trialStatusResponseSchema> };
  'GET /api/provider/categories': { 200: Of<typeof providerCategoriesResponseSchema> };
  'POST /api/provider/upgrade-subscription': { 200: Of<typeof subscriptionChangeResponseSchema> };

  // platform
  'GET /api/config': { 200: Of<typeof publicConfigSchema> };
  'GET /api/regions': { 200: Of<typeof regionListSchema> };
  'GET /api/geo/locations': { 200: { location: string; multiplier: number }[] };

  // users
  'GET /api/users/:id': { 200: Of<typeof userSummarySchema> };
  'GET /api/users': { 200: Of<typeof userSummaryListSchema> };

  // visits
  'POST /api/visits': { 204: null };
  'GET /api/visits/count': { 200: { totalVisits: number } };
  'GET /api/visits/recent': { 200: Visit[] };
}

export type RoutePattern = keyof ApiRoutes;

// ---- from a key as a test spells it to its route pattern ------------------------------------------------------

type Split<S extends string> = S extends `${infer Head}/${infer Rest}` ? [Head, ...Split<Rest>] : [S];
type IsParam<S> = S extends `:${string}` ? true : false;

/** Whether the segments of a requested path fit a pattern's: a parameter takes any one non-empty segment. */
type Fits<Path extends string[], Pattern extends string[]> = Path extends [
  infer P extends string,
  ...infer PRest extends string[],
]
  ? Pattern extends [infer Q extends string, ...infer QRest extends string[]]
    ? (IsParam<Q> extends true ? (P extends '' ? false : true) : P extends Q ? true : false) extends true
      ? Fits<PRest, QRest>
      : false
    : false
  : Pattern extends []
    ? true
    : false;

/** Whether pattern A beats pattern B: at the first segment where they differ in kind, A's is the fixed one. */
type Beats<A extends string[], B extends string[]> = A extends [infer a, ...infer ARest extends string[]]
  ? B extends [infer b, ...infer BRest extends string[]]
    ? IsParam<a> extends IsParam<b>
      ? Beats<ARest, BRest>
      : IsParam<b>
    : false
  : false;

type Candidates<Path extends string> = {
  [P in RoutePattern]: Fits<Split<Path>, Split<P>> extends true ? P : never;
}[RoutePattern];

type Best<C extends RoutePattern> = {
  [P in C]: true extends { [Q in C]: Beats<Split<Q>, Split<P>> }[C] ? never : P;
}[C];

type WithoutQuery<K extends string> = K extends `${infer Path}?${string}` ? Path : K;

/** The route pattern a scripted key stands for ("GET /api/estimates/e1" -> "GET /api/estimates/:id"), or never. */
export type RouteFor<K extends string> = string extends K
  ? never
  : WithoutQuery<K> extends RoutePattern
    ? WithoutQuery<K>
    : Best<Candidates<WithoutQuery<K>>>;
