// Plans, trials, limits and category access (decision record 0003).
import { accessCategoryIds, type AccessCategoryId } from './catalog/categories.ts';
import { categoryOfTask, slugKey } from './catalog/home-repair.ts';
import { addDays, daysUntil, toDate, type DateInput } from './dates.ts';

// ---------------------------------------------------------------------------------------------------------
// Provider plans

export const providerPlanIds = ['free', 'starter', 'deluxe', 'enterprise'] as const;
export type ProviderPlanId = (typeof providerPlanIds)[number];

export interface ProviderPlan {
  id: ProviderPlanId;
  name: string;
  audience: string;
  /** Monthly price in integer cents; null for "contact sales". */
  priceCents: number | null;
  /** Tasks the provider may hold in the chosen category; null = all tasks of the category. */
  taskLimit: number | null;
  /** Customers the provider may message per month; null = no plan limit. */
  customersPerMonth: number | null;
  /** Which of the nine access categories the plan opens. */
  categoryAccess: 'none' | 'selected' | 'all';
  /** Whether a provider can pick the plan themselves (enterprise goes through sales). */
  selfSelectable: boolean;
  mostPopular: boolean;
  features: readonly string[];
}

export const providerPlans: Readonly<Record<ProviderPlanId, ProviderPlan>> = {
  free: {
    id: 'free',
    name: 'Free',
    audience: 'Browsing only',
    priceCents: 0,
    taskLimit: 0,
    customersPerMonth: 0,
    categoryAccess: 'none',
    selfSelectable: false,
    mostPopular: false,
    features: ['No category access'],
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    audience: 'Basic, for specialty contractors',
    priceCents: 9_900,
    taskLimit: 1,
    customersPerMonth: 25,
    categoryAccess: 'selected',
    selfSelectable: true,
    mostPopular: false,
    features: [
      '1 task in 1 project category',
      'Message up to 25 customers per month',
      'Basic listing',
      'Email notifications',
    ],
  },
  deluxe: {
    id: 'deluxe',
    name: 'Deluxe',
    audience: 'For professional contractors',
    priceCents: 50_000,
    taskLimit: null,
    customersPerMonth: 100,
    categoryAccess: 'all',
    selfSelectable: true,
    mostPopular: true,
    features: [
      'All tasks in the chosen category',
      'Message up to 100 customers per month',
      'Featured listing',
      'Priority notifications',
    ],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'For companies with several crews',
    priceCents: null,
    taskLimit: null,
    customersPerMonth: null,
    categoryAccess: 'all',
    selfSelectable: false,
    mostPopular: false,
    features: ['Full access', 'Contact sales for pricing'],
  },
};

const rank: Readonly<Record<ProviderPlanId, number>> = { free: 0, starter: 1, deluxe: 2, enterprise: 3 };

/** A stored plan string as a provider plan; anything unknown is free. */
export function toProviderPlan(plan: string | null | undefined): ProviderPlanId {
  const p = (plan ?? '').toLowerCase();
  return (providerPlanIds as readonly string[]).includes(p) ? (p as ProviderPlanId) : 'free';
}

/** Order of plans: free < starter < deluxe < enterprise. */
export function planRank(plan: string | null | undefined): number {
  return rank[toProviderPlan(plan)];
}

/** Deluxe and above: the featured listing of their bids and priority (live) notifications. */
export function isFeaturedPlan(plan: string | null | undefined): boolean {
  return planRank(plan) >= planRank('deluxe');
}

/** The plan name on the provider dashboard: unknown or free displays as Starter. */
export function providerPlanDisplayName(plan: string | null | undefined): string {
  const p = toProviderPlan(plan);
  return p === 'free' ? providerPlans.starter.name : providerPlans[p].name;
}

// ---------------------------------------------------------------------------------------------------------
// Customer plans

export const customerPlanIds = ['free', 'premium'] as const;
export type CustomerPlanId = (typeof customerPlanIds)[number];

export interface CustomerPlan {
  id: CustomerPlanId;
  name: string;
  priceCents: number;
  trialDays: number;
  /** null = unlimited. */
  estimatesPerMonth: number | null;
  savedEstimates: number | null;
  postedPerMonth: number | null;
  picturesPerEstimate: number;
  messaging: 'basic' | 'priority';
  mostPopular: boolean;
}

export const customerPlans: Readonly<Record<CustomerPlanId, CustomerPlan>> = {
  free: {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    trialDays: 0,
    estimatesPerMonth: 10,
    savedEstimates: 5,
    postedPerMonth: 1,
    picturesPerEstimate: 0,
    messaging: 'basic',
    mostPopular: false,
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    priceCents: 1_900,
    trialDays: 7,
    estimatesPerMonth: null,
    savedEstimates: null,
    postedPerMonth: 10,
    picturesPerEstimate: 5,
    messaging: 'priority',
    mostPopular: true,
  },
};

