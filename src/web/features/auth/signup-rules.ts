// Provider task rules of the sign-up form: on Starter choosing a task replaces the previous one,
// switching to Starter keeps only the first task, and changing the category clears the tasks.
import type { signupPlans } from '#domain/schemas/auth.schema';

export type SignupPlan = (typeof signupPlans)[number];

export function toggleTask(tasks: readonly string[], taskId: string, plan: SignupPlan | undefined): string[] {
  const has = tasks.includes(taskId);
  if (plan === 'starter') return has ? [] : [taskId];
  return has ? tasks.filter((t) => t !== taskId) : [...tasks, taskId];
}

export function tasksAfterPlanChange(tasks: readonly string[], plan: SignupPlan): string[] {
  return plan === 'starter' ? tasks.slice(0, 1) : [...tasks];
}

export function tasksAfterCategoryChange(
  previous: string | undefined,
  next: string,
  tasks: readonly string[],
): string[] {
  return previous === next ? [...tasks] : [];
}

export const signupPlanInfo: Record<SignupPlan, { name: string; price: string; summary: string }> = {
  starter: {
    name: 'Starter',
    price: '$99/month',
    summary: '1 task in your category, up to 25 customers a month',
  },
  deluxe: {
    name: 'Deluxe',
    price: '$500/month',
    summary: 'All tasks in your category, up to 100 customers a month',
  },
};

/** What a provider must still choose, said under each field the first time the form is sent. */
export const providerFieldMessages = {
  subscriptionPlan: 'Select a subscription plan',
  selectedCategory: 'Select a category',
  selectedTasks: 'Select at least one task',
  selectedRegion: 'Select your service region',
} as const;

export type ProviderField = keyof typeof providerFieldMessages;

/** The provider fields still empty, in the order the form shows them. */
export function missingProviderFields(v: {
  subscriptionPlan?: string;
  selectedCategory?: string;
  selectedTasks?: readonly string[];
  selectedRegion?: number;
}): ProviderField[] {
  const missing: ProviderField[] = [];
  if (!v.subscriptionPlan) missing.push('subscriptionPlan');
  if (!v.selectedCategory) missing.push('selectedCategory');
  if ((v.selectedTasks ?? []).length === 0) missing.push('selectedTasks');
  if (v.selectedRegion == null) missing.push('selectedRegion');
  return missing;
}
