// Every screen path of the app (spec routes.txt) in one place. Builders take the path parameters.
export const paths = {
  home: '/',
  mvp: '/mvp',
  login: '/login',
  signup: '/signup',
  browse: '/browse',
  post: '/post',
  projects: '/projects',
  project: (id: string) => `/projects/${encodeURIComponent(id)}`,
  providerMvp: '/provider-mvp',
  feedback: '/feedback',
  thanks: '/thanks',
  privacyPolicy: '/privacy-policy',
  /** The published ranking formula and what a plan's featured listing does and does not change (decision 0044). */
  howRankingWorks: '/how-ranking-works',
  /** The public pro directory; a pro's own page is proPath(id, slug) of src/domain/profiles (decision 0046). */
  pros: '/pros',
  /** The city cost guides' index and the public comparison with the prices agreed (decision 0047); a guide's own
   * address is guidePath(category, place) of src/domain/cost-guides. */
  costGuides: '/cost-guides',
  pricingAccuracy: '/pricing-accuracy',
  termsOfService: '/terms-of-service',
  forbidden: '/forbidden',
  verifyEmail: '/verify-email',
  emailNotVerified: '/email-not-verified',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  adminDashboard: '/dashboard/admin',
  providerDashboard: '/dashboard/provider',
  customerDashboard: '/dashboard/customer',
  estimates: '/estimates',
  createEstimate: '/estimates/create',
  estimate: (id: string) => `/estimates/${encodeURIComponent(id)}`,
  /** The jobs a hire starts (for both parties), and one job. */
  jobs: '/jobs',
  job: (id: string) => `/jobs/${encodeURIComponent(id)}`,
  /** A bid's quote as a PDF document (served by the API, downloaded by the browser). */
  quotePdf: (bidId: string) => `/api/bids/${encodeURIComponent(bidId)}/quote.pdf`,
  savedEstimates: '/saved-estimates',
  postedEstimates: '/posted-estimates',
  postedProjects: '/posted-projects',
  myEstimates: '/my-estimates',
  providerPostedEstimates: '/provider/posted-estimates',
  tasks: '/tasks',
  postedTasks: '/posted-tasks',
  messages: '/messages',
  conversation: (estimateId: string, userId: string) =>
    `/messages/${encodeURIComponent(estimateId)}/${encodeURIComponent(userId)}`,
  providerMessages: '/provider/messages',
  providerConversation: (estimateId: string, userId: string) =>
    `/provider/messages/${encodeURIComponent(estimateId)}/${encodeURIComponent(userId)}`,
  profile: '/profile',
  providerProfile: '/provider/profile',
  providerSettings: '/provider/settings',
  settings: '/settings',
  /** /settings opened at its notification email choices (decision 0043). */
  settingsNotifications: '/settings#notifications',
  /** Every notification, paged, with an Unread filter (decision 0043). */
  notifications: '/notifications',
  /** /settings opened at its two-step verification section (decision 0028). */
  settingsTwoStep: '/settings#two-step',
  account: '/account',
  customerSubscription: '/customer/subscription',
  subscription: '/subscription',
  admin: '/admin',
  adminMessages: '/admin/messages',
  adminUsers: '/admin/replit-db-users',
  adminCleanup: '/admin/cleanup',
} as const;