/** A customer's plan at `now`: premium only while paid or within its trial; anything else is free. */
export function effectiveCustomerPlan(
  profile: {
    subscriptionPlan: string | null | undefined;
    trialEndDate?: DateInput;
    subscriptionExpiryDate?: DateInput;
  },
  now: Date,
): CustomerPlanId {
  if (profile.subscriptionPlan !== 'premium') return 'free';
  return subscriptionIsActive(profile, now) ? 'premium' : 'free';
}

/** Whether `used` more of a resource is still allowed under `limit` (null = unlimited). */
export function withinLimit(used: number, limit: number | null): boolean {
  return limit === null || used < limit;
}

/**
 * What the customer subscription page shows under a premium plan: the trial end date
 * while there is no expiry date, "Renews on" once an expiry exists; nothing for a free plan.
 */
export function customerRenewalNote(profile: {
  subscriptionPlan: string | null | undefined;
  trialEndDate?: DateInput;
  subscriptionExpiryDate?: DateInput;
}): { kind: 'trial-ends' | 'renews-on'; date: Date } | null {
  if (profile.subscriptionPlan !== 'premium') return null;
  const expiry = toDate(profile.subscriptionExpiryDate);
  if (expiry) return { kind: 'renews-on', date: expiry };
  const trialEnd = toDate(profile.trialEndDate);
  return trialEnd ? { kind: 'trial-ends', date: trialEnd } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Trials

export const TRIAL_DAYS = 7;
/** The trial banner turns red at this many days remaining or fewer. */
export const TRIAL_WARNING_DAYS = 3;
/** Days until renewal shown when there is no expiry date. */
export const DEFAULT_RENEWAL_DAYS = 30;
/** The upgrade dialog's payment step waits this long before calling the server. */
export const UPGRADE_PROCESSING_MS = 2_000;

export interface SubscriptionState {
  subscriptionPlan: string | null | undefined;
  trialEndDate?: DateInput;
  hasUsedTrial?: boolean | null;
  subscriptionExpiryDate?: DateInput;
}

/** True when the state is a trial (a trial end date and no paid expiry date). */
function onTrial(s: SubscriptionState): Date | null {
  return toDate(s.subscriptionExpiryDate) ? null : toDate(s.trialEndDate);
}

/**
 * A paid plan is active until its subscriptionExpiryDate (exclusive), a trial until its trialEndDate
 * (exclusive); a plan with neither date (set by an admin) stays active. An ended period is no access at once.
 */
export function subscriptionIsActive(s: SubscriptionState, now: Date): boolean {
  const end = toDate(s.subscriptionExpiryDate) ?? onTrial(s);
  return end === null || now.getTime() < end.getTime();
}

/** The plan a provider acts with at `now`: the chosen plan, or free once a trial expired. */
export function effectiveProviderPlan(s: SubscriptionState, now: Date): ProviderPlanId {
  const plan = toProviderPlan(s.subscriptionPlan);
  if (plan === 'free') return 'free';
  return subscriptionIsActive(s, now) ? plan : 'free';
}

/** Whether selecting a plan now starts the free trial: on free and never trialled. */
export function trialEligible(s: SubscriptionState): boolean {
  return toProviderPlan(s.subscriptionPlan) === 'free' && !s.hasUsedTrial;
}

/** The end of a trial started at `now`: 7 calendar days later. */
export function trialEndFrom(now: Date): Date {
  return addDays(now, TRIAL_DAYS);
}

export type PlanSelection =
  | {
      ok: true;
      subscriptionPlan: ProviderPlanId;
      trialStarted: boolean;
      trialEndDate: Date | null;
      hasUsedTrial: boolean;
    }
  | { ok: false; reason: 'contact-sales' | 'not-an-upgrade' };

/**
 * A provider selects a plan. Enterprise is never self-selected (contact sales); current or lower plans are
 * refused. The first selection from free, never trialled, starts a 7-day trial of the chosen plan, once per account.
 */
export function selectProviderPlan(s: SubscriptionState, plan: ProviderPlanId, now: Date): PlanSelection {
  if (!providerPlans[plan].selfSelectable)
    return { ok: false, reason: plan === 'enterprise' ? 'contact-sales' : 'not-an-upgrade' };
  if (rank[plan] <= planRank(s.subscriptionPlan)) return { ok: false, reason: 'not-an-upgrade' };
  if (trialEligible(s)) {
    return {
      ok: true,
      subscriptionPlan: plan,
      trialStarted: true,
      trialEndDate: trialEndFrom(now),
      hasUsedTrial: true,
    };
  }
  return {
    ok: true,
    subscriptionPlan: plan,
    trialStarted: false,
    trialEndDate: onTrial(s),
    hasUsedTrial: Boolean(s.hasUsedTrial),
  };
}

export interface TrialStatus {
  isTrial: boolean;
  expired: boolean;
  daysRemaining: number;
  trialEndDate: Date | null;
  /** Banner colour: red at 3 days or fewer. */
  tone: 'normal' | 'danger';
}

/** The trial banner state: days remaining, expired, red at TRIAL_WARNING_DAYS or fewer. */
export function trialStatus(s: SubscriptionState, now: Date): TrialStatus {
  const end = onTrial(s);
  if (!end) return { isTrial: false, expired: false, daysRemaining: 0, trialEndDate: null, tone: 'normal' };
  const daysRemaining = daysUntil(end, now);
  const expired = now.getTime() >= end.getTime();
  return {
    isTrial: !expired,
    expired,
    daysRemaining,
    trialEndDate: end,
    tone: daysRemaining <= TRIAL_WARNING_DAYS ? 'danger' : 'normal',
  };
}

/** The Days Until Renewal stat card: days to the expiry date, or 30 when there is none. */
export function daysUntilRenewal(subscriptionExpiryDate: DateInput, now: Date): number {
  const expiry = toDate(subscriptionExpiryDate);
  return expiry ? daysUntil(expiry, now) : DEFAULT_RENEWAL_DAYS;
}

// ---------------------------------------------------------------------------------------------------------
// Category access

/** A provider task entry: a category and task the provider works in, possibly locked. */
export interface ProviderTaskEntry {
  category: string;
  task: string;
  isLocked?: boolean | null;
}

export interface ProviderAccessSubject extends SubscriptionState {
  tasks?: readonly ProviderTaskEntry[] | null;
}

export const ACCESS_MESSAGES = {
  'no-permission': 'No permission to message',
  category: 'Not subscribed to this category',
  task: 'Upgrade subscription to access this task',
} as const;
export type AccessDenial = keyof typeof ACCESS_MESSAGES;

export const LOCKED_CATEGORY_TEXT = 'Locked. Upgrade to Deluxe to unlock this category.';

export type AccessResult = { allowed: true } | { allowed: false; reason: AccessDenial; message: string };

const deny = (reason: AccessDenial): AccessResult => ({
  allowed: false,
  reason,
  message: ACCESS_MESSAGES[reason],
});
const ALLOWED: AccessResult = { allowed: true };

/** The access categories a task entry stands for: its own category and the estimate category of its task. */
function entryCategories(entry: ProviderTaskEntry): string[] {
  const own = slugKey(entry.category);
  const ofTask = categoryOfTask(entry.task);
  return ofTask ? [own, ofTask] : [own];
}

/**
 * Whether a provider may reach (see and message about) work in `category` / `task` at `now`.
 * Order of the rules (decision 0003):
 * 1. free plan, unknown plan or expired trial: no access ("No permission to message");
 * 2. enterprise: full access;
 * 3. outside the nine access categories: "Not subscribed to this category";
 * 4. deluxe (or a deluxe trial): all nine categories, with or without task entries;
 * 5. starter (or a starter trial): only its one task (the first entry; any other entry is ignored), so only the
 *    category of that task, and only that task while it is not locked (another task of that category: "Upgrade
 *    subscription to access this task"). Without a task asked about, the category check alone decides (the My
 *    Tasks grid). A starter provider holding no task reaches nothing ("Not subscribed to this category") until it
 *    picks one on /subscription: an empty task list is never a key to every category.
 */
export function canAccess(
  provider: ProviderAccessSubject,
  category: string,
  task: string | null | undefined,
  now: Date,
): AccessResult {
  const plan = effectiveProviderPlan(provider, now);
  if (plan === 'free') return deny('no-permission');
  if (plan === 'enterprise') return ALLOWED;
  const cat = slugKey(category);
  if (!(accessCategoryIds as readonly string[]).includes(cat)) return deny('category');
  if (plan === 'deluxe') return ALLOWED;
  const entries = (provider.tasks ?? []).slice(0, 1);
  const inCategory = entries.filter((e) => entryCategories(e).includes(cat));
  const open = inCategory.filter((e) => !e.isLocked);
  if (open.length === 0) return deny(inCategory.length === 0 ? 'category' : 'task');
  if (task == null || task === '') return ALLOWED;
  const key = slugKey(task);
  return open.some((e) => slugKey(e.task) === key) ? ALLOWED : deny('task');
}

export interface CategoryTile {
  category: AccessCategoryId;
  locked: boolean;
  lockedText: string | null;
}

/** The My Tasks category grid: the nine categories, locked ones with LOCKED_CATEGORY_TEXT. */
export function categoryGrid(provider: ProviderAccessSubject, now: Date): CategoryTile[] {
  return accessCategoryIds.map((category) => {
    const locked = !canAccess(provider, category, null, now).allowed;
    return { category, locked, lockedText: locked ? LOCKED_CATEGORY_TEXT : null };
  });
}

export interface ContactButton {
  label: 'Message' | 'Upgrade Required' | 'No Access';
  disabled: boolean;
  tooltip: string | null;
}

/** The Contact column of /provider/posted-estimates: Message, or a disabled button with the reason. */
export function contactButton(result: AccessResult): ContactButton {
  if (result.allowed) return { label: 'Message', disabled: false, tooltip: null };
  const label = result.reason === 'no-permission' ? 'No Access' : 'Upgrade Required';
  return { label, disabled: true, tooltip: result.message };
}

// ---------------------------------------------------------------------------------------------------------
// Limits, plan buttons, task selection

export interface LimitWarning {
  level: 'approaching' | 'reached' | 'exceeded';
  title: string;
  percent: number;
}

/** The plan-limit banner: from 80 percent of the limit, "Limit reached" at 100, "Limit exceeded" above. */
export function planLimitWarning(used: number, limit: number | null): LimitWarning | null {
  if (limit === null) return null;
  const percent = limit === 0 ? (used > 0 ? Infinity : 100) : Math.round((used / limit) * 100);
  if (used > limit) return { level: 'exceeded', title: 'Limit exceeded', percent };
  if (used === limit) return { level: 'reached', title: 'Limit reached', percent };
  if (used * 100 >= limit * 80) return { level: 'approaching', title: 'Approaching limit', percent };
  return null;
}

export interface PlanButton {
  plan: Exclude<ProviderPlanId, 'free'>;
  /** Whether the button is shown at all (starter is not offered on deluxe). */
  offered: boolean;
  disabled: boolean;
  label: 'Current Plan' | 'Start Free Trial' | 'Upgrade' | 'Contact Sales' | 'Included';
  action: 'select' | 'contact-sales' | 'none';
}

/** Plan picker buttons: current or lower disabled; starter not offered on deluxe; enterprise contact sales. */
export function planButtons(s: SubscriptionState): PlanButton[] {
  const current = toProviderPlan(s.subscriptionPlan);
  const eligible = trialEligible(s);
  return (['starter', 'deluxe', 'enterprise'] as const).map((plan) => {
    const offered = !(plan === 'starter' && current === 'deluxe');
    if (plan === current) return { plan, offered, disabled: true, label: 'Current Plan', action: 'none' };
    if (rank[plan] < rank[current])
      return { plan, offered, disabled: true, label: 'Included', action: 'none' };
    if (plan === 'enterprise')
      return { plan, offered, disabled: false, label: 'Contact Sales', action: 'contact-sales' };
    return {
      plan,
      offered,
      disabled: false,
      label: eligible ? 'Start Free Trial' : 'Upgrade',
      action: 'select',
    };
  });
}

/** Task limit of a plan for selection (starter exactly 1; deluxe and enterprise unlimited). */
export function taskLimitFor(plan: string | null | undefined): number | null {
  return providerPlans[toProviderPlan(plan)].taskLimit;
}

/** Choosing a task: on starter it replaces the previous one; otherwise it toggles. */
export function chooseTask(
  plan: string | null | undefined,
  selected: readonly string[],
  task: string,
): string[] {
  if (taskLimitFor(plan) === 1) return [task];
  return selected.includes(task) ? selected.filter((t) => t !== task) : [...selected, task];
}

/**
 * The tasks a provider keeps on `plan`: starter keeps only the first, every other plan keeps them all. Applied at
 * sign-up and at every change of plan or role (self-service, admin edit, role approval, a plan bought after a
 * trial ended), so a stored starter account never holds more than its one task.
 */
export function tasksForPlan(plan: string | null | undefined, selected: readonly string[]): string[] {
  return taskLimitFor(plan) === 1 ? selected.slice(0, 1) : [...selected];
}

/**
 * Whether the provider must still pick the task its plan gives before any posted work opens: a starter plan in
 * force (paid or on trial) that holds no task. /subscription asks for it and /api/trial/update-tasks takes it.
 */
export function mustChooseTask(s: ProviderAccessSubject, now: Date): boolean {
  return effectiveProviderPlan(s, now) === 'starter' && (s.tasks ?? []).length === 0;
}

// ---------------------------------------------------------------------------------------------------------
// Messaging limit

/** Messaging limit choices; null means unlimited. */
export const messageLimitOptions = [5, 10, 20, null] as const;
export type MessageLimit = (typeof messageLimitOptions)[number];
export const DEFAULT_MESSAGE_LIMIT: MessageLimit = 20;

/** Label of a messaging limit choice. */
export function messageLimitLabel(limit: MessageLimit): string {
  return limit === null ? 'Unlimited' : `${limit} messages`;
}
