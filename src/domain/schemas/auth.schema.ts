// Account forms and payloads (sign-in, sign-up, reset, verification) with their required messages.
import { z } from 'zod';
import { findSignupCategory } from '../catalog/signup.ts';
import { isZipOrEmpty, SERVICE_RADII, ZIP_MESSAGE } from '../geo.ts';
import { personName } from './common.ts';
import { SERVICE_AREA_MESSAGES } from './geo.schema.ts';

const email = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254);

/**
 * Sign-in takes any password an account may already have (6+ characters, the old sign-up rule), so no
 * new-password rule here.
 */
export const loginSchema = z.object({
  email,
  password: z.string().min(6, 'Password must be at least 6 characters').max(200),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const selfServiceRoles = ['customer', 'provider'] as const;
export const signupPlans = ['starter', 'deluxe'] as const;
export const PROVIDER_SIGNUP_MESSAGE =
  'Service providers must select a subscription plan, category, tasks, and a service region';

// A provider's base ZIP code at sign-up (docs/decisions/0048): empty is none, else five digits (the server then
// checks the data knows it). Here for the sign-up form, which loads this module when it checks.
export { isZipOrEmpty, ZIP_MESSAGE };

export const PASSWORD_MIN_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';
export const PASSWORD_MAX = 128;
export const PASSWORD_MAX_MESSAGE = `Password must be at most ${PASSWORD_MAX} characters`;

/**
 * A new password at sign-up: at least 8 characters where the original rule said 6 (ASVS 6.2.1 and NIST
 * 800-63B ask 8; docs/decisions/0006), at most 128. The server adds the common-password check
 * (auth-body.schema.ts).
 */
export const signupPasswordSchema = z
  .string()
  .min(8, PASSWORD_MIN_MESSAGE)
  .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE);

/** The sign-up form and body, with the given password rule (the server's adds the common-password check). */
export const registerSchemaWith = (password: z.ZodString) =>
  z
    .object({
      firstName: personName('First name is required'),
      lastName: personName('Last name is required'),
      email,
      password,
      confirmPassword: z.string().min(8, PASSWORD_MIN_MESSAGE).max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
      role: z.enum(selfServiceRoles),
      subscriptionPlan: z.enum(signupPlans).optional(),
      selectedCategory: z.string().optional(),
      selectedTasks: z.array(z.string()).max(50).optional(),
      selectedRegion: z.number().int().positive().optional(),
      serviceZip: z.string().trim().max(20, ZIP_MESSAGE).optional(),
      serviceRadiusMiles: z
        .union(SERVICE_RADII.map((r) => z.literal(r)) as [z.ZodLiteral<5>, ...z.ZodLiteral<number>[]], {
          error: SERVICE_AREA_MESSAGES.radius,
        })
        .optional(),
      termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions' }),
    })
    .superRefine((v, ctx) => {
      if (v.password !== v.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE });
      }
      if (v.role !== 'provider') return;
      if (!isZipOrEmpty(v.serviceZip ?? '')) {
        ctx.addIssue({ code: 'custom', path: ['serviceZip'], message: ZIP_MESSAGE });
      }
      const tasks = v.selectedTasks ?? [];
      if (!v.subscriptionPlan || !v.selectedCategory || tasks.length === 0 || v.selectedRegion == null) {
        ctx.addIssue({ code: 'custom', path: ['selectedTasks'], message: PROVIDER_SIGNUP_MESSAGE });
        return;
      }
      const category = findSignupCategory(v.selectedCategory);
      if (!category) {
        ctx.addIssue({ code: 'custom', path: ['selectedCategory'], message: 'Unknown category' });
        return;
      }
      const known = new Set<string>(category.tasks.map((t) => t.id));
      if (tasks.some((t) => !known.has(t)) || new Set(tasks).size !== tasks.length) {
        ctx.addIssue({ code: 'custom', path: ['selectedTasks'], message: 'Unknown or repeated task' });
      }
      if (v.subscriptionPlan === 'starter' && tasks.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['selectedTasks'],
          message: 'The Starter plan includes exactly 1 task',
        });
      }
    });

export const registerSchema = registerSchemaWith(signupPasswordSchema);
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resendVerificationSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email address').pipe(email),
});

/** The new password rule of the reset form and of create-admin: 8+ characters with an upper-case letter, a
 * lower-case letter and a digit, at most 128 characters. */
export const newPasswordSchema = z
  .string()
  .min(8, PASSWORD_MIN_MESSAGE)
  .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE)
  .regex(
    /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/,
    'Password must contain at least one uppercase letter, lowercase letter, number',
  );

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';

/**
 * Changing the password while signed in (docs/security.md, ASVS 6.2.2 and 6.2.3): the current password and a new
 * one under the sign-up rule (8 to 128 characters, no composition rule; the server adds the common-password check).
 */
export const changePasswordFields = {
  currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
  newPassword: signupPasswordSchema,
};

export const changePasswordFormSchema = z
  .object({ ...changePasswordFields, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });
