// What the account routes answer: the profile, settings,
// role requests, the small user view for chat headers and the subscription change. The server serializes
// its responses through these schemas; the web types its calls from them.
import { z } from 'zod';
import { roles } from '../permissions.ts';
import { roleRequestStatuses } from './role-request.schema.ts';
import { subscriptionPlans } from './user.schema.ts';

const nullableText = z.string().nullable();
/** An ISO 8601 timestamp, or null. */
const nullableDate = z.string().nullable();

/**
 * GET /api/profile, GET /api/provider/profile and the answer of every profile update: one shape for every role
 * (the business fields are null for a customer who never had them). Email, role, plan, trial dates and the
 * verification state are shown here and never changed by the profile routes.
 */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  phone: nullableText,
  address: nullableText,
  city: nullableText,
  state: nullableText,
  zipCode: nullableText,
  companyName: nullableText,
  description: nullableText,
  subscriptionPlan: z.enum(subscriptionPlans),
  selectedCategory: nullableText,
  selectedTasks: z.array(z.string()),
  trialEndDate: nullableDate,
  hasUsedTrial: z.boolean(),
  subscriptionExpiryDate: nullableDate,
  /** 5, 10, 20 or null (unlimited). */
  messageLimit: z.number().int().nullable(),
  /** A provider's public page is in the directory and open to search engines (decision 0046). */
  listed: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/profile/categories: the categories and tasks a provider may pick (the sign-up catalogue). */
export const profileCategoriesSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    tasks: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type ProfileCategories = z.infer<typeof profileCategoriesSchema>;

/** GET and POST /api/user/settings. */
export const userSettingsResponseSchema = z.object({
  messageLimit: z.number().int().nullable(),
  subscriptionPlan: z.enum(subscriptionPlans),
});
export type UserSettings = z.infer<typeof userSettingsResponseSchema>;

/** One role change request, as its owner sees it (GET/POST /api/role-requests). */
export const roleRequestItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  requestedRole: z.enum(roles),
  reason: z.string(),
  status: z.enum(roleRequestStatuses),
  requestedAt: z.string(),
  reviewedAt: nullableDate,
  adminComment: nullableText,
});
export type RoleRequestItem = z.infer<typeof roleRequestItemSchema>;
export const roleRequestListSchema = z.array(roleRequestItemSchema);

/** GET /api/admin/role-requests and PUT /api/admin/role-requests/{id}: the request with who asked. */
export const adminRoleRequestSchema = roleRequestItemSchema.extend({
  user: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** The role the user holds now. */
    role: z.enum(roles),
  }),
});
export type AdminRoleRequest = z.infer<typeof adminRoleRequestSchema>;
export const adminRoleRequestListSchema = z.array(adminRoleRequestSchema);

/** GET /api/admin/role-requests?status=: pending by default (the review queue), or another status, or all. */
export const adminRoleRequestQuerySchema = z.object({
  status: z.enum([...roleRequestStatuses, 'all']).default('pending'),
});

/** GET /api/users/{id}: only what a chat header needs. */
export const userSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  role: z.enum(roles),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userSummaryListSchema = z.array(userSummarySchema);

/** GET /api/users?ids=a,b: up to 100 ids; the ones the caller may not see are left out of the answer. */
export const userIdsQuerySchema = z.object({
  ids: z
    .string()
    .max(4000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(100)).min(1, 'Give at least one user id').max(100, 'At most 100 ids')),
});

/** POST /api/subscription/change: the new state of the subscription. */
export const subscriptionChangeResponseSchema = z.object({
  message: z.string(),
  subscriptionPlan: z.enum(subscriptionPlans),
  /** Whether this change started the account's one 7-day free trial. */
  trialStarted: z.boolean(),
  trialEndDate: nullableDate,
  hasUsedTrial: z.boolean(),
  subscriptionExpiryDate: nullableDate,
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** The 403 of a route that needs a confirmed email address (estimates, bids, messages, public projects). */
export const VERIFY_EMAIL_REQUIRED_MESSAGE =
  'Please verify your email address first. Check your inbox for the verification link, or send a new one.';
