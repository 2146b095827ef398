// The user as the API returns it: never a password hash or a token.
import { z } from 'zod';
import { roles } from '../permissions.ts';

export const subscriptionPlans = ['free', 'starter', 'deluxe', 'enterprise', 'premium'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The role the user acts with now (an expired admin is a customer). */
  role: z.enum(roles),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  subscriptionPlan: z.enum(subscriptionPlans),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  adminExpiresAt: z.string().nullable(),
  /**
   * Present (true) only for an admin who must turn two-step verification on before the admin tools open
   * (ADMIN_TWO_STEP=required, decision 0028); absent for everyone else.
   */
  twoStepSetupRequired: z.literal(true).optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const sessionResponseSchema = z.object({
  isAuthenticated: z.boolean(),
  user: publicUserSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Every failure the API answers has this one shape. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
