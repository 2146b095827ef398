// Typed answers of the API for the web tests: each builder returns a complete body of the domain type the
// server's response schema declares, with defaults a test overrides field by field.
import type { ProviderReputation } from '#domain/schemas/review.schema';
import type { Profile, SubscriptionChangeResponse, UserSettings } from '#domain/schemas/account.schema';
import type { Estimate, EstimatePage } from '#domain/schemas/estimate-api.schema';
import type { PublicProject } from '#domain/schemas/project.schema';
import type { FeedItem, FeedPage, ProjectFeedItem } from '#domain/schemas/task-feed.schema';
import type { TrialStatusResponse } from '#domain/schemas/subscription.schema';
import type { TwoStepStatus } from '#domain/schemas/two-step.schema';
import type { ApiError, PublicUser } from '#domain/schemas/user.schema';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'casey@example.com',
    role: 'customer',
    firstName: 'Casey',
    lastName: 'Jones',
    emailVerified: true,
    subscriptionPlan: 'free',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastActiveAt: null,
    adminExpiresAt: null,
    ...overrides,
  };
}

/** A provider's GET /api/trial/status answer: a free provider who never had a trial, unless told otherwise. */
export function makeTrialStatus(overrides: Partial<TrialStatusResponse> = {}): TrialStatusResponse {
  return {
    isTrial: false,
    expired: false,
    daysRemaining: 0,
    trialEndDate: null,
    plan: 'free',
    hasUsedTrial: false,
    subscriptionExpiryDate: null,
    categoryId: 'home-repair',
    taskIds: [],
    mustChooseTask: false,
    customersThisMonth: 0,
    customersPerMonth: null,
    ...overrides,
  };
}

/** GET /api/profile: a verified free customer in Jacksonville, FL, with the default messaging limit. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u1',
    email: 'casey@example.com',
    role: 'customer',
    firstName: 'Casey',
    lastName: 'Jones',
    emailVerified: true,
    phone: null,
    address: null,
    city: 'Jacksonville',
    state: 'FL',
    zipCode: null,
    companyName: null,
    description: null,
    subscriptionPlan: 'free',
    selectedCategory: null,
    selectedTasks: [],
    trialEndDate: null,
    hasUsedTrial: false,
    subscriptionExpiryDate: null,
    messageLimit: 20,
    listed: true,
    ...overrides,
  };
}

/** GET /api/user/settings: a free customer with the default messaging limit. */
export function makeUserSettings(overrides: Partial<UserSettings> = {}): UserSettings {
  return { messageLimit: 20, subscriptionPlan: 'free', ...overrides };
}

/** POST /api/subscription/change and the other plan changes: a change to Premium that started no trial. */
export function makeSubscriptionChange(
  overrides: Partial<SubscriptionChangeResponse> = {},
): SubscriptionChangeResponse {
  return {
    message: 'Subscription updated',
    subscriptionPlan: 'premium',
    trialStarted: false,
    trialEndDate: null,
    hasUsedTrial: false,
    subscriptionExpiryDate: null,
    ...overrides,
  };
}

/** A customer's draft kitchen estimate (one priced line), as every estimate read returns it. */
export function makeEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    id: 'e1',
    title: 'Kitchen Remodel - Kitchen',
    description: 'Kitchen Remodel project with 1 subtasks',
    category: 'kitchen',
    task: 'Kitchen Remodel',
    taskId: 'kitchen-remodel',
    subtasks: ['Cabinets'],
    subtaskIds: ['kitchen-cabinets'],
    measurements: { 'kitchen-cabinets': { length: '10' } },
    gradeLevel: 'Standard',
    region: 'Jacksonville, FL',
    regionId: 1,
    finalEstimate: 2376,
    minBudget: 1900.8,
    maxBudget: 2851.2,
    gradeMultiplier: 1,
    regionMultiplier: 0.99,
    regionSource: 'Jacksonville, FL (Metropolitan Statistical Area)',
    address: null,
    city: 'Jacksonville',
    state: 'FL',
    zipCode: '',
    status: 'draft',
    bidCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    datePosted: null,
    customerId: 'c1',
    customerName: 'Casey J.',
    lineItems: [
      {
        subtaskId: 'kitchen-cabinets',
        name: 'Cabinets',
        measurementType: 'linear',
        quantity: 10,
        unit: 'linear ft',
        unitPrice: 240,
        baseCents: 240000,
        amountCents: 237600,
        amount: 2376,
        source: 'Spec part 2 §9 (exact figure)',
      },
    ],
    ...overrides,
  };
}

