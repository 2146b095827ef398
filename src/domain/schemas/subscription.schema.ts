// Subscription, trial and settings payloads: plan changes, the trial's task choice and the messaging limit.
import { z } from 'zod';
import { findSignupCategory } from '../catalog/signup.ts';
import { customerPlanIds, messageLimitOptions, providerPlanIds, taskLimitFor } from '../plans.ts';

export const TRIAL_TASKS_MESSAGE = 'Please select at least one task';
export const UPGRADE_SELECTION_MESSAGE = 'Please select a category and at least one task.';
export const STARTER_TASK_MESSAGE = 'The Starter plan includes exactly 1 task';
export const UNKNOWN_TASK_MESSAGE = 'Unknown or repeated task';

const taskIds = z.array(z.string().trim().min(1)).max(50);

/** POST /api/trial/update-tasks body: at least one task. */
export const trialTasksSchema = z.object({ taskIds: taskIds.min(1, TRIAL_TASKS_MESSAGE) });

/** POST /api/provider/upgrade-subscription body: a self-selectable plan, a category and at least one task. */
export const upgradeSelectionSchema = z
  .object({
    newPlan: z.enum(['starter', 'deluxe']),
    selectedCategory: z.string().trim().optional().default(''),
    additionalTasks: taskIds.optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.selectedCategory || v.additionalTasks.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['additionalTasks'], message: UPGRADE_SELECTION_MESSAGE });
      return;
    }
    const category = findSignupCategory(v.selectedCategory);
    if (!category) {
      ctx.addIssue({ code: 'custom', path: ['selectedCategory'], message: 'Unknown category' });
      return;
    }
    const known = new Set<string>(category.tasks.map((t) => t.id));
    if (
      v.additionalTasks.some((t) => !known.has(t)) ||
      new Set(v.additionalTasks).size !== v.additionalTasks.length
    ) {
      ctx.addIssue({ code: 'custom', path: ['additionalTasks'], message: UNKNOWN_TASK_MESSAGE });
    }
    if (taskLimitFor(v.newPlan) === 1 && v.additionalTasks.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['additionalTasks'], message: STARTER_TASK_MESSAGE });
    }
  });
export type UpgradeSelection = z.infer<typeof upgradeSelectionSchema>;

/** POST /api/subscription and /api/subscription/change body: any known plan (enterprise is refused later). */
export const subscriptionChangeSchema = z.object({
  plan: z.enum([...new Set([...providerPlanIds, ...customerPlanIds])] as [string, ...string[]]),
});

export const MESSAGE_LIMIT_MESSAGE = 'Choose a messaging limit of 5, 10 or 20, or unlimited';

/** POST /api/user/settings body: 5, 10, 20 or null for unlimited. */
export const userSettingsSchema = z.object({
  messageLimit: z
    .union([z.literal(5), z.literal(10), z.literal(20), z.null()], { error: MESSAGE_LIMIT_MESSAGE })
    .refine((v) => (messageLimitOptions as readonly (number | null)[]).includes(v), MESSAGE_LIMIT_MESSAGE),
});
export type UserSettingsInput = z.infer<typeof userSettingsSchema>;

export const CONTACT_SALES_MESSAGE =
  'The Enterprise plan is arranged with our sales team. Please contact sales to set it up.';
export const TRIAL_ONLY_MESSAGE =
  'Tasks can be changed during the free trial. Upgrade to change them afterwards.';
/** The ask on /subscription while a starter plan holds no task. */
export const CHOOSE_TASK_MESSAGE = 'Choose the one task your Starter plan includes to open its posted work.';

/** GET /api/trial/status: the trial banner and the provider's task choice. */
export const trialStatusResponseSchema = z.object({
  isTrial: z.boolean(),
  expired: z.boolean(),
  daysRemaining: z.number().int(),
  trialEndDate: z.string().nullable(),
  plan: z.enum(providerPlanIds),
  /** The account's one trial is used (the plan picker then says Upgrade, not Start Free Trial). */
  hasUsedTrial: z.boolean(),
  subscriptionExpiryDate: z.string().nullable(),
  categoryId: z.string().nullable(),
  taskIds: z.array(z.string()),
  /** A starter plan in force that holds no task: nothing is open until the provider picks it on /subscription. */
  mustChooseTask: z.boolean(),
  /** Customers this provider started a conversation with this calendar month, and the plan's cap (null: none). */
  customersThisMonth: z.number().int(),
  customersPerMonth: z.number().int().nullable(),
});
export type TrialStatusResponse = z.infer<typeof trialStatusResponseSchema>;

/** GET /api/provider/categories: the nine access categories, locked or open for this provider now. */
export const providerCategoriesResponseSchema = z.object({
  plan: z.enum(providerPlanIds),
  selectedCategory: z.string().nullable(),
  selectedTasks: z.array(z.string()),
  categories: z.array(
    z.object({ category: z.string(), locked: z.boolean(), lockedText: z.string().nullable() }),
  ),
});
export type ProviderCategoriesResponse = z.infer<typeof providerCategoriesResponseSchema>;