/** A first page of an estimate list holding `items`; `overrides` set the count, the cap and the page size. */
export function estimatePage(
  items: Estimate[],
  overrides: Partial<Omit<EstimatePage, 'items'>> = {},
): EstimatePage {
  return { items, total: items.length, totalCapped: false, page: 1, pageSize: 10, ...overrides };
}

/** A live public project in Jacksonville without a budget or messages. */
export function makeProject(overrides: Partial<PublicProject> = {}): PublicProject {
  return {
    id: 'p1',
    title: 'Fix the fence',
    category: 'home-repair',
    categoryLabel: 'Home Repair',
    city: 'Jacksonville, FL',
    description: 'Two panels are down.',
    createdAt: '2026-01-05T10:00:00.000Z',
    minBudget: null,
    maxBudget: null,
    budgetMin: null,
    budgetMax: null,
    messageCount: 0,
    status: 'live',
    ...overrides,
  };
}

/** A live public project as a provider's task feed lists it (kind "project"), in Jacksonville, open to them. */
export function makeProjectFeedItem(overrides: Partial<ProjectFeedItem> = {}): ProjectFeedItem {
  return {
    kind: 'project',
    id: 'p1',
    title: 'Redo the kitchen',
    description: 'New cabinets and counters',
    category: 'kitchen',
    city: 'Jacksonville',
    state: '',
    region: 'Jacksonville',
    minBudget: 5000,
    maxBudget: 9000,
    bidCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    datePosted: '2026-01-05T10:00:00.000Z',
    providerAccess: { allowed: true, label: 'Message', reason: null },
    ...overrides,
  };
}

/** A first page of a provider's task feed holding `items` (estimates are marked kind "estimate"). */
export function feedPage(
  items: (Estimate | FeedItem)[],
  overrides: Partial<Omit<FeedPage, 'items'>> = {},
): FeedPage {
  const marked = items.map((i): FeedItem => ('kind' in i ? i : { ...i, kind: 'estimate' }));
  return { items: marked, total: items.length, totalCapped: false, page: 1, pageSize: 12, ...overrides };
}

/** GET /api/auth/two-step: off, unless told otherwise. */
export function makeTwoStepStatus(overrides: Partial<TwoStepStatus> = {}): TwoStepStatus {
  return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, ...overrides };
}

/** What the server answers for a failure of its own (status 500): no detail, the request's id. */
export const INTERNAL_ERROR: ApiError = {
  error: 'Something went wrong on our side',
  code: 'INTERNAL',
  requestId: 'req-1',
};

/** A provider's reputation as GET /api/providers/{id}/reputation answers it. */
/** Provider p1: 4.8 from 12 reviews (ten 5s, one 4, one 3), 13 of 14 hires completed, 92 % on price. */
export function makeReputation(overrides: Partial<ProviderReputation> = {}): ProviderReputation {
  return {
    providerId: 'p1',
    rating: 4.8,
    rankingScore: 4.53,
    count: 12,
    distribution: [0, 0, 1, 1, 10],
    subRatings: { quality: 4.9, communication: 4.7, punctuality: null, value: 4.5 },
    completedJobs: 13,
    completionRate: 13 / 14,
    lateCancellations: 1,
    noShows: 0,
    priceAccuracy: 0.92,
    medianFirstResponseSeconds: 1800,
    ...overrides,
  };
}
